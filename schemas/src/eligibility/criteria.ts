import { ageFromDateOfBirth } from '../domain/people.js';
import type { FieldDefinition, FieldType, GradeValue } from '../vocabulary.js';

/**
 * Eligibility criteria as data (DESIGN.md section 4, issue 5): a scholarship's rules
 * `{ fieldKey, operator, value }` over the applicant's profile answers. This is the pure evaluator,
 * used to explain a match ("you match because…", "add your GPA to unlock…"); the server's SQL
 * evaluator for lists and counts must give the same verdicts (a property test compares them).
 */
export const CRITERION_OPERATORS = ['eq', 'neq', 'in', 'nin', 'gte', 'lte', 'between', 'ageBetween', 'exists'] as const;
export type CriterionOperator = (typeof CRITERION_OPERATORS)[number];

export interface EligibilityRule {
  fieldKey: string;
  operator: CriterionOperator;
  /** eq/neq: one value; in/nin: a list; gte/lte: a bound; between/ageBetween: [min, max]; exists: none. */
  value?: unknown;
}

/** What one rule says about one applicant. */
export type RuleVerdict = 'pass' | 'fail' | 'missing';

/** The three outcomes of issue 5: lists and counts use `eligible`; `missing` powers "unlock N more". */
export type EligibilityOutcome = 'eligible' | 'missing' | 'ineligible';

type Comparable = 'option' | 'options' | 'number' | 'text' | 'none';

/**
 * How each data type's answer is compared, and which operators make sense for it. One table: a new
 * data type adds one entry (DESIGN.md section 8).
 */
export const CRITERIA_BY_TYPE: Record<FieldType, { comparable: Comparable; operators: readonly CriterionOperator[] }> = {
  select: { comparable: 'option', operators: ['eq', 'neq', 'in', 'nin', 'exists'] },
  searchSelect: { comparable: 'option', operators: ['eq', 'neq', 'in', 'nin', 'exists'] },
  zip: { comparable: 'option', operators: ['eq', 'neq', 'in', 'nin', 'exists'] },
  multiSelect: { comparable: 'options', operators: ['in', 'nin', 'exists'] },
  number: { comparable: 'number', operators: ['eq', 'neq', 'gte', 'lte', 'between', 'exists'] },
  // A grade compares by its 4-point GPA, whatever the marking system.
  grade: { comparable: 'number', operators: ['gte', 'lte', 'between', 'exists'] },
  // Dates compare as text ('YYYY-MM-DD' and 'YYYY-MM' sort as dates); a date of birth also by age.
  date: { comparable: 'text', operators: ['gte', 'lte', 'between', 'ageBetween', 'exists'] },
  monthYear: { comparable: 'text', operators: ['gte', 'lte', 'between', 'exists'] },
  checkbox: { comparable: 'option', operators: ['eq', 'exists'] },
  boolean: { comparable: 'option', operators: ['eq', 'exists'] },
  text: { comparable: 'none', operators: ['exists'] },
  textarea: { comparable: 'none', operators: ['exists'] },
  editor: { comparable: 'none', operators: ['exists'] },
  essay: { comparable: 'none', operators: ['exists'] },
  file: { comparable: 'none', operators: ['exists'] },
  link: { comparable: 'none', operators: ['exists'] },
  email: { comparable: 'none', operators: ['exists'] },
  phone: { comparable: 'none', operators: ['exists'] },
};

function isAnswered(answer: unknown): boolean {
  return !(answer === undefined || answer === null || answer === '' || (Array.isArray(answer) && answer.length === 0));
}

/** The answer as the rule compares it: a grade by its GPA, options as strings, booleans as 'true'/'false'. */
function comparableAnswer(type: FieldType, answer: unknown): unknown {
  if (type === 'grade') {
    const gpa = (answer as Partial<GradeValue> | null)?.gpa;
    return typeof gpa === 'number' ? gpa : undefined;
  }
  if (typeof answer === 'boolean') return String(answer);
  return answer;
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
  if (!isAnswered(rawAnswer)) return 'missing';
  if (rule.operator === 'exists') return 'pass';
  const answer = comparableAnswer(field.dataType, rawAnswer);
  if (answer === undefined) return 'missing';
  const { comparable } = CRITERIA_BY_TYPE[field.dataType];
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
  const allowed = CRITERIA_BY_TYPE[field.dataType].operators;
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
