import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { todayIso } from '@scholarmatch/schemas';
import type { DataSource, EntityManager } from 'typeorm';
import { notSignedIn } from '../auth/access-tokens.js';
import { preparedQuery } from '../database/prepared-query.js';
import { FRESHNESS_SQL, RECOMPUTE_SQL, withFreshnessSql } from './match-queries.js';

/** What the dashboard needs, aggregated when the matches are computed (valid for that day). */
export interface MatchSummary {
  eligible: number;
  eligibleValue: number;
  /** Eligible with requirements: the Recommendation list. */
  recommendation: number;
  /** Eligible without requirements: the Easy Apply list. */
  easyApply: number;
  /** Eligible with exactly one requirement, by its key (the CV list: `cv`). */
  onlyRequirement: Record<string, number>;
  expiringSoon: number;
  missing: number;
  missingValue: number;
}

/**
 * The applicant's stored matches (docs/matching.md): computed once per change instead of per
 * request. A request first checks that they were computed from the applicant's current answers,
 * the current catalogue and today's date (one indexed row); if not, it recomputes them (about 0.4 s
 * at 100,000 scholarships, docs/matching.md) before answering, so a profile save shows in the
 * very next list call.
 */
@Injectable()
export class ApplicantMatches {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Brings the applicant's matches up to date and returns the day's aggregates. */
  async current(userId: string): Promise<MatchSummary> {
    const today = todayIso();
    const [row] = await preparedQuery<{ fresh: boolean | null; summary: MatchSummary | null }>(this.db, FRESHNESS_SQL, [userId, today]);
    if (!row) throw notSignedIn();
    if (row.fresh === true) return row.summary as MatchSummary;
    return this.db.transaction(async (manager) => {
      // One recomputation per applicant at a time; whoever waited finds it done.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 5))`, [userId]);
      const again = await this.state(manager, userId, today);
      if (again.fresh) return again.summary;
      await manager.query(`DELETE FROM applicant_matches WHERE user_id = $1`, [userId]);
      const [row] = (await manager.query(RECOMPUTE_SQL, [userId, today])) as { summary: MatchSummary }[];
      return row.summary;
    });
  }

  /**
   * Rows of `read` (a query of the stored matches, `$1` the user) from up-to-date matches, checked
   * in the same statement: one round trip when they are fresh; recomputed, then read again, when not.
   * `key` is a column that is never null in a real row (an empty read comes back as one row of nulls).
   */
  async read<Row extends Record<string, unknown>>(userId: string, read: string, parameters: unknown[], key: keyof Row): Promise<Row[]> {
    const rows = await preparedQuery<Row & { fresh: boolean | null }>(this.db, withFreshnessSql(read, `$${parameters.length + 1}`), [...parameters, todayIso()]);
    if (rows[0]?.fresh !== true) {
      await this.current(userId);
      return (await this.db.query(read, parameters)) as Row[];
    }
    return rows.filter((row) => row[key] !== null);
  }

  private async state(manager: EntityManager, userId: string, today: string): Promise<{ fresh: boolean; summary: MatchSummary }> {
    const [row] = (await manager.query(FRESHNESS_SQL, [userId, today])) as { fresh: boolean | null; summary: MatchSummary | null }[];
    if (!row) throw notSignedIn();
    return { fresh: row.fresh === true, summary: row.summary as MatchSummary };
  }
}
