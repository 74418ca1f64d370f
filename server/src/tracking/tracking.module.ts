import { Global, Module } from '@nestjs/common';
import { ConversionTracker, StoredConversionTracker } from './conversion-tracker.js';

@Global()
@Module({ providers: [{ provide: ConversionTracker, useClass: StoredConversionTracker }], exports: [ConversionTracker] })
export class TrackingModule {}
