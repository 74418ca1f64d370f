import { Statement } from '../database/statement.js';
import { ANSWER_CHANGES_SQL } from './answer-change-queries.js';
import type { CardRow } from '../scholarships/scholarship-card.js';
import { APPLY_CHANGES_SQL, eligibilityCountSql, FRESHNESS_SQL, LIST_ORDERS, listPageSql, RECOMPUTE_SQL, STATS_SQL, withFreshnessSql } from './match-queries.js';
import type { MatchListPage, MatchSummary } from './match-summary.js';

/**
 * The matcher's statements with their row and parameter types (docs/architecture.md, "Data
 * access"); their text stays in match-queries.ts, which the benchmark's EXPLAIN loads. Each is
 * made once, so a hot read costs no string building or hashing per request.
 */

/** The stored summary as the freshness check reads it (`summary` is the state's jsonb). */
export interface FreshnessRow {
  fresh: boolean | null;
  summary: MatchSummary | null;
}

/** Today's aggregates as a recomputation writes them into `applicant_match_state.summary`. */
export interface RecomputedRow {
  summary: MatchSummary;
}

type Today = string;
type UserId = string;

/** `$1` user, `$2` today. */
export const FRESHNESS = new Statement<FreshnessRow, [UserId, Today]>(FRESHNESS_SQL);

/** `$1` user, `$2` today: writes the applicant's matches, answers the day's summary. */
export const RECOMPUTE = new Statement<RecomputedRow, [UserId, Today]>(RECOMPUTE_SQL);

/** `$1` user, `$2` today, `$3` the most changed fields: applies a profile save incrementally; no row when it cannot. */
export const ANSWER_CHANGES = new Statement<RecomputedRow, [UserId, Today, number]>(ANSWER_CHANGES_SQL);

/** `$1` the answers by field key (JSON), `$2` today; `total_value` is a bigint, as text. */
export const STATS = new Statement<{ counts: number; total_value: string }, [string, Today]>(STATS_SQL);

/** `$1` today, `$2` the catalogue's version, `$3` the applied version, `$4` the recompute version. */
export const APPLY_CHANGES = new Statement<{ targets: number; edited: number; resent: number }, [Today, number, number, number]>(APPLY_CHANGES_SQL);

/** `$1`…`$5` of listPageSql: MATCH_FILTER's three, then offset and limit. */
export type ListParameters = [UserId, boolean | null, string | null, number, number];

export type ListOrder = Pick<MatchListPage, 'orderBy' | 'order'>;

function orderKey(page: ListOrder): string {
  return `${page.orderBy} ${page.order}`;
}

const listPages = new Map<string, Statement<CardRow, ListParameters>>();
const freshListPages = new Map<string, Statement<CardRow & { fresh: boolean | null }, [...ListParameters, Today]>>();

/** One page of the list in the page's order. */
export function listPage(page: ListOrder): Statement<CardRow, ListParameters> {
  const key = orderKey(page);
  let statement = listPages.get(key);
  if (!statement) listPages.set(key, (statement = new Statement(listPageSql(LIST_ORDERS[page.orderBy](page.order)))));
  return statement;
}

/** The same page with the freshness check (`$6` today); an empty page is one row of nulls. */
export function freshListPage(page: ListOrder): Statement<CardRow & { fresh: boolean | null }, [...ListParameters, Today]> {
  const key = orderKey(page);
  let statement = freshListPages.get(key);
  if (!statement) freshListPages.set(key, (statement = new Statement(withFreshnessSql(listPageSql(LIST_ORDERS[page.orderBy](page.order)), '$6'))));
  return statement;
}

const countsByFieldCount = new Map<number, Statement<{ mask: string; applicants: number }, [string, Today, readonly string[]]>>();

/** `$1` the rules (JSON), `$2` today, `$3` their distinct field keys: applicants by rule mask (a bigint as text). */
export function applicantsByMask(fieldCount: number): Statement<{ mask: string; applicants: number }, [string, Today, readonly string[]]> {
  let statement = countsByFieldCount.get(fieldCount);
  if (!statement) countsByFieldCount.set(fieldCount, (statement = new Statement(eligibilityCountSql(fieldCount))));
  return statement;
}
