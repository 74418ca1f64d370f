import { Module } from '@nestjs/common';
import { SweepstakesController } from './sweepstakes.controller.js';
import { SweepstakesRepository } from './sweepstakes.repository.js';
import { SweepstakesService } from './sweepstakes.service.js';

@Module({ controllers: [SweepstakesController], providers: [SweepstakesRepository, SweepstakesService], exports: [SweepstakesService] })
export class SweepstakesModule {}
