import { operatorsOf, type CriterionOperator, type EligibilityRule, type FieldType } from '@scholarmatch/schemas';
import fc from 'fast-check';

/** Generators of answers and rules of every data type, for the matcher's property tests (eligibility-sql, incremental-matches). */

const OPTIONS = ['a', 'b', 'c', 'd'];

/** A plausible stored answer for a data type (sometimes unanswered). */
export function answerOf(type: FieldType): fc.Arbitrary<unknown> {
  const unanswered = fc.constantFrom(undefined, null, '', '  ', [], {});
  const byType: Partial<Record<FieldType, fc.Arbitrary<unknown>>> = {
    select: fc.constantFrom(...OPTIONS),
    searchSelect: fc.constantFrom(...OPTIONS, 'Free text school'),
    zip: fc.constantFrom('10001', '94110', '73301'),
    multiSelect: fc.uniqueArray(fc.constantFrom(...OPTIONS), { minLength: 1, maxLength: 2 }),
    number: fc.integer({ min: 0, max: 100 }),
    grade: fc.oneof(
      fc.double({ min: 0, max: 4, noNaN: true }).map((gpa) => ({ markingSystem: 'GPA', grade: gpa, gpa: Math.round(gpa * 10) / 10 })),
      fc.constant({ markingSystem: 'Percentage' }),
    ),
    date: fc.date({ min: new Date('1950-01-01'), max: new Date('2026-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
    monthYear: fc.tuple(fc.integer({ min: 1990, max: 2035 }), fc.integer({ min: 1, max: 12 })).map(([y, m]) => `${y}-${String(m).padStart(2, '0')}`),
    checkbox: fc.boolean(),
    boolean: fc.boolean(),
  };
  return fc.oneof({ weight: 1, arbitrary: unanswered }, { weight: 4, arbitrary: byType[type] ?? fc.constant('some text') });
}

/** A rule the provider API would accept for the type (its operator and a fitting value). */
export function ruleOf(type: FieldType): fc.Arbitrary<EligibilityRule> {
  const operators = operatorsOf(type) as CriterionOperator[];
  const scalar: Partial<Record<FieldType, fc.Arbitrary<unknown>>> = {
    number: fc.integer({ min: 0, max: 100 }),
    grade: fc.double({ min: 0, max: 4, noNaN: true }).map((x) => Math.round(x * 10) / 10),
    date: fc.constantFrom('2000-01-01', '2008-06-15', '2010-11-22'),
    monthYear: fc.constantFrom('2000-01', '2024-06', '2030-12'),
    checkbox: fc.boolean(),
    boolean: fc.boolean(),
  };
  const one = scalar[type] ?? fc.constantFrom(...OPTIONS, '10001');
  return fc.constantFrom(...operators).chain((operator) => {
    const value: fc.Arbitrary<unknown> =
      operator === 'exists'
        ? fc.constant(undefined)
        : operator === 'in' || operator === 'nin'
          ? fc.uniqueArray(fc.constantFrom(...OPTIONS, '10001'), { minLength: 1, maxLength: 3 })
          : operator === 'between'
            ? fc.tuple(one, one).map(([x, y]) => (String(x) <= String(y) && typeof x !== 'number' ? [x, y] : [Math.min(Number(x), Number(y)), Math.max(Number(x), Number(y))]))
            : operator === 'ageBetween'
              ? fc.tuple(fc.integer({ min: 10, max: 40 }), fc.integer({ min: 0, max: 20 })).map(([min, span]) => [min, min + span])
              : one;
    return value.map((v) => (v === undefined ? { fieldKey: 'f', operator } : { fieldKey: 'f', operator, value: v }));
  });
}

/** A generated profile as stored (dob a column, when a real date) and as the evaluator reads it. */
export function storedProfile(answers: Record<string, unknown>): { profile: Record<string, unknown>; dob: string | null; asEvaluated: Record<string, unknown> } {
  const { dob, ...rest } = answers;
  const validDob = typeof dob === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(dob) ? dob : null;
  const profile = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
  return { profile, dob: validDob, asEvaluated: { ...JSON.parse(JSON.stringify(profile)), ...(validDob ? { dob: validDob } : {}) } };
}
