import { FIELD_TYPES, evaluateEligibility, evaluateRule, type EligibilityRule, type FieldType } from '@scholarmatch/schemas';
import fc from 'fast-check';
import { ApplicantMatches } from '../src/matching/applicant-matches.js';
import { EligibilityCounts, type EligibilityCount } from '../src/matching/eligibility-counts.js';
import { answerOf, ruleOf, storedProfile } from './eligibility-arbitraries.js';
import { startTestApp, type TestApp } from './test-app.js';

const TODAY = '2026-11-22';
const TYPES = [...FIELD_TYPES];

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

/**
 * The stored matches (ApplicantMatches: rules joined with typed answers in one statement) against
 * the pure evaluator, scholarship by scholarship: a row for each eligible one, none for the
 * others, and the missing-data ones counted. Fields of several data types, plus a rule on a field that does not exist.
 */
describe('stored matches and the pure evaluator', () => {
  let t: TestApp;
  let fields: Map<string, { dataType: FieldType }>;
  let userId: string;
  let providerId: string;
  const KEYS = ['gender', 'interestedColleges', 'gpa', 'dob', 'highSchoolGraduationDate', 'privacyStateResident', 'zipCode', 'highSchoolName', 'retiredField'];

  beforeAll(async () => {
    t = await startTestApp();
    const { rows } = await t.sql.query(`SELECT key, data_type FROM form_fields WHERE active AND key = ANY($1)`, [KEYS]);
    fields = new Map(rows.map((row: { key: string; data_type: FieldType }) => [row.key, { dataType: row.data_type }]));
    expect(fields.size).toBe(KEYS.length - 1);
    const users = await t.sql.query(
      `INSERT INTO users (email, password_hash, role, first_name, last_name) VALUES ('p@x.test', 'x', 'provider', 'P', 'P'), ('a@x.test', 'x', 'applicant', 'A', 'A') RETURNING id, role`,
    );
    providerId = users.rows.find((u: { role: string }) => u.role === 'provider').id;
    userId = users.rows.find((u: { role: string }) => u.role === 'applicant').id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('agree on generated catalogues and profiles', async () => {
    // A rule on one of KEYS, fitting its type (the unknown key borrows the select type's rules).
    const keyedRule = fc.constantFrom(...KEYS).chain((key) => ruleOf(fields.get(key)?.dataType ?? 'select').map((rule) => ({ ...rule, fieldKey: key })));
    const profile = fc.record(Object.fromEntries([...fields].map(([key, field]) => [key, answerOf(field.dataType)])));
    const matcher = t.app.get(ApplicantMatches);
    const today = new Date();
    const seen = new Map<string, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(keyedRule, { maxLength: 3 }), { minLength: 20, maxLength: 20 }), profile, async (catalogue, answers) => {
        await t.sql.query(`DELETE FROM scholarships`);
        const { rows } = await t.sql.query(
          `INSERT INTO scholarships (provider_id, title, status, award, deadline, criteria)
           SELECT $1, 'S' || n, 'published', 100, current_date + 30, c FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS x(c, n) RETURNING id, criteria`,
          [providerId, JSON.stringify(catalogue)],
        );
        const { dob, ...rest } = answers as Record<string, unknown>;
        const validDob = typeof dob === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(dob) ? dob : null;
        const stored = Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined));
        await t.sql.query(`UPDATE users SET profile = $2, dob = $3 WHERE id = $1`, [userId, JSON.stringify(stored), validDob]);
        const summary = await matcher.current(userId);
        const storedRows = await t.sql.query(`SELECT scholarship_id FROM applicant_matches WHERE user_id = $1`, [userId]);
        const eligibleIds = new Set(storedRows.rows.map((row: { scholarship_id: string }) => row.scholarship_id));
        const asEvaluated = { ...JSON.parse(JSON.stringify(stored)), ...(validDob ? { dob: validDob } : {}) };
        let missing = 0;
        for (const row of rows as { id: string; criteria: EligibilityRule[] }[]) {
          const expected = evaluateEligibility(row.criteria, fields, asEvaluated, today).outcome;
          seen.set(expected, (seen.get(expected) ?? 0) + 1);
          if (expected === 'missing') missing += 1;
          // Eligible ones are stored for the lists; the others are not.
          expect([row.criteria, asEvaluated, eligibleIds.has(row.id)]).toEqual([row.criteria, asEvaluated, expected === 'eligible']);
        }
        // Missing-data ones are counted for the unlock hint.
        expect([summary.eligible, summary.missing]).toEqual([eligibleIds.size, missing]);
      }),
      { numRuns: 40 },
    );
    // Every outcome occurs often, so agreement is not only on the easy cases.
    for (const outcome of ['eligible', 'missing', 'ineligible']) expect(seen.get(outcome) ?? 0).toBeGreaterThan(100);
  });
});

/**
 * The live count (EligibilityCounts: each rule judged once per distinct answer, then one pass over
 * the applicants' answer vectors) against the pure evaluator run on every generated applicant:
 * eligible, total, and per field the applicants one answer away.
 */
describe('the live eligibility count and the pure evaluator', () => {
  let t: TestApp;
  let fields: Map<string, { dataType: FieldType }>;
  const KEYS = ['gender', 'interestedColleges', 'gpa', 'dob', 'highSchoolGraduationDate', 'privacyStateResident', 'zipCode', 'highSchoolName', 'retiredField'];

  beforeAll(async () => {
    t = await startTestApp();
    const { rows } = await t.sql.query(`SELECT key, data_type FROM form_fields WHERE active AND key = ANY($1)`, [KEYS]);
    fields = new Map(rows.map((row: { key: string; data_type: FieldType }) => [row.key, { dataType: row.data_type }]));
  });
  afterAll(async () => {
    await t?.close();
  });

  /** What the count must say, from evaluateEligibility over each applicant's answers. */
  function expectedCount(rules: EligibilityRule[], people: Record<string, unknown>[], today: Date): EligibilityCount {
    const missing = new Map<string, number>();
    let eligible = 0;
    for (const answers of people) {
      const verdict = evaluateEligibility(rules, fields, answers, today);
      if (verdict.outcome === 'eligible') eligible += 1;
      if (verdict.outcome !== 'missing') continue;
      const open = new Set(verdict.rules.filter((rule) => rule.verdict !== 'pass').map((rule) => rule.rule.fieldKey));
      if (open.size === 1) missing.set([...open][0], (missing.get([...open][0]) ?? 0) + 1);
    }
    return {
      eligible,
      total: people.length,
      missing: [...missing].map(([fieldKey, count]) => ({ fieldKey, count })).sort((a, b) => b.count - a.count || a.fieldKey.localeCompare(b.fieldKey)),
    };
  }

  it('agree on generated rule sets and populations', async () => {
    const keyedRule = fc.constantFrom(...KEYS).chain((key) => ruleOf(fields.get(key)?.dataType ?? 'select').map((rule) => ({ ...rule, fieldKey: key })));
    const profile = fc.record(Object.fromEntries([...fields].map(([key, field]) => [key, answerOf(field.dataType)])));
    const counts = t.app.get(EligibilityCounts);
    const seen = { eligible: 0, missing: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(profile, { minLength: 1, maxLength: 25 }), fc.array(fc.array(keyedRule, { maxLength: 4 }), { minLength: 3, maxLength: 3 }), async (people, ruleSets) => {
        await t.sql.query(`DELETE FROM users`);
        const stored = people.map((answers) => storedProfile(answers as Record<string, unknown>));
        await t.sql.query(
          `INSERT INTO users (email, password_hash, role, first_name, last_name, profile, dob)
           SELECT 'a' || n || '@x.test', 'x', 'applicant', 'A', 'A', p->'profile', (p->>'dob')::date FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS x(p, n)`,
          [JSON.stringify(stored.map(({ profile, dob }) => ({ profile, dob })))],
        );
        // Someone who is not an applicant is never counted.
        await t.sql.query(`INSERT INTO users (email, password_hash, role, first_name, last_name, profile) VALUES ('p@x.test', 'x', 'provider', 'P', 'P', $1)`, [
          JSON.stringify(stored[0].profile),
        ]);
        for (const rules of ruleSets) {
          const expected = expectedCount(rules, stored.map((s) => s.asEvaluated), new Date());
          seen.eligible += expected.eligible;
          seen.missing += expected.missing.length;
          expect([rules, await counts.count(rules)]).toEqual([rules, expected]);
        }
      }),
      // Seeded: the reach checked below is a property of the generated cases, so it must not vary by run.
      { numRuns: 30, seed: 2026 },
    );
    // The generated cases reach both eligible applicants and one-answer-away ones often.
    expect(seen.eligible).toBeGreaterThan(100);
    expect(seen.missing).toBeGreaterThan(20);
  });

  it('follows a profile save, a new applicant and a retyped field', async () => {
    await t.sql.query(`DELETE FROM users`);
    const counts = t.app.get(EligibilityCounts);
    const rules: EligibilityRule[] = [{ fieldKey: 'gpa', operator: 'gte', value: 3 }, { fieldKey: 'gender', operator: 'eq', value: 'a' }];
    const { rows } = await t.sql.query(
      `INSERT INTO users (email, password_hash, role, first_name, last_name, profile) VALUES ('b@x.test', 'x', 'applicant', 'B', 'B', '{"gender": "a"}') RETURNING id`,
    );
    expect(await counts.count(rules)).toEqual({ eligible: 0, total: 1, missing: [{ fieldKey: 'gpa', count: 1 }] });
    await t.sql.query(`UPDATE users SET profile = profile || '{"gpa": {"markingSystem": "GPA", "grade": 3.5, "gpa": 3.5}}' WHERE id = $1`, [rows[0].id]);
    expect(await counts.count(rules)).toEqual({ eligible: 1, total: 1, missing: [] });
    expect(await counts.count([])).toEqual({ eligible: 1, total: 1, missing: [] });
    // A field that stops being active is unanswered for everyone, as in the matcher.
    await t.sql.query(`UPDATE form_fields SET active = false WHERE key = 'gender'`);
    expect(await counts.count(rules)).toEqual({ eligible: 0, total: 1, missing: [{ fieldKey: 'gender', count: 1 }] });
    await t.sql.query(`UPDATE form_fields SET active = true WHERE key = 'gender'`);
    expect(await counts.count(rules)).toEqual({ eligible: 1, total: 1, missing: [] });
  });
});
