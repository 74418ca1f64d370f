import { Module } from '@nestjs/common';
import { GeoController } from './geo.controller.js';
import { VisitorCountryService } from './visitor-country.service.js';

@Module({ controllers: [GeoController], providers: [VisitorCountryService], exports: [VisitorCountryService] })
export class GeoModule {}
