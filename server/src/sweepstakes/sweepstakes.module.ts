import { Module } from '@nestjs/common';
import { SweepstakesController } from './sweepstakes.controller.js';
import { SweepstakesService } from './sweepstakes.service.js';

@Module({ controllers: [SweepstakesController], providers: [SweepstakesService], exports: [SweepstakesService] })
export class SweepstakesModule {}
