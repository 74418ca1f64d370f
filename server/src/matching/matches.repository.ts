import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import { kyselyIn } from '../database/kysely.js';
import type { CardRow } from '../scholarships/scholarship-card.js';
import { MAX_CHANGED_FIELDS } from './answer-change-queries.js';
import { ANSWER_CHANGES, APPLY_CHANGES, applicantsByMask, FRESHNESS, freshListPage, listPage, RECOMPUTE, STATS, type ListParameters } from './match-statements.js';
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
    const [row] = await FRESHNESS.prepared(this.db, [userId, today]);
    return row;
  }

  /** The same check inside a recomputation's transaction. */
  async stateIn(tx: EntityManager, userId: string, today: string): Promise<MatchState | undefined> {
    const [row] = await FRESHNESS.rows(tx, [userId, today]);
    return row;
  }

  /**
   * Waits for any other recomputation of this applicant's matches, and for a running change job,
   * until the transaction ends (the job waits for this one in turn).
   */
  async lockApplicant(tx: EntityManager, userId: string): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended(${userId}, 5)), pg_advisory_xact_lock_shared(${MATCH_CHANGES_LOCK})`.execute(kyselyIn(tx));
  }

  /**
   * Brings every current stored state up to the catalogue's version (APPLY_CHANGES_SQL), in one
   * transaction under the exclusive lock: a second run waits, then finds nothing to do; a run that
   * dies changes nothing. Then notes the progress and forgets the changes it has applied.
   */
  async applyCatalogueChanges(today: string): Promise<AppliedChanges> {
    return this.db.transaction(async (tx) => {
      const db = kyselyIn(tx);
      await sql`SELECT pg_advisory_xact_lock(${MATCH_CHANGES_LOCK})`.execute(db);
      // Its estimates (rows of CTEs over JSON) are guesses that can pass JIT's threshold: compiling costs more than running.
      // Its aggregates over every stored state hash in memory rather than sort on disk.
      await sql`SET LOCAL jit = off`.execute(db);
      await sql`SET LOCAL work_mem = '64MB'`.execute(db);
      const position = await db
        .selectFrom(['match_catalogue as c', 'match_progress as p'])
        .select((eb) => [
          eb.cast<number>('c.version', 'integer').as('version'),
          eb.cast<number>('c.recompute_version', 'integer').as('recompute'),
          eb.cast<number>('p.applied_version', 'integer').as('applied'),
        ])
        .executeTakeFirstOrThrow();
      if (position.applied >= position.version) return { version: position.version, targets: 0, edited: 0, resent: 0 };
      const [done] = await APPLY_CHANGES.rows(tx, [today, position.version, position.applied, position.recompute]);
      await db.updateTable('match_progress').set({ applied_version: position.version }).execute();
      await db.deleteFrom('match_changes').where('version', '<=', String(position.version)).execute();
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
    const db = kyselyIn(tx);
    await sql`SET LOCAL work_mem = '16MB'`.execute(db);
    await sql`SET LOCAL jit = off`.execute(db);
    await db.deleteFrom('applicant_matches').where('user_id', '=', userId).execute();
    const [row] = await RECOMPUTE.rows(tx, [userId, today]);
    return row.summary;
  }

  /**
   * Applies a profile save to the applicant's stored matches by judging only the scholarships with
   * a rule on a changed field (ANSWER_CHANGES_SQL), and returns the day's aggregates; undefined
   * when it cannot (no stored vector, another day, a catalogue the state does not reflect, too many
   * changed fields): then `recompute`. Inside the transaction that holds `lockApplicant`.
   */
  async applyAnswerChanges(tx: EntityManager, userId: string, today: string): Promise<MatchSummary | undefined> {
    const db = kyselyIn(tx);
    // Its estimates over the changed fields' rules can pass JIT's threshold, as a recomputation's do.
    // Nested loops: the planner, unsure how many rules a changed field has, chose to rescan the
    // answers' facts once per rule and to walk the whole rule index (about 10 s under load at the
    // bench's scale against 1 s with hash joins, docs/performance.md). The grouping hashes in memory.
    await sql`SET LOCAL jit = off`.execute(db);
    await sql`SET LOCAL work_mem = '64MB'`.execute(db);
    await sql`SET LOCAL enable_nestloop = off`.execute(db);
    const [row] = await ANSWER_CHANGES.rows(tx, [userId, today, MAX_CHANGED_FIELDS]);
    await sql`SET LOCAL enable_nestloop = on`.execute(db);
    return row?.summary;
  }

  /**
   * The page's cards, read in the same statement as the freshness check (prepared): one round
   * trip when the matches are current; null when they are not (recompute, then `listPage`).
   */
  async listPageIfFresh(page: MatchListPage, today: string): Promise<CardRow[] | null> {
    const rows = await freshListPage(page).prepared(this.db, [...listParameters(page), today]);
    if (rows[0]?.fresh !== true) return null;
    // An empty page comes back as one row of nulls.
    return rows.filter((row) => row.id !== null);
  }

  /** The page's cards from the stored matches as they are. */
  async listPage(page: MatchListPage): Promise<CardRow[]> {
    return listPage(page).rows(this.db, listParameters(page));
  }

  /** Open scholarships none of whose rules the given answers (by field key) fail, and their combined value. */
  async openScholarshipsNotRuledOut(answers: Record<string, unknown>, today: string): Promise<{ counts: number; totalValue: number }> {
    const [row] = await STATS.rows(this.db, [JSON.stringify(answers), today]);
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
      await sql`SET LOCAL jit = off`.execute(kyselyIn(tx));
      return applicantsByMask(fieldKeys.length).rows(tx, [JSON.stringify(rules), today, fieldKeys]);
    });
  }

  /** Deletes up to `limit` applicants' match states last computed more than `days` ago (their matches follow); their ids. */
  async deleteStaleStates(tx: EntityManager, days: number, limit: number): Promise<string[]> {
    const db = kyselyIn(tx);
    await sql`SELECT pg_advisory_xact_lock_shared(${MATCH_CHANGES_LOCK})`.execute(db);
    const rows = await db
      .deleteFrom('applicant_match_state')
      .where('user_id', 'in', (eb) =>
        eb
          .selectFrom('applicant_match_state')
          .select('user_id')
          .where('computed_at', '<', sql<Date>`now() - make_interval(days => ${days})`)
          .limit(limit),
      )
      .returning('user_id')
      .execute();
    return rows.map((row) => row.user_id);
  }
}

/** `$1`…`$5` of listPageSql: MATCH_FILTER's three, then offset and limit. */
function listParameters(page: MatchListPage): ListParameters {
  return [page.userId, page.withoutRequirement, page.requirementKey, page.offset, page.limit];
}
