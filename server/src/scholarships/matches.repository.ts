import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { preparedQuery } from '../database/prepared-query.js';
import { deletedRows } from '../jobs/periodic-sweep.js';
import type { MatchSummary } from './applicant-matches.js';
import { FRESHNESS_SQL, LIST_ORDERS, listPageSql, RECOMPUTE_SQL, STATS_SQL, withFreshnessSql } from './match-queries.js';
import type { CardRow } from './scholarship-card.js';

/** The applicant's stored matches as last computed: `fresh` is null when they were never computed. */
export interface MatchState {
  fresh: boolean | null;
  summary: MatchSummary | null;
}

/** One page of an applicant's list: the filters, order and window of MATCH_FILTER and listPageSql. */
export interface MatchListPage {
  userId: string;
  withoutRequirement: boolean | null;
  requirementKey: string | null;
  orderBy: keyof typeof LIST_ORDERS;
  order: 'ASC' | 'DESC';
  offset: number;
  limit: number;
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

  /** Waits for any other recomputation of this applicant's matches, until the transaction ends. */
  async lockApplicant(tx: EntityManager, userId: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 5))`, [userId]);
  }

  /** Replaces the applicant's matches with today's and returns the day's aggregates. */
  async recompute(tx: EntityManager, userId: string, today: string): Promise<MatchSummary> {
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

  /** Deletes up to `limit` applicants' match states last computed more than `days` ago (their matches follow); their ids. */
  async deleteStaleStates(tx: EntityManager, days: number, limit: number): Promise<string[]> {
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
