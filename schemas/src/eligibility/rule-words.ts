import type { CriterionOperator } from '../answers/answer-policy.js';

/** A rule as it is worded: the field's name (not its key), the operator and its value. */
export interface WordedRule {
  fieldName: string;
  operator: CriterionOperator;
  value?: unknown;
}

/** An answer's label for one field: the option's label, or the value itself when the field lists none. */
export type LabelOf = (value: unknown) => string;

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);
const rangeOf = (value: unknown): [unknown, unknown] => (Array.isArray(value) ? [value[0], value[1]] : [value, value]);
/** Labels joined by commas; by semicolons when a label has its own comma ("U.S. National (e.g., born in …)"). */
function joined(values: unknown, label: LabelOf): string {
  const labels = listOf(values).map(label);
  return labels.join(labels.some((text) => text.includes(',')) ? '; ' : ', ');
}

/** What each operator asks of the answer, in words; one entry per operator of the criteria vocabulary. */
const OPERATOR_WORDS: Record<CriterionOperator, (value: unknown, label: LabelOf) => string> = {
  eq: (value, label) => label(value),
  neq: (value, label) => `anything but ${label(value)}`,
  in: (value, label) => (listOf(value).length === 1 ? label(listOf(value)[0]) : `one of ${joined(value, label)}`),
  nin: (value, label) => (listOf(value).length === 1 ? `anything but ${label(listOf(value)[0])}` : `none of ${joined(value, label)}`),
  gte: (value, label) => `at least ${label(value)}`,
  lte: (value, label) => `at most ${label(value)}`,
  between: (value, label) => `between ${label(rangeOf(value)[0])} and ${label(rangeOf(value)[1])}`,
  // The bounds are ages in years, not dates: no option labels apply.
  ageBetween: (value) => `between ${rangeOf(value)[0]} and ${rangeOf(value)[1]}`,
  exists: () => 'any answer',
};

/**
 * A rule as a person reads it: "Field of study: one of Accounting, Biology". An age rule speaks of
 * the age, whatever the date field is called ('dob' is an account property with no field name).
 * The one wording of rules: the applicant's "Why you match" and the sponsor's embedded card.
 */
export function ruleInWords(rule: WordedRule, label: LabelOf = String): string {
  const subject = rule.operator === 'ageBetween' ? 'Age' : rule.fieldName;
  return `${subject}: ${OPERATOR_WORDS[rule.operator](rule.value, label)}`;
}

/** The labels of one field's options (value → label, as the form-fields call sends them). */
export function labelsFrom(options: Record<string, string> | undefined): LabelOf {
  return (value) => options?.[String(value)] ?? String(value);
}
