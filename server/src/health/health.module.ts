import { Module } from '@nestjs/common';
import { UploadsModule } from '../uploads/uploads.module.js';
import { HealthController } from './health.controller.js';
import { HealthRepository } from './health.repository.js';
import { HealthService } from './health.service.js';
import { Readiness } from './readiness.js';
import { ReadinessRepository } from './readiness.repository.js';

/** `health` (unchanged), `health/live` and `health/ready`; exports Readiness for the request gate (readiness-gate.ts). */
@Module({
  imports: [UploadsModule],
  controllers: [HealthController],
  providers: [HealthRepository, HealthService, ReadinessRepository, Readiness],
  exports: [Readiness],
})
export class HealthModule {}
