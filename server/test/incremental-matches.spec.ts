import { todayIso, type FieldType } from '@scholarmatch/schemas';
import fc from 'fast-check';
import type { EntityManager } from 'typeorm';
import { MAX_CHANGED_FIELDS } from '../src/matching/answer-change-queries.js';
import { ApplicantMatches } from '../src/matching/applicant-matches.js';
import { MatchesRepository } from '../src/matching/matches.repository.js';
import { answerOf, ruleOf, storedProfile } from './eligibility-arbitraries.js';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * A profile save applied incrementally (docs/matching.md, "A profile save": only the scholarships
 * with a rule on a changed field judged, before and after) leaves exactly what a full
 * recomputation would: the stored match rows and every aggregate of the summary. Generated
 * catalogues (rules on fields of several data types and on one that does not exist, requirements,
 * amounts, deadlines passed, close and far), a generated profile, then generated steps: edits of
 * a few or many fields, read at once or after more edits, and scholarship changes applied by the
 * change job in between. After each read the stored state is compared with a full recomputation
 * made in a transaction that is rolled back, so the incremental state carries on to the next step.
 */
describe('stored matches after profile edits', () => {
  /** Generated cases; PROPERTY_RUNS=1000 for a longer search. */
  const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);
  let t: TestApp;
  let fields: Map<string, { dataType: FieldType }>;
  let userId: string;
  let providerId: string;
  const KEYS = ['gender', 'interestedColleges', 'gpa', 'dob', 'highSchoolGraduationDate', 'privacyStateResident', 'zipCode', 'highSchoolName', 'retiredField'];
  const REQUIREMENTS = [[], [{ field: { key: 'cv' } }], [{ field: { key: 'essay' } }], [{ field: { key: 'cv' } }, { field: { key: 'essay' } }]];

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

  type Query = (text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;
  const onPool: Query = async (text, values) => (await t.sql.query(text, values)).rows;

  /** The applicant's stored rows and summary, as text that does not depend on row order. */
  const stored = async (query: Query): Promise<string> => {
    const [state] = await query(`SELECT summary FROM applicant_match_state WHERE user_id = $1`, [userId]);
    const rows = await query(
      `SELECT scholarship_id, created_at::text, deadline::text, total_amount::text, requirement_count, only_requirement_key
         FROM applicant_matches WHERE user_id = $1 ORDER BY scholarship_id`,
      [userId],
    );
    return JSON.stringify({ summary: state?.summary, rows });
  };

  /** What a full recomputation stores now, rolled back so the stored state stays as it was. */
  const recomputed = async (): Promise<string> => {
    const matches = t.app.get(MatchesRepository);
    let result = '';
    const rollback = new Error('rollback');
    await matches
      .transaction(async (tx: EntityManager) => {
        await matches.lockApplicant(tx, userId);
        await matches.recompute(tx, userId, todayIso());
        result = await stored((text, values) => tx.query(text, values));
        throw rollback;
      })
      .catch((error: unknown) => {
        if (error !== rollback) throw error;
      });
    return result;
  };

  it('equal a full recomputation after generated edits and scholarship changes', async () => {
    const keyedRule = fc.constantFrom(...KEYS).chain((key) => ruleOf(fields.get(key)?.dataType ?? 'select').map((rule) => ({ ...rule, fieldKey: key })));
    const answers = Object.fromEntries([...fields].map(([key, field]) => [key, answerOf(field.dataType)]));
    const scholarship = fc.record({
      criteria: fc.array(keyedRule, { maxLength: 3 }),
      requirements: fc.constantFrom(...REQUIREMENTS),
      award: fc.integer({ min: 0, max: 5000 }),
      // Passed, within the 14 days of Expiring Soon, later, none.
      deadlineIn: fc.constantFrom(-1, 0, 5, 14, 15, 60, null),
    });
    // Mostly one to three fields, as a profile edit; sometimes any number, as a registration.
    const fewFields = fc
      .uniqueArray(fc.constantFrom(...fields.keys()), { minLength: 1, maxLength: 3 })
      .chain((keys) => fc.record(Object.fromEntries(keys.map((key) => [key, answers[key]]))));
    const edit = fc.oneof({ weight: 3, arbitrary: fewFields }, { weight: 1, arbitrary: fc.record(answers, { requiredKeys: [] }) });
    const step = fc.oneof(
      { weight: 4, arbitrary: fc.record({ edit, read: fc.boolean() }) },
      { weight: 2, arbitrary: fc.record({ change: fc.nat(), to: fc.option(scholarship, { nil: undefined }) }) },
    );
    const matcher = t.app.get(ApplicantMatches);
    const matches = t.app.get(MatchesRepository);
    const recomputations = vi.spyOn(matches, 'recompute');
    const incremental = vi.spyOn(matches, 'applyAnswerChanges');
    const today = todayIso();
    let reads = 0;
    let applied = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(scholarship, { minLength: 25, maxLength: 25 }), fc.record(answers), fc.array(step, { minLength: 1, maxLength: 8 }), async (catalogue, first, steps) => {
          await t.sql.query(`DELETE FROM applicant_match_state WHERE user_id = $1`, [userId]);
          await t.sql.query(`DELETE FROM scholarships`);
          const { rows } = await t.sql.query(
            `INSERT INTO scholarships (provider_id, title, status, award, deadline, criteria, requirements)
             SELECT $1, 'S' || n, 'published', (s->>'award')::int, $3::date + (s->>'deadlineIn')::int, s->'criteria', s->'requirements'
               FROM jsonb_array_elements($2::jsonb) WITH ORDINALITY AS x(s, n) RETURNING id`,
            [providerId, JSON.stringify(catalogue), today],
          );
          const ids = rows.map((row: { id: string }) => row.id);
          await matches.applyCatalogueChanges(today);
          let profile: Record<string, unknown> = first;
          const save = async () => {
            const { profile: stored, dob } = storedProfile(profile);
            await t.sql.query(`UPDATE users SET profile = $2, dob = $3 WHERE id = $1`, [userId, JSON.stringify(stored), dob]);
          };
          await save();
          await matcher.current(userId);
          let edited = new Set<string>();
          for (const next of steps) {
            if ('change' in next) {
              const id = ids[next.change % ids.length];
              if (next.to) {
                await t.sql.query(`UPDATE scholarships SET criteria = $2, requirements = $3, award = $4, deadline = $5::date + $6::int WHERE id = $1`, [
                  id,
                  JSON.stringify(next.to.criteria),
                  JSON.stringify(next.to.requirements),
                  next.to.award,
                  today,
                  next.to.deadlineIn,
                ]);
              } else {
                await t.sql.query(`UPDATE scholarships SET status = 'closed' WHERE id = $1`, [id]);
              }
              await matches.applyCatalogueChanges(today);
              continue;
            }
            profile = { ...profile, ...next.edit };
            for (const key of Object.keys(next.edit)) edited.add(key);
            await save();
            if (!next.read) continue;
            recomputations.mockClear();
            incremental.mockClear();
            await matcher.current(userId);
            reads += 1;
            // Few edited fields (hence few changed slots) and a state the job kept current: never a full recomputation.
            if (edited.size <= MAX_CHANGED_FIELDS) expect(recomputations).not.toHaveBeenCalled();
            if (recomputations.mock.calls.length === 0 && incremental.mock.calls.length > 0) applied += 1;
            edited = new Set();
            expect(await stored(onPool)).toEqual(await recomputed());
          }
        }),
        { numRuns: RUNS },
      );
    } finally {
      recomputations.mockRestore();
      incremental.mockRestore();
    }
    // Most reads took the incremental path, so the agreement is not only the fallback's.
    expect(applied).toBeGreaterThan(reads / 2);
  }, RUNS * 4_000);

  it('start from the vector the matches were computed from when the change job ran after a save', async () => {
    const matcher = t.app.get(ApplicantMatches);
    const matches = t.app.get(MatchesRepository);
    const today = todayIso();
    await t.sql.query(`DELETE FROM applicant_match_state WHERE user_id = $1`, [userId]);
    await t.sql.query(`DELETE FROM scholarships`);
    const rule = (value: string) => JSON.stringify([{ fieldKey: 'gender', operator: 'eq', value }]);
    const { rows } = await t.sql.query(
      `INSERT INTO scholarships (provider_id, title, status, award, criteria) VALUES ($1, 'X', 'published', 100, $2), ($1, 'Y', 'published', 200, $3) RETURNING id, title`,
      [providerId, rule('c'), rule('b')],
    );
    const id = (title: string) => rows.find((row: { title: string }) => row.title === title).id;
    await matches.applyCatalogueChanges(today);
    await t.sql.query(`UPDATE users SET profile = '{"gender": "a"}', dob = NULL WHERE id = $1`, [userId]);
    expect((await matcher.current(userId)).eligible).toBe(0);
    // A save, not read yet; then X comes to want the new answer and Y's award changes, and the job applies both.
    await t.sql.query(`UPDATE users SET profile = '{"gender": "b"}' WHERE id = $1`, [userId]);
    await t.sql.query(`UPDATE scholarships SET criteria = $2 WHERE id = $1`, [id('X'), rule('b')]);
    await t.sql.query(`UPDATE scholarships SET award = 300 WHERE id = $1`, [id('Y')]);
    // The app's own job may have applied them first (it is queued on every change): either way, not sent to recompute.
    await matches.applyCatalogueChanges(today);
    const { rows: state } = await t.sql.query(`SELECT answer_slots IS NOT NULL AS kept FROM applicant_match_state WHERE user_id = $1`, [userId]);
    expect(state).toEqual([{ kept: true }]);
    const recomputations = vi.spyOn(matches, 'recompute');
    try {
      const summary = await matcher.current(userId);
      expect(recomputations).not.toHaveBeenCalled();
      expect([summary.eligible, summary.eligibleValue]).toEqual([2, 400]);
      expect(await stored(onPool)).toEqual(await recomputed());
    } finally {
      recomputations.mockRestore();
    }
  });
});
