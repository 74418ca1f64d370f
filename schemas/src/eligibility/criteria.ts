import { ANSWER_POLICIES, isAnswered, type Comparable, type CriterionOperator } from '../answers/answer-policy.js';
import { ageFromDateOfBirth } from '../domain/people.js';
import type { FieldDefinition, FieldType } from '../vocabulary.js';

/**
 * Eligibility criteria as data (docs/matching.md): a scholarship's rules
 * `{ fieldKey, operator, value }` over the applicant's profile answers. This is the pure evaluator,
 * used to explain a match ("you match because…", "add your GPA to unlock…"); the server's SQL
 * evaluator for lists and counts must give the same verdicts (a property test compares them).
 */
export interface EligibilityRule {
  /** Given when the rule is stored: the provider API addresses one rule by it (docs/providers.md). */
  id?: string;
  fieldKey: string;
  operator: CriterionOperator;
  /** eq/neq: one value; in/nin: a list; gte/lte: a bound; between/ageBetween: [min, max]; exists: none. */
  value?: unknown;
}

/** What one rule says about one applicant. */
export type RuleVerdict = 'pass' | 'fail' | 'missing';

/** The three outcomes (docs/matching.md): lists and counts use `eligible`; `missing` powers "unlock N more". */
export type EligibilityOutcome = 'eligible' | 'missing' | 'ineligible';

/** The operators a data type's answers support (answers/answer-policy.ts): what a rule on it may use. */
export function operatorsOf(dataType: FieldType): readonly CriterionOperator[] {
  return ANSWER_POLICIES[dataType].eligibility.operators;
}

function asList(value: unknown): string[] {
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

/**
 * Ordering by the type's kind, never by JavaScript's loose comparison: numbers (and grades) as
 * numbers, dates as 'YYYY-MM(-DD)' text. The SQL evaluator must order the same way.
 */
function ordered(comparable: Comparable, answer: unknown, bound: unknown): [number, number] | [string, string] {
  return comparable === 'number' ? [Number(answer), Number(bound)] : [String(answer), String(bound)];
}

function atLeast(comparable: Comparable, answer: unknown, bound: unknown): boolean {
  const [a, b] = ordered(comparable, answer, bound);
  return a >= b;
}

function atMost(comparable: Comparable, answer: unknown, bound: unknown): boolean {
  const [a, b] = ordered(comparable, answer, bound);
  return a <= b;
}

function inRange(answer: number | string, [min, max]: [unknown, unknown]): boolean {
  return answer >= (min as number | string) && answer <= (max as number | string);
}

/** One rule against one answer, `today` fixing the age rule. Unanswered fields are `missing`, never `fail`. */
export function evaluateRule(rule: EligibilityRule, field: Pick<FieldDefinition, 'dataType'>, rawAnswer: unknown, today = new Date()): RuleVerdict {
  if (!isAnswered(field.dataType, rawAnswer)) return 'missing';
  if (rule.operator === 'exists') return 'pass';
  const { comparable, comparableAnswer } = ANSWER_POLICIES[field.dataType].eligibility;
  const answer = comparableAnswer ? comparableAnswer(rawAnswer) : rawAnswer;
  if (answer === undefined) return 'missing';
  const holds = (() => {
    switch (rule.operator) {
      case 'eq':
        return String(answer) === String(rule.value);
      case 'neq':
        return String(answer) !== String(rule.value);
      case 'in':
        return asList(answer).some((item) => asList(rule.value).includes(item));
      case 'nin':
        return !asList(answer).some((item) => asList(rule.value).includes(item));
      case 'gte':
        return atLeast(comparable, answer, rule.value);
      case 'lte':
        return atMost(comparable, answer, rule.value);
      case 'between': {
        const [min, max] = rule.value as [unknown, unknown];
        return atLeast(comparable, answer, min) && atMost(comparable, answer, max);
      }
      case 'ageBetween': {
        const age = typeof answer === 'string' ? ageFromDateOfBirth(answer, today) : undefined;
        return age !== undefined && inRange(age, rule.value as [unknown, unknown]);
      }
    }
  })();
  return holds ? 'pass' : 'fail';
}

export interface EligibilityVerdict {
  outcome: EligibilityOutcome;
  rules: { rule: EligibilityRule; verdict: RuleVerdict }[];
}

/**
 * All rules against a profile (answers by field key). Any failing rule makes the applicant
 * ineligible; otherwise any rule on an unanswered field means missing data; otherwise eligible.
 * No rules: eligible (open to every applicant). A rule on a field that no longer exists is missing.
 */
export function evaluateEligibility(
  rules: readonly EligibilityRule[],
  fieldsByKey: ReadonlyMap<string, Pick<FieldDefinition, 'dataType'>>,
  profile: Readonly<Record<string, unknown>>,
  today = new Date(),
): EligibilityVerdict {
  const verdicts = rules.map((rule) => {
    const field = fieldsByKey.get(rule.fieldKey);
    return { rule, verdict: field ? evaluateRule(rule, field, profile[rule.fieldKey], today) : ('missing' as const) };
  });
  const outcome: EligibilityOutcome = verdicts.some((v) => v.verdict === 'fail')
    ? 'ineligible'
    : verdicts.some((v) => v.verdict === 'missing')
      ? 'missing'
      : 'eligible';
  return { outcome, rules: verdicts };
}

/** Why a rule cannot be used with its field (empty when it can): the provider API's 400. */
export function ruleProblems(rule: EligibilityRule, field: Pick<FieldDefinition, 'dataType'> | undefined): string[] {
  if (!field) return [`There is no profile field '${rule.fieldKey}'.`];
  const allowed = operatorsOf(field.dataType);
  if (!allowed.includes(rule.operator)) {
    return [`The operator '${rule.operator}' does not apply to '${rule.fieldKey}' (${field.dataType}); use ${allowed.join(', ')}.`];
  }
  const value = rule.value;
  const scalar = (v: unknown) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
  switch (rule.operator) {
    case 'exists':
      return value === undefined ? [] : ["'exists' takes no value."];
    case 'eq':
    case 'neq':
    case 'gte':
    case 'lte':
      return scalar(value) ? [] : [`'${rule.operator}' needs one value.`];
    case 'in':
    case 'nin':
      return Array.isArray(value) && value.length > 0 && value.every(scalar) ? [] : [`'${rule.operator}' needs a non-empty list of values.`];
    case 'between':
    case 'ageBetween':
      return Array.isArray(value) && value.length === 2 && value.every(scalar) && (value[0] as number) <= (value[1] as number)
        ? []
        : [`'${rule.operator}' needs [min, max] with min <= max.`];
  }
}
