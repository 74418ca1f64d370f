import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { SWEEPSTAKES_MESSAGES, type SweepstakesDto } from './dto/sweepstakes.dto.js';

/** The scholarship sweepstakes registered applicants enter (the dashboard's popup). */
@Injectable()
export class SweepstakesService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The sweepstakes running now (the one ending soonest), and whether the caller has entered it. */
  async current(caller: Caller): Promise<SweepstakesDto> {
    const [row] = (await this.db.query(
      `SELECT s.id, s.title, s.description, s.ends_at AS "endsAt",
              EXISTS (SELECT 1 FROM sweepstakes_entries e WHERE e.sweepstakes_id = s.id AND e.user_id = $1) AS applied
         FROM sweepstakes s
        WHERE now() BETWEEN s.starts_at AND s.ends_at
        ORDER BY s.ends_at, s.id
        LIMIT 1`,
      [caller.id],
    )) as SweepstakesDto[];
    if (!row) throw new ApiError(404, 'No sweepstakes is running now.', { errorCode: 'NO_SWEEPSTAKES' });
    return row;
  }

  /**
   * Completing the free registration enters the applicant into the sweepstakes running now, if any
   * (seed 001). Returns whether they are entered. Entering twice is harmless (one entry each).
   */
  async enterOnRegistration(userId: string): Promise<boolean> {
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

  /** Enters the caller once; an applicant who has not completed registration is asked to first. */
  async apply(caller: Caller, sweepstakesId: string): Promise<string> {
    const [row] = (await this.db.query(
      `SELECT now() BETWEEN s.starts_at AND s.ends_at AS running, me.is_profile_update AS registered
         FROM sweepstakes s JOIN users me ON me.id = $2
        WHERE s.id = $1`,
      [sweepstakesId, caller.id],
    )) as { running: boolean; registered: boolean }[];
    if (!row) throw new ApiError(404, 'There is no such sweepstakes.', { errorCode: 'SWEEPSTAKES_NOT_FOUND' });
    if (!row.running) throw new ApiError(409, 'This sweepstakes is not open for entries.', { errorCode: 'SWEEPSTAKES_CLOSED' });
    if (!row.registered) return SWEEPSTAKES_MESSAGES.updateProfile;
    const [entered] = (await this.db.query(
      `WITH entry AS (
         INSERT INTO sweepstakes_entries (sweepstakes_id, user_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1
       ), marked AS (
         UPDATE users SET is_scholarship_applied = true WHERE id = $2 RETURNING 1
       )
       SELECT (SELECT count(*) FROM entry)::int AS n, (SELECT count(*) FROM marked)::int AS marked`,
      [sweepstakesId, caller.id],
    )) as { n: number }[];
    return entered.n ? SWEEPSTAKES_MESSAGES.applied : SWEEPSTAKES_MESSAGES.alreadyApplied;
  }
}
