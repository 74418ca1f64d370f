import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { preparedQuery } from '../database/prepared-query.js';
import { deletedRows } from '../jobs/periodic-sweep.js';
import type { CardRow } from '../scholarships/scholarship-card.js';
import { APPLY_CHANGES_SQL, eligibilityCountSql, FRESHNESS_SQL, LIST_ORDERS, listPageSql, RECOMPUTE_SQL, STATS_SQL, withFreshnessSql } from './match-queries.js';
import type { MatchListPage, MatchSummary } from './match-summary.js';

/**
 * The advisory lock between the job that applies scholarship changes to stored matches (exclusive)
 * and everything else that writes them (shared): a recomputation, the stale-matches sweep. While
 * the job runs no state is recomputed, so every state it did not edit is, when it ends, either
 * current at its version or stale for another reason (docs/matching.md, "When the catalogue changes").
 */
export const MATCH_CHANGES_LOCK = 7_301_010;

/** What one run of the change job did. */
export interface AppliedChanges {
  /** The catalogue version every current state now reflects. */
  version: number;
  /** States that were behind, states whose stored matches changed, states sent to recompute. */
  targets: number;
  edited: number;
  resent: number;
}

/** The applicant's stored matches as last computed: `fresh` is null when they were never computed. */
export interface MatchState {
  fresh: boolean | null;
  summary: MatchSummary | null;
}

/**
 * The matcher's statements (match-queries.ts holds their text, which the benchmark's EXPLAIN also
 * loads): the stored matches of each applicant, their freshness, the public teaser's counts and
 * the sweep of stale matches. The reads served on every list call run as prepared statements.
 */
@Injectable()
export class MatchesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Whether the applicant's matches are current today (prepared); undefined when there is no such user. */
  async stateOf(userId: string, today: string): Promise<MatchState | undefined> {
    const [row] = await preparedQuery<MatchState>(this.db, FRESHNESS_SQL, [userId, today]);
    return row;
  }

  /** The same check inside a recomputation's transaction. */
  async stateIn(tx: EntityManager, userId: string, today: string): Promise<MatchState | undefined> {
    const [row] = (await tx.query(FRESHNESS_SQL, [userId, today])) as MatchState[];
    return row;
  }

  /**
   * Waits for any other recomputation of this applicant's matches, and for a running change job,
   * until the transaction ends (the job waits for this one in turn).
   */
  async lockApplicant(tx: EntityManager, userId: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 5)), pg_advisory_xact_lock_shared($2)`, [userId, MATCH_CHANGES_LOCK]);
  }

  /**
   * Brings every current stored state up to the catalogue's version (APPLY_CHANGES_SQL), in one
   * transaction under the exclusive lock: a second run waits, then finds nothing to do; a run that
   * dies changes nothing. Then notes the progress and forgets the changes it has applied.
   */
  async applyCatalogueChanges(today: string): Promise<AppliedChanges> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock($1)`, [MATCH_CHANGES_LOCK]);
      // Its estimates (rows of CTEs over JSON) are guesses that can pass JIT's threshold: compiling costs more than running.
      // Its aggregates over every stored state hash in memory rather than sort on disk.
      await tx.query(`SET LOCAL jit = off`);
      await tx.query(`SET LOCAL work_mem = '64MB'`);
      const [position] = (await tx.query(
        `SELECT c.version::int, c.recompute_version::int AS recompute, p.applied_version::int AS applied FROM match_catalogue c, match_progress p`,
      )) as { version: number; recompute: number; applied: number }[];
      if (position.applied >= position.version) return { version: position.version, targets: 0, edited: 0, resent: 0 };
      const [done] = (await tx.query(APPLY_CHANGES_SQL, [today, position.version, position.applied, position.recompute])) as Omit<AppliedChanges, 'version'>[];
      await tx.query(`UPDATE match_progress SET applied_version = $1`, [position.version]);
      await tx.query(`DELETE FROM match_changes WHERE version <= $1`, [position.version]);
      return { version: position.version, ...done };
    });
  }

  /**
   * Replaces the applicant's matches with today's and returns the day's aggregates. Its grouping of
   * every rule by scholarship (290,000 rows at the bench's scale) sorted on disk with the default 4 MB
   * of work memory, and its estimate crossed JIT's threshold: 16 MB and no JIT took a recomputation
   * from about 440 to 240 ms (docs/performance.md).
   */
  async recompute(tx: EntityManager, userId: string, today: string): Promise<MatchSummary> {
    await tx.query(`SET LOCAL work_mem = '16MB'`);
    await tx.query(`SET LOCAL jit = off`);
    await tx.query(`DELETE FROM applicant_matches WHERE user_id = $1`, [userId]);
    const [row] = (await tx.query(RECOMPUTE_SQL, [userId, today])) as { summary: MatchSummary }[];
    return row.summary;
  }

  /**
   * The page's cards, read in the same statement as the freshness check (prepared): one round
   * trip when the matches are current; null when they are not (recompute, then `listPage`).
   */
  async listPageIfFresh(page: MatchListPage, today: string): Promise<CardRow[] | null> {
    const parameters = listParameters(page);
    const sql = withFreshnessSql(listPageSql(orderOf(page)), `$${parameters.length + 1}`);
    const rows = await preparedQuery<CardRow & { fresh: boolean | null }>(this.db, sql, [...parameters, today]);
    if (rows[0]?.fresh !== true) return null;
    // An empty page comes back as one row of nulls.
    return rows.filter((row) => row.id !== null);
  }

  /** The page's cards from the stored matches as they are. */
  async listPage(page: MatchListPage): Promise<CardRow[]> {
    return (await this.db.query(listPageSql(orderOf(page)), listParameters(page))) as CardRow[];
  }

  /** Open scholarships none of whose rules the given answers (by field key) fail, and their combined value. */
  async openScholarshipsNotRuledOut(answers: Record<string, unknown>, today: string): Promise<{ counts: number; totalValue: number }> {
    const [row] = (await this.db.query(STATS_SQL, [JSON.stringify(answers), today])) as { counts: number; total_value: string }[];
    return { counts: row.counts, totalValue: Number(row.total_value) };
  }

  /**
   * Applicants grouped by what the rules say about their answers (eligibilityCountSql): each
   * `mask` (a bigint as text) with how many applicants have it. `fieldKeys` are the rules'
   * distinct fields, field i being bit i. Without JIT: its estimate of a pass over every applicant
   * crosses JIT's threshold, and compiling took longer (about 130 ms) than running (30–50 ms).
   */
  async applicantsByRuleMask(rules: readonly object[], fieldKeys: readonly string[], today: string): Promise<{ mask: string; applicants: number }[]> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SET LOCAL jit = off`);
      return (await tx.query(eligibilityCountSql(fieldKeys.length), [JSON.stringify(rules), today, fieldKeys])) as { mask: string; applicants: number }[];
    });
  }

  /** Deletes up to `limit` applicants' match states last computed more than `days` ago (their matches follow); their ids. */
  async deleteStaleStates(tx: EntityManager, days: number, limit: number): Promise<string[]> {
    await tx.query(`SELECT pg_advisory_xact_lock_shared($1)`, [MATCH_CHANGES_LOCK]);
    const result = await tx.query(
      `DELETE FROM applicant_match_state
        WHERE user_id IN (SELECT user_id FROM applicant_match_state WHERE computed_at < now() - make_interval(days => $1) LIMIT $2)
        RETURNING user_id`,
      [days, limit],
    );
    return deletedRows<{ user_id: string }>(result).map((row) => row.user_id);
  }
}

function orderOf(page: MatchListPage): string {
  return LIST_ORDERS[page.orderBy](page.order);
}

/** `$1`…`$5` of listPageSql: MATCH_FILTER's three, then offset and limit. */
function listParameters(page: MatchListPage): unknown[] {
  return [page.userId, page.withoutRequirement, page.requirementKey, page.offset, page.limit];
}
