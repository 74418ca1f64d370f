import { CRITERIA_BY_TYPE, evaluateRule, type CriterionOperator, type EligibilityRule, type FieldType } from '@scholarmatch/schemas';
import fc from 'fast-check';
import { startTestApp, type TestApp } from './test-app.js';

const TODAY = '2026-11-22';
const TYPES = Object.keys(CRITERIA_BY_TYPE) as FieldType[];
const OPTIONS = ['a', 'b', 'c', 'd'];

/** A plausible stored answer for a data type (sometimes unanswered). */
function answerOf(type: FieldType): fc.Arbitrary<unknown> {
  const unanswered = fc.constantFrom(undefined, null, '', []);
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
function ruleOf(type: FieldType): fc.Arbitrary<EligibilityRule> {
  const operators = CRITERIA_BY_TYPE[type].operators as CriterionOperator[];
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

/** The SQL evaluator (migration EligibilityFunctions) and the pure one give the same verdict. */
describe('eligibility in SQL and in TypeScript', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const sqlVerdict = async (rule: EligibilityRule, type: FieldType, answer: unknown): Promise<string> => {
    const { rows } = await t.sql.query(`SELECT eligibility_rule_verdict($1::jsonb, $2, $3::jsonb, $4::date) AS verdict`, [
      JSON.stringify(rule),
      type,
      answer === undefined ? null : JSON.stringify(answer),
      TODAY,
    ]);
    return rows[0].verdict;
  };

  it('agree on generated rules and answers of every data type', async () => {
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TYPES).chain((type) => fc.tuple(fc.constant(type), ruleOf(type), answerOf(type))),
        async ([type, rule, answer]) => {
          const expected = evaluateRule(rule, { dataType: type }, answer, new Date(`${TODAY}T12:00:00Z`));
          seen.set(expected, (seen.get(expected) ?? 0) + 1);
          expect([type, rule, answer, await sqlVerdict(rule, type, answer)]).toEqual([type, rule, answer, expected]);
        },
      ),
      { numRuns: 600 },
    );
    // The generators reach every verdict often, so agreement is not only on the easy cases.
    for (const verdict of ['pass', 'fail', 'missing']) expect(seen.get(verdict) ?? 0).toBeGreaterThan(60);
  });

  it('agree on the edges: birthdays today, 29 February, grades without a GPA, unknown fields', async () => {
    const cases: [EligibilityRule, FieldType | null, unknown][] = [
      [{ fieldKey: 'dob', operator: 'ageBetween', value: [16, 18] }, 'date', '2010-11-22'],
      [{ fieldKey: 'dob', operator: 'ageBetween', value: [16, 18] }, 'date', '2010-11-23'],
      [{ fieldKey: 'dob', operator: 'ageBetween', value: [18, 18] }, 'date', '2008-02-29'],
      [{ fieldKey: 'dob', operator: 'ageBetween', value: [16, 18] }, 'date', 'not a date'],
      [{ fieldKey: 'gpa', operator: 'gte', value: 3 }, 'grade', { markingSystem: 'GPA' }],
      [{ fieldKey: 'x', operator: 'eq', value: 'a' }, null, 'a'],
    ];
    for (const [rule, type, answer] of cases) {
      const expected = type ? evaluateRule(rule, { dataType: type }, answer, new Date(`${TODAY}T12:00:00Z`)) : 'missing';
      expect([rule, answer, await sqlVerdict(rule, type as FieldType, answer)]).toEqual([rule, answer, expected]);
    }
  });
});
