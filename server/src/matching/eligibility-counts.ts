import { Injectable } from '@nestjs/common';
import { todayIso, type EligibilityRule } from '@scholarmatch/schemas';
import { FAIL_BIT } from './match-queries.js';
import { MatchesRepository } from './matches.repository.js';

/** What unsaved rules would do to today's applicants (the eligibility builder's live count). */
export interface EligibilityCount {
  /** Applicants every rule passes for (all of them when there are no rules). */
  eligible: number;
  /** All applicants. */
  total: number;
  /** Per field, applicants no rule fails for whose only non-passing rules are on that field; largest first, none zero. */
  missing: { fieldKey: string; count: number }[];
}

/** The rules' distinct fields the count can tell apart: one bit each below the fail bit. */
export const MAX_COUNTED_FIELDS = FAIL_BIT;

/**
 * Counts the matcher decides for callers other than one applicant. The eligibility builder's live
 * count (docs/matching.md, "The live count"), by the matcher's own SQL over every applicant's
 * typed answers: eligibility_typed_verdict judges each rule once per distinct answer, and one pass
 * over the applicants' answer vectors combines them.
 * Rules are expected checked against the field vocabulary by the caller; a rule on a field that
 * does not exist (any more) counts as unanswered, as in the matcher.
 */
@Injectable()
export class EligibilityCounts {
  constructor(private readonly matches: MatchesRepository) {}

  async count(rules: EligibilityRule[]): Promise<EligibilityCount> {
    const fieldKeys = [...new Set(rules.map((rule) => rule.fieldKey))];
    if (fieldKeys.length > MAX_COUNTED_FIELDS) throw new RangeError(`The live count takes rules on at most ${MAX_COUNTED_FIELDS} fields.`);
    const plain = rules.map(({ fieldKey, operator, value }) => (value === undefined ? { fieldKey, operator } : { fieldKey, operator, value }));
    const groups = await this.matches.applicantsByRuleMask(plain, fieldKeys, todayIso());
    return tally(groups, fieldKeys);
  }

  /**
   * Open scholarships none of whose rules the given answers (by field key) fail, and their
   * combined value: the public teaser's count (a rule on a field not given does not exclude).
   */
  openScholarshipsNotRuledOut(answers: Record<string, unknown>, today: string): Promise<{ counts: number; totalValue: number }> {
    return this.matches.openScholarshipsNotRuledOut(answers, today);
  }
}

/**
 * Reads the per-mask groups: bit i set when every rule on field i passes, the fail bit when any
 * rule fails. Eligible: every field's bit. Missing on field i: no failure and every bit but i.
 */
export function tally(groups: readonly { mask: string; applicants: number }[], fieldKeys: readonly string[]): EligibilityCount {
  const all = (1n << BigInt(fieldKeys.length)) - 1n;
  const fail = 1n << BigInt(FAIL_BIT);
  const missing = new Map<string, number>();
  let eligible = 0;
  let total = 0;
  for (const { mask, applicants } of groups) {
    const bits = BigInt(mask);
    total += applicants;
    if (bits & fail) continue;
    const notPassed = all & ~bits;
    if (notPassed === 0n) eligible += applicants;
    else if ((notPassed & (notPassed - 1n)) === 0n) {
      const key = fieldKeys[notPassed.toString(2).length - 1];
      missing.set(key, (missing.get(key) ?? 0) + applicants);
    }
  }
  return {
    eligible,
    total,
    missing: [...missing].map(([fieldKey, count]) => ({ fieldKey, count })).sort((a, b) => b.count - a.count || a.fieldKey.localeCompare(b.fieldKey)),
  };
}
