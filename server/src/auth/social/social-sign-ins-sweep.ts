import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PeriodicSweep } from '../../jobs/periodic-sweep.js';
import { SocialSignInsRepository } from './social-sign-ins.repository.js';

/** Deletes Google sign-ins started and never finished (they expire after 10 minutes). Hourly, at minute 50 (UTC). */
@Injectable()
export class SocialSignInsSweep extends PeriodicSweep<Buffer> {
  protected readonly name = 'unfinished social sign-ins';
  protected readonly queue = 'sweep-social-sign-ins';
  protected readonly cron = '50 * * * *';
  protected readonly lockId = 7_301_004;
  protected readonly batchSize = 1000;

  constructor(private readonly signIns: SocialSignInsRepository) {
    super();
  }

  protected sweepBatch(manager: EntityManager): Promise<Buffer[]> {
    return this.signIns.deleteExpired(manager, this.batchSize);
  }
}
