import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PeriodicSweep } from '../jobs/periodic-sweep.js';
import { RateLimitCountersRepository } from './rate-limit-counters.repository.js';

/** Deletes the rate-limit counters of windows long over (docs/security.md, "Rate limits"). Hourly, at minute 25 (UTC). */
@Injectable()
export class RateLimitCountersSweep extends PeriodicSweep<string> {
  protected readonly name = 'expired rate-limit counters';
  protected readonly queue = 'sweep-rate-limit-counters';
  protected readonly cron = '25 * * * *';
  protected readonly lockId = 7_301_005;
  protected readonly batchSize = 5000;

  constructor(private readonly counters: RateLimitCountersRepository) {
    super();
  }

  protected sweepBatch(manager: EntityManager): Promise<string[]> {
    return this.counters.deleteExpired(manager, this.batchSize);
  }
}
