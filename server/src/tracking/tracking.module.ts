import { Global, Module } from '@nestjs/common';
import { ConversionTracker, StoredConversionTracker } from './conversion-tracker.js';
import { ConversionsRepository } from './conversions.repository.js';

@Global()
@Module({ providers: [ConversionsRepository, { provide: ConversionTracker, useClass: StoredConversionTracker }], exports: [ConversionTracker] })
export class TrackingModule {}
