import { ANSWER_POLICIES, type CriterionOperator } from '../answers/answer-policy.js';
import { compileForm } from '../compiler/compile-form.js';
import type { JsonSchema, UiSchema } from '../compiler/json-schema.js';
import type { FieldDefinition, FieldType } from '../vocabulary.js';
import { operatorsOf, type EligibilityRule } from './criteria.js';

/**
 * The eligibility builder's vocabulary (docs/providers.md, "Eligibility"): for each profile field,
 * the operators its type supports and, per operator, the form that asks for the rule's value. The
 * value's widget comes from the field's own definition (a country rule picks from the country
 * field's options, a grade rule asks for a GPA), compiled by the same compiler as every form, so a
 * field an admin adds can be used in rules with no web change.
 */

/** How the builder words each operator. */
export const CRITERION_OPERATOR_LABELS: Record<CriterionOperator, string> = {
  eq: 'is',
  neq: 'is not',
  in: 'is one of',
  nin: 'is none of',
  gte: 'is at least',
  lte: 'is at most',
  between: 'is between',
  ageBetween: 'age is between',
  exists: 'is answered',
};

/** The operators that take a [min, max] pair, asked as two answers `min` and `max`. */
const RANGE_OPERATORS: readonly CriterionOperator[] = ['between', 'ageBetween'];

/** A value form: its answers are `{ value }`, or `{ min, max }` for a range; none for `exists`. */
export interface CriterionValueForm {
  schema: JsonSchema;
  uiSchema: UiSchema;
}

export interface CriterionOperatorChoice {
  operator: CriterionOperator;
  label: string;
  value: CriterionValueForm | null;
}

/** One line of the builder's field list. */
export interface CriterionFieldChoice {
  key: string;
  name: string;
  dataType: FieldType;
  operators: CriterionOperatorChoice[];
}

type ValueField = Omit<FieldDefinition, 'key' | 'name' | 'order' | 'id' | 'section' | 'target'>;

const AGE: ValueField = { dataType: 'number', validation: { required: true, minimum: 0, maximum: 120 } };

/** The field that asks one bound or value of a rule on `field` with `operator`. */
function valueFieldOf(field: FieldDefinition, operator: CriterionOperator): ValueField {
  if (operator === 'ageBetween') return AGE;
  const { ruleValue, singleValueType } = ANSWER_POLICIES[field.dataType].eligibility;
  if (ruleValue) return { dataType: ruleValue.dataType, validation: ruleValue.validation };
  const many = operator === 'in' || operator === 'nin';
  const ownValidation = field.validation ?? {};
  const kept = {
    required: true,
    minimum: ownValidation.minimum,
    maximum: ownValidation.maximum,
  };
  if (many) return { dataType: 'multiSelect', options: field.options, validation: { required: true, maxItems: Math.max(1, field.options?.length ?? 1) } };
  // A date rule compares dates: no age or "not after today" limit of the person's own answer.
  return {
    dataType: singleValueType ?? field.dataType,
    options: field.options,
    ui: field.ui?.searchUrl ? { searchUrl: field.ui.searchUrl, allowFreeText: field.ui.allowFreeText } : undefined,
    validation: Object.fromEntries(Object.entries(kept).filter(([, v]) => v !== undefined)),
  };
}

/** Whether the builder can ask a value for this operator (a list operator needs the options at hand). */
function offered(field: FieldDefinition, operator: CriterionOperator): boolean {
  if (operator === 'in' || operator === 'nin') return (field.options?.length ?? 0) > 0;
  return true;
}

/** The form asking the value of a rule on `field` with `operator`; null when the operator takes none. */
export function criterionValueForm(field: FieldDefinition, operator: CriterionOperator): CriterionValueForm | null {
  if (operator === 'exists') return null;
  const asked = valueFieldOf(field, operator);
  const names = RANGE_OPERATORS.includes(operator)
    ? [
        { key: 'min', name: operator === 'ageBetween' ? 'Minimum age' : 'From' },
        { key: 'max', name: operator === 'ageBetween' ? 'Maximum age' : 'To' },
      ]
    : [{ key: 'value', name: ANSWER_POLICIES[field.dataType].eligibility.ruleValue?.name ?? field.name }];
  const fields: FieldDefinition[] = names.map(({ key, name }, order) => ({ ...asked, id: order, key, name, order, section: 'value', target: 'profile' }));
  const { schema, uiSchema } = compileForm({ key: `criterion-${field.key}-${operator}`, title: field.name, sections: ['value'] }, fields);
  return { schema, uiSchema };
}

/** The builder's choices for one field: its operators and their value forms. */
export function criterionFieldChoice(field: FieldDefinition): CriterionFieldChoice {
  return {
    key: field.key,
    name: field.name,
    dataType: field.dataType,
    operators: operatorsOf(field.dataType)
      .filter((operator) => offered(field, operator))
      .map((operator) => ({ operator, label: CRITERION_OPERATOR_LABELS[operator], value: criterionValueForm(field, operator) })),
  };
}

/** Whether a field can be named by a rule at all (it compares something beyond "answered"). */
export function usableInCriteria(field: FieldDefinition): boolean {
  return ANSWER_POLICIES[field.dataType].eligibility.operators.length > 0;
}

/** A rule from the value form's answers. */
export function ruleFromValueAnswers(fieldKey: string, operator: CriterionOperator, answers: Record<string, unknown>): EligibilityRule {
  if (operator === 'exists') return { fieldKey, operator };
  if (RANGE_OPERATORS.includes(operator)) return { fieldKey, operator, value: [answers.min, answers.max] };
  return { fieldKey, operator, value: answers.value };
}

/** The value form's answers of a stored rule (the inverse of ruleFromValueAnswers). */
export function valueAnswersOfRule(rule: EligibilityRule): Record<string, unknown> {
  if (rule.operator === 'exists' || rule.value === undefined) return {};
  if (RANGE_OPERATORS.includes(rule.operator) && Array.isArray(rule.value)) return { min: rule.value[0], max: rule.value[1] };
  return { value: rule.value };
}
