import { FormValidator } from '../validation/validate.js';
import { SAMPLE_FIELDS } from '../test/fixtures.js';
import { criterionFieldChoice, criterionValueForm, ruleFromValueAnswers, valueAnswersOfRule } from './criterion-values.js';
import { evaluateRule } from './criteria.js';

const byKey = (key: string) => SAMPLE_FIELDS.find((field) => field.key === key)!;
const validator = new FormValidator();

describe('the eligibility builder vocabulary', () => {
  it('offers the operators of the field type, with a value form compiled from the field itself', () => {
    const gender = criterionFieldChoice(byKey('gender'));
    expect(gender.operators.map((o) => o.operator)).toEqual(['eq', 'neq', 'in', 'nin', 'exists']);
    const eq = gender.operators.find((o) => o.operator === 'eq')!;
    expect(eq.label).toBe('is');
    expect(eq.value!.schema.properties!.value).toMatchObject({ enum: ['1', '2', '3'] });
    expect(eq.value!.uiSchema.value).toMatchObject({ 'ui:widget': 'select', 'ui:enumNames': ['Female', 'Male', 'Other'] });
    expect(gender.operators.find((o) => o.operator === 'exists')!.value).toBeNull();
    const within = gender.operators.find((o) => o.operator === 'in')!.value!;
    expect(within.uiSchema.value).toMatchObject({ 'ui:widget': 'multiSelect' });
  });

  it('asks a grade rule for a GPA between 0 and 4, with the range message', () => {
    const form = criterionValueForm(byKey('gpa'), 'gte')!;
    expect(form.schema.properties!.value).toMatchObject({ type: 'number', minimum: 0, maximum: 4 });
    const errors = validator.validate('gpa-gte', form.schema, { value: 5 });
    expect(errors).toEqual([{ path: 'value', message: 'Please enter a number between 0 and 4!' }]);
  });

  it('asks a range as min and max, and an age range in years, without the answer’s own age limits', () => {
    const dob = criterionValueForm(byKey('dob'), 'ageBetween')!;
    expect(Object.keys(dob.schema.properties!)).toEqual(['min', 'max']);
    expect(dob.schema.properties!.min).toMatchObject({ type: 'number', minimum: 0, maximum: 120 });
    const date = criterionValueForm(byKey('dob'), 'gte')!;
    expect(date.schema.properties!.value).not.toHaveProperty('minAge');
    expect(date.schema.properties!.value).not.toHaveProperty('notAfterToday');
  });

  it('requires the value', () => {
    const form = criterionValueForm(byKey('siblings'), 'lte')!;
    expect(validator.validate('siblings-lte', form.schema, {})).toEqual([{ path: 'value', message: expect.any(String) }]);
  });

  it('turns value answers into the rule the matcher evaluates, and back', () => {
    const rule = ruleFromValueAnswers('siblings', 'between', { min: 1, max: 3 });
    expect(rule).toEqual({ fieldKey: 'siblings', operator: 'between', value: [1, 3] });
    expect(evaluateRule(rule, byKey('siblings'), 2)).toBe('pass');
    expect(valueAnswersOfRule(rule)).toEqual({ min: 1, max: 3 });
    expect(ruleFromValueAnswers('gender', 'exists', {})).toEqual({ fieldKey: 'gender', operator: 'exists' });
    expect(valueAnswersOfRule({ fieldKey: 'gender', operator: 'eq', value: '1' })).toEqual({ value: '1' });
  });
});
