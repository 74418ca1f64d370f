import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { deletedRows, PeriodicSweep } from '../jobs/periodic-sweep.js';

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
  protected readonly schedule = { everyMs: 60 * 60_000, firstAfterMs: 10 * 60_000 };
  protected readonly lockId = 7_301_002;
  protected readonly batchSize = 200;

  constructor(@InjectDataSource() db: DataSource) {
    super(db);
  }

  protected async sweepBatch(manager: EntityManager): Promise<string[]> {
    const result = await manager.query(
      `DELETE FROM applicant_match_state
        WHERE user_id IN (SELECT user_id FROM applicant_match_state WHERE computed_at < now() - make_interval(days => $1) LIMIT $2)
        RETURNING user_id`,
      [STALE_MATCH_DAYS, this.batchSize],
    );
    return deletedRows<{ user_id: string }>(result).map((row) => row.user_id);
  }
}
