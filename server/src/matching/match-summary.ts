import type { LIST_ORDERS } from './match-queries.js';

/**
 * What the matching module hands out about an applicant's stored matches (docs/matching.md),
 * apart from the classes that compute them, so the repository and ApplicantMatches both read
 * these shapes without importing each other.
 */

/**
 * The stored aggregates of the applicant's matches (valid for the day they were computed), as
 * RECOMPUTE_SQL and APPLY_CHANGES_SQL write them. Read through `StudentCounts` (student-counts.ts),
 * which names them as docs/matching.md defines them. Stored summaries written before the
 * Recommendation count became every match may still carry a `recommendation` key: it is ignored.
 */
export interface MatchSummary {
  /** Open scholarships whose every rule the answers meet. */
  eligible: number;
  eligibleValue: number;
  /** Eligible without requirements: the Easy Apply list. */
  easyApply: number;
  /** Eligible with exactly one requirement, by its key (the CV list: `cv`). */
  onlyRequirement: Record<string, number>;
  expiringSoon: number;
  /** Open scholarships no rule rules out, with a rule on an unanswered field. */
  missing: number;
  missingValue: number;
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
