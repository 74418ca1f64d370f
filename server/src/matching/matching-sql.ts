import type { EligibilityRule } from '@scholarmatch/schemas';
import { answerFactsSql, answersOfUserSql, eligibleApplicantsSql, eligibleMask, RULE_VERDICT_SQL } from './match-queries.js';

/**
 * The matcher's SQL that other modules' statements embed, because their work must happen in the
 * same statement as the matcher's verdicts (one set-based write). Everything else of the matcher
 * is reached through its services (ApplicantMatches, EligibilityCounts); match-queries.ts stays
 * internal to this folder.
 */

export { answersOfUserSql };

/**
 * The worst verdict of a relation of typed rules (`rules`: `field_key` and the columns of
 * eligibility_rule_bounds) against the answers of the users row `user` on `today` (an SQL date):
 * 0 every rule passes, 1 one lacks an answer, 2 one fails. The review list judges applications
 * with it (review.repository.ts).
 */
export function worstVerdictSql(rules: string, user: string, today: string): string {
  return `coalesce((SELECT max(CASE ${RULE_VERDICT_SQL} WHEN 'fail' THEN 2 WHEN 'missing' THEN 1 ELSE 0 END)
                     FROM ${rules} r LEFT JOIN (${answerFactsSql(answersOfUserSql(user), today)}) AS a ON a.key = r.field_key), 0)`;
}

/**
 * Every applicant the rules make eligible today, as the CTE `eligible (user_id)` that a statement
 * continues (`WITH …, eligible AS (…)` without its end), with its parameters `$1`…`$4`: the
 * caller's own parameters start at `$5`. Rules on more than MAX_COUNTED_FIELDS fields are the
 * caller's to refuse (eligibility-counts.ts).
 */
export function eligibleApplicantsStatement(criteria: readonly EligibilityRule[], today: string): { sql: string; parameters: unknown[] } {
  const fieldKeys = [...new Set(criteria.map((rule) => rule.fieldKey))];
  return {
    sql: eligibleApplicantsSql(fieldKeys.length),
    parameters: [JSON.stringify(criteria), today, fieldKeys, eligibleMask(fieldKeys.length)],
  };
}
