import { ruleProblems, type FieldDefinition } from '@scholarmatch/schemas';
import { demoScholarships } from '../src/demo/demo-scholarships.js';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

/** The demo catalogue: varied, valid by the provider API's own rules, and added once. */
describe('demo scholarships', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('has about 200 published scholarships with varied criteria, amounts, deadlines and requirements', async () => {
    const { rows } = await t.sql.query(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE jsonb_array_length(requirements) = 0)::int AS easy_apply,
              count(*) FILTER (WHERE jsonb_array_length(requirements) = 1 AND requirements -> 0 -> 'field' ->> 'key' = 'cv')::int AS cv_only,
              count(*) FILTER (WHERE deadline <= current_date + 14)::int AS expiring,
              count(*) FILTER (WHERE jsonb_array_length(criteria) = 0)::int AS open_to_all,
              count(DISTINCT award)::int AS awards
         FROM scholarships WHERE status = 'published'`,
    );
    const stats = rows[0];
    expect(stats.total).toBe(200);
    for (const key of ['easy_apply', 'cv_only', 'expiring', 'open_to_all']) expect([key, stats[key]]).toEqual([key, expect.any(Number)]);
    expect(stats.easy_apply).toBeGreaterThan(20);
    expect(stats.cv_only).toBeGreaterThan(10);
    expect(stats.expiring).toBeGreaterThan(5);
    expect(stats.awards).toBeGreaterThan(3);
  });

  it('only uses criteria the provider API would accept', async () => {
    const api = accountClient(t);
    const fields = new Map<string, Pick<FieldDefinition, 'dataType'>>(
      ((await api.call('GET', '/register-applicants/form-fields')).json().data as { key: string; dataType: FieldDefinition['dataType'] }[]).map((f) => [f.key, f]),
    );
    fields.set('dob', { dataType: 'date' });
    for (const offer of demoScholarships()) {
      for (const rule of offer.criteria) expect([rule, ruleProblems(rule, fields.get(rule.fieldKey))]).toEqual([rule, []]);
    }
  });

  it('gives the demo student matches once the profile is complete enough', async () => {
    const api = accountClient(t);
    const student = (await api.login('student@demo.scholarmatch.test', 'DemoStudent#2026')).json().data.accessToken;
    const summary = (await api.call('GET', '/scholarships/dashboard-summary', { token: student })).json().data;
    expect(summary.eligible).toBeGreaterThan(0);
    expect(summary.unlock.count).toBeGreaterThan(0);
  });
});
