import type { MatchSummary } from '../matching/match-summary.js';

/**
 * The numbers a student is shown, each defined once (docs/matching.md, "The counts"). They come
 * from one read of the applicant's stored matches (`EligibleScholarshipsService.counts`), which
 * every endpoint quoting one of them calls, so the dashboard, its popup, the profile header and
 * the lists' counts answer from the same snapshot.
 */
export interface StudentCounts {
  /**
   * Recommendations: open scholarships (published, deadline not passed) whose every rule the
   * profile meets; applying to one does not remove it. The original "Your Recommendation" and
   * "Eligible for N scholarships", and the Your Recommendation list's length.
   */
  recommendations: number;
  /** Their combined value, whole USD (Scholarship Amount). */
  recommendationsValue: number;
  /** Recommendations that ask for nothing beyond the profile (the Easy Apply list). */
  easyApply: number;
  /** Recommendations whose single requirement has this key (`cv`: Apply With CV Data Only). */
  onlyRequirement: Record<string, number>;
  /** Recommendations whose deadline is within 14 days (Expiring Soon). */
  expiringSoon: number;
  /** Could unlock: open scholarships no rule rules out, at least one of whose rules asks what the profile leaves unanswered. */
  couldUnlock: number;
  couldUnlockValue: number;
}

/** A list's filters, as the list endpoint and its count take them. */
export interface ListFilter {
  withoutRequirement?: boolean;
  requirementFields?: string;
}

export function studentCountsOf(summary: MatchSummary): StudentCounts {
  return {
    recommendations: summary.eligible,
    recommendationsValue: Number(summary.eligibleValue),
    easyApply: summary.easyApply,
    onlyRequirement: summary.onlyRequirement,
    expiringSoon: summary.expiringSoon,
    couldUnlock: summary.missing,
    couldUnlockValue: Number(summary.missingValue),
  };
}

/**
 * How many scholarships a list holds: the counterpart of the lists' SQL filter (MATCH_FILTER in
 * match-queries.ts), read from the aggregates. `withoutRequirement` true is Easy Apply; false or
 * absent, every recommendation; a named requirement, those whose only requirement it is (never
 * together with "no requirement").
 */
export function listCount(counts: StudentCounts, { withoutRequirement, requirementFields }: ListFilter): number {
  if (requirementFields !== undefined) {
    // Own keys only: the key comes from the query string, and `constructor` or `toString` would
    // otherwise read Object.prototype (a function, which the answer then lost).
    return withoutRequirement || !Object.hasOwn(counts.onlyRequirement, requirementFields) ? 0 : counts.onlyRequirement[requirementFields];
  }
  return withoutRequirement ? counts.easyApply : counts.recommendations;
}
