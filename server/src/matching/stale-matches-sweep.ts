import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PeriodicSweep } from '../jobs/periodic-sweep.js';
import { MatchesRepository } from './matches.repository.js';

/** An applicant whose matches were last computed this long ago has stopped using the lists. */
export const STALE_MATCH_DAYS = 14;

/**
 * Drops the stored matches of applicants who have not used their lists for two weeks: thousands
 * of rows each that nobody reads. Their state row goes, and its trigger takes their
 * `applicant_matches` with it; their next list call recomputes them (docs/matching.md). An active
 * applicant's state is recomputed at least daily (the day is part of it), so `computed_at` says
 * when they last came. Hourly, 200 applicants per batch (each may own thousands of rows).
 */
@Injectable()
export class StaleMatchesSweep extends PeriodicSweep<string> {
  protected readonly name = 'stale matches';
  protected readonly queue = 'sweep-stale-matches';
  /** Hourly, at minute 15 (UTC), away from the uploads sweep. */
  protected readonly cron = '15 * * * *';
  protected readonly lockId = 7_301_002;
  protected readonly batchSize = 200;

  constructor(private readonly matches: MatchesRepository) {
    super();
  }

  protected sweepBatch(manager: EntityManager): Promise<string[]> {
    return this.matches.deleteStaleStates(manager, STALE_MATCH_DAYS, this.batchSize);
  }
}
