import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PeriodicSweep } from '../jobs/periodic-sweep.js';
import { KEY_LIFETIME_HOURS } from './idempotency.interceptor.js';
import { IdempotencyKeysRepository } from './idempotency-keys.repository.js';

/** Deletes idempotency keys past their day (docs/api.md, "Idempotent requests"). Hourly, at minute 35 (UTC). */
@Injectable()
export class IdempotencyKeysSweep extends PeriodicSweep<string> {
  protected readonly name = 'expired idempotency keys';
  protected readonly queue = 'sweep-idempotency-keys';
  protected readonly cron = '35 * * * *';
  protected readonly lockId = 7_301_006;
  protected readonly batchSize = 5000;

  constructor(private readonly keys: IdempotencyKeysRepository) {
    super();
  }

  protected sweepBatch(manager: EntityManager): Promise<string[]> {
    return this.keys.deleteExpired(manager, KEY_LIFETIME_HOURS, this.batchSize);
  }
}
