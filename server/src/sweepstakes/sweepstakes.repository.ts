import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { SweepstakesDto } from './dto/sweepstakes.dto.js';

/** Sweepstakes and their entries. "Running" is `now()` between a sweepstakes' start and end. */
@Injectable()
export class SweepstakesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The running sweepstakes ending soonest, with whether the user has entered it. */
  async findRunning(userId: string): Promise<SweepstakesDto | undefined> {
    const [row] = (await this.db.query(
      `SELECT s.id, s.title, s.description, s.ends_at AS "endsAt",
              EXISTS (SELECT 1 FROM sweepstakes_entries e WHERE e.sweepstakes_id = s.id AND e.user_id = $1) AS applied
         FROM sweepstakes s
        WHERE now() BETWEEN s.starts_at AND s.ends_at
        ORDER BY s.ends_at, s.id
        LIMIT 1`,
      [userId],
    )) as SweepstakesDto[];
    return row;
  }

  /**
   * Enters the user into the running sweepstakes ending soonest, if there is one, and marks them
   * as having applied (one entry each); whether one was running.
   */
  async enterRunning(userId: string): Promise<boolean> {
    const [row] = (await this.db.query(
      `WITH running AS (
         SELECT id FROM sweepstakes WHERE now() BETWEEN starts_at AND ends_at ORDER BY ends_at, id LIMIT 1
       ), entry AS (
         INSERT INTO sweepstakes_entries (sweepstakes_id, user_id) SELECT id, $1 FROM running ON CONFLICT DO NOTHING RETURNING 1
       ), marked AS (
         UPDATE users SET is_scholarship_applied = true WHERE id = $1 AND EXISTS (SELECT 1 FROM running) RETURNING 1
       )
       SELECT (SELECT count(*) FROM marked)::int AS entered`,
      [userId],
    )) as { entered: number }[];
    return row.entered > 0;
  }

  /** Whether the sweepstakes is running and the user has completed registration; undefined when there is no such sweepstakes. */
  async findEntryConditions(sweepstakesId: string, userId: string): Promise<{ running: boolean; registered: boolean } | undefined> {
    const [row] = (await this.db.query(
      `SELECT now() BETWEEN s.starts_at AND s.ends_at AS running, me.is_profile_update AS registered
         FROM sweepstakes s JOIN users me ON me.id = $2
        WHERE s.id = $1`,
      [sweepstakesId, userId],
    )) as { running: boolean; registered: boolean }[];
    return row;
  }

  /** Enters the user (once) and marks them as having applied; whether this made a new entry. */
  async enter(sweepstakesId: string, userId: string): Promise<boolean> {
    const [entered] = (await this.db.query(
      `WITH entry AS (
         INSERT INTO sweepstakes_entries (sweepstakes_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1
       ), marked AS (
         UPDATE users SET is_scholarship_applied = true WHERE id = $2 RETURNING 1
       )
       SELECT (SELECT count(*) FROM entry)::int AS n, (SELECT count(*) FROM marked)::int AS marked`,
      [sweepstakesId, userId],
    )) as { n: number }[];
    return entered.n > 0;
  }
}
