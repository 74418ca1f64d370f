import fc from 'fast-check';
import type { FieldType } from '../vocabulary.js';
import { ANSWER_POLICIES } from '../answers/answer-policy.js';
import { evaluateEligibility, evaluateRule, ruleProblems, type EligibilityRule } from './criteria.js';

const field = (dataType: FieldType) => ({ dataType });
const TODAY = new Date(Date.UTC(2026, 10, 22));

describe('eligibility rules', () => {
  it('compares options, lists, numbers, grades, dates and ages', () => {
    const cases: [EligibilityRule, FieldType, unknown, string][] = [
      [{ fieldKey: 'country', operator: 'eq', value: 'us' }, 'select', 'us', 'pass'],
      [{ fieldKey: 'country', operator: 'neq', value: 'us' }, 'select', 'us', 'fail'],
      [{ fieldKey: 'gender', operator: 'in', value: ['1', '3'] }, 'select', '3', 'pass'],
      [{ fieldKey: 'gender', operator: 'nin', value: ['1', '3'] }, 'select', '3', 'fail'],
      [{ fieldKey: 'colleges', operator: 'in', value: ['a', 'b'] }, 'multiSelect', ['c', 'b'], 'pass'],
      [{ fieldKey: 'colleges', operator: 'nin', value: ['a', 'b'] }, 'multiSelect', ['c', 'd'], 'pass'],
      [{ fieldKey: 'gpa', operator: 'gte', value: 3.5 }, 'grade', { markingSystem: 'Percentage', grade: 86, gpa: 4 }, 'pass'],
      [{ fieldKey: 'gpa', operator: 'gte', value: 3.5 }, 'grade', { markingSystem: 'Percentage', grade: 70, gpa: 3 }, 'fail'],
      [{ fieldKey: 'gpa', operator: 'between', value: [2, 3] }, 'grade', { markingSystem: 'GPA', grade: 3, gpa: 3 }, 'pass'],
      [{ fieldKey: 'income', operator: 'lte', value: 50000 }, 'number', 50000, 'pass'],
      [{ fieldKey: 'graduation', operator: 'between', value: ['2025-01', '2026-12'] }, 'monthYear', '2027-01', 'fail'],
      [{ fieldKey: 'dob', operator: 'ageBetween', value: [16, 18] }, 'date', '2010-11-22', 'pass'],
      [{ fieldKey: 'dob', operator: 'ageBetween', value: [16, 18] }, 'date', '2010-11-23', 'fail'],
      [{ fieldKey: 'dob', operator: 'ageBetween', value: [16, 18] }, 'date', '2007-11-23', 'pass'],
      [{ fieldKey: 'resident', operator: 'exists' }, 'checkbox', true, 'pass'],
      [{ fieldKey: 'resident', operator: 'exists' }, 'checkbox', false, 'missing'],
      [{ fieldKey: 'firstGeneration', operator: 'eq', value: false }, 'boolean', false, 'pass'],
      [{ fieldKey: 'firstGeneration', operator: 'eq', value: true }, 'boolean', false, 'fail'],
      [{ fieldKey: 'essay', operator: 'exists' }, 'text', 'an answer', 'pass'],
    ];
    for (const [rule, type, answer, expected] of cases) {
      expect([rule, evaluateRule(rule, field(type), answer, TODAY)]).toEqual([rule, expected]);
    }
  });

  it('calls an unanswered field missing, never failing, whatever the operator', () => {
    for (const operator of ['eq', 'neq', 'in', 'nin', 'gte', 'between', 'exists'] as const) {
      for (const answer of [undefined, null, '', '   ', []]) {
        expect(evaluateRule({ fieldKey: 'x', operator, value: operator === 'in' ? ['a'] : 'a' }, field('select'), answer, TODAY)).toBe('missing');
      }
    }
    expect(evaluateRule({ fieldKey: 'gpa', operator: 'gte', value: 3 }, field('grade'), { markingSystem: 'GPA' }, TODAY)).toBe('missing');
  });

  it('gives the three outcomes: any failure is ineligible, else any missing answer is missing, else eligible', () => {
    const fields = new Map([['country', field('select')], ['gpa', field('grade')]]);
    const rules: EligibilityRule[] = [
      { fieldKey: 'country', operator: 'eq', value: 'us' },
      { fieldKey: 'gpa', operator: 'gte', value: 3 },
    ];
    expect(evaluateEligibility([], fields, {}).outcome).toBe('eligible');
    expect(evaluateEligibility(rules, fields, { country: 'us', gpa: { gpa: 3.3 } }).outcome).toBe('eligible');
    expect(evaluateEligibility(rules, fields, { country: 'us' }).outcome).toBe('missing');
    expect(evaluateEligibility(rules, fields, { country: 'ca' }).outcome).toBe('ineligible');
    expect(evaluateEligibility([{ fieldKey: 'retired', operator: 'exists' }], fields, { retired: 'x' }).outcome).toBe('missing');
    expect(evaluateEligibility(rules, fields, { country: 'us' }).rules.map((r) => r.verdict)).toEqual(['pass', 'missing']);
  });

  it('agrees with itself: in/nin and eq/neq are complements, between is gte and lte together', () => {
    const option = fc.constantFrom('a', 'b', 'c', 'd');
    fc.assert(
      fc.property(option, fc.uniqueArray(option, { minLength: 1 }), (answer, values) => {
        const inVerdict = evaluateRule({ fieldKey: 'f', operator: 'in', value: values }, field('select'), answer);
        const ninVerdict = evaluateRule({ fieldKey: 'f', operator: 'nin', value: values }, field('select'), answer);
        const eqVerdict = evaluateRule({ fieldKey: 'f', operator: 'eq', value: values[0] }, field('select'), answer);
        const neqVerdict = evaluateRule({ fieldKey: 'f', operator: 'neq', value: values[0] }, field('select'), answer);
        return inVerdict !== ninVerdict && eqVerdict !== neqVerdict;
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: 0, max: 4, noNaN: true }), fc.double({ min: 0, max: 4, noNaN: true }), fc.double({ min: 0, max: 4, noNaN: true }), (gpa, a, b) => {
        const [min, max] = a <= b ? [a, b] : [b, a];
        const answer = { markingSystem: 'GPA', grade: gpa, gpa };
        const between = evaluateRule({ fieldKey: 'gpa', operator: 'between', value: [min, max] }, field('grade'), answer);
        const both =
          evaluateRule({ fieldKey: 'gpa', operator: 'gte', value: min }, field('grade'), answer) === 'pass' &&
          evaluateRule({ fieldKey: 'gpa', operator: 'lte', value: max }, field('grade'), answer) === 'pass';
        return (between === 'pass') === both;
      }),
    );
  });

  it('declares the operators of every data type, and explains a rule that does not fit its field', () => {
    expect(ruleProblems({ fieldKey: 'gpa', operator: 'gte', value: 3 }, field('grade'))).toEqual([]);
    expect(ruleProblems({ fieldKey: 'gpa', operator: 'in', value: ['3'] }, field('grade'))[0]).toMatch(/does not apply to 'gpa' \(grade\)/);
    expect(ruleProblems({ fieldKey: 'nope', operator: 'exists' }, undefined)).toEqual(["There is no profile field 'nope'."]);
    expect(ruleProblems({ fieldKey: 'country', operator: 'in', value: [] }, field('select'))).toHaveLength(1);
    expect(ruleProblems({ fieldKey: 'dob', operator: 'ageBetween', value: [20, 16] }, field('date'))).toHaveLength(1);
    expect(ruleProblems({ fieldKey: 'essay', operator: 'exists', value: 1 }, field('text'))).toHaveLength(1);
    for (const { eligibility } of Object.values(ANSWER_POLICIES)) expect(eligibility.operators).toContain('exists');
    expect(ruleProblems({ fieldKey: 'resident', operator: 'eq', value: false }, field('checkbox'))[0]).toMatch(/use exists/);
  });
});
