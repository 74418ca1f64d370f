import { NEXT_YEAR, signUpProvider } from '@scholarmatch/testkit';
import { EligibilityJudgementJob } from '../src/review/eligibility-judgement.job.js';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * The review list's eligibility column (docs/review.md, "Eligibility"): applications that arrive are
 * judged by the list itself; the whole scholarship's judgement after a rule change or on a new day
 * is the `judge-review-eligibility` job's, and the list says it is under way meanwhile.
 */
describe("the review list's eligibility", () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let owner: string;
  let scholarshipId: string;
  let job: EligibilityJudgementJob;

  const queuedJudgements = async () =>
    Number((await t.sql.query(`SELECT count(*) FROM pgboss.job WHERE name = 'judge-review-eligibility' AND state = 'created'`)).rows[0].count);

  const list = async () => {
    const res = await api.call('GET', `/scholarships/${scholarshipId}/applicants`, { token: owner });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { eligibilityUpdating: boolean; applicants: { eligibility: string }[] };
    return { updating: data.eligibilityUpdating, verdicts: data.applicants.map((row) => row.eligibility).sort() };
  };

  const submit = async (firstName: string) => {
    const { session } = await api.signUp({ firstName });
    await t.sql.query(`INSERT INTO applications (user_id, scholarship_id, status, answers, submitted_at) VALUES ($1, $2, 'Received', '{}', now())`, [session.user.id, scholarshipId]);
  };

  /** What the applicants' profiles lack: a rule on it makes every verdict 'missing'. */
  const setRules = async (criteria: unknown[]) => {
    const res = await api.call('PATCH', `/providers/scholarships/${scholarshipId}`, { token: owner, body: { criteria } });
    expect(res.statusCode).toBe(200);
  };

  beforeAll(async () => {
    // A web process: it queues jobs and never works them, so the tests run the job themselves.
    t = await startTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 1000, PROCESS_ROLE: 'web' });
    job = t.app.get(EligibilityJudgementJob);
    api = accountClient(t);
    owner = (await signUpProvider(api.kit, { organisationName: 'Judgement Trust' }, '10.31.0.1')).token;
    const created = await api.call('POST', '/providers/scholarships', { token: owner, body: { title: 'Judged Award', award: 500, recurrenceConfig: { deadline: NEXT_YEAR } } });
    scholarshipId = created.json().data.id;
    for (const name of ['Ada', 'Grace']) await submit(name);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('judges new applications in the request, and the whole scholarship after a rule change in the job, saying meanwhile that it is under way', async () => {
    // Never judged: the first list judges them all (they arrived unjudged), with no rule: eligible.
    expect(await list()).toEqual({ updating: false, verdicts: ['eligible', 'eligible'] });

    await setRules([{ fieldKey: 'gpa', operator: 'gte', value: 3.8 }]);
    // The last judgement's verdicts, while the job is queued (this app only queues: PROCESS_ROLE=web).
    expect(await list()).toEqual({ updating: true, verdicts: ['eligible', 'eligible'] });
    expect(await queuedJudgements()).toBeGreaterThanOrEqual(1);
    expect(await job.run()).toBe(1);
    expect(await list()).toEqual({ updating: false, verdicts: ['missing', 'missing'] });
  });

  it('judges an application that arrives while the whole judgement is due at once, under the current rules', async () => {
    await t.sql.query(`UPDATE scholarships SET criteria = '[]'::jsonb WHERE id = $1`, [scholarshipId]);
    await submit('Hedy');
    // The new one is judged by the request under the current rules; the two others keep theirs until the job.
    expect(await list()).toEqual({ updating: true, verdicts: ['eligible', 'missing', 'missing'] });
    await job.run();
    expect(await list()).toEqual({ updating: false, verdicts: ['eligible', 'eligible', 'eligible'] });
    expect(await job.run()).toBe(0);
  });

  it('judges every scholarship again on a new day, in the job', async () => {
    await setRules([{ fieldKey: 'gpa', operator: 'gte', value: 3.8 }]);
    await job.run();
    expect((await list()).verdicts).toEqual(['missing', 'missing', 'missing']);
    // Yesterday's judgement, and a verdict that went stale with the day.
    await t.sql.query(`UPDATE scholarships SET eligibility_judged_on = current_date - 1 WHERE id = $1`, [scholarshipId]);
    await t.sql.query(`UPDATE applications SET eligibility = 'eligible' WHERE scholarship_id = $1`, [scholarshipId]);
    expect(await job.run()).toBeGreaterThanOrEqual(1);
    expect(await list()).toEqual({ updating: false, verdicts: ['missing', 'missing', 'missing'] });
  });

  it('judges the whole scholarship before an export, which must be exact', async () => {
    await t.sql.query(`UPDATE scholarships SET criteria = '[]'::jsonb WHERE id = $1`, [scholarshipId]);
    const exported = await api.call('GET', `/scholarships/${scholarshipId}/applicants-data/export`, { token: owner });
    expect(exported.statusCode).toBe(200);
    const { rows } = await t.sql.query(`SELECT eligibility FROM applications WHERE scholarship_id = $1`, [scholarshipId]);
    expect(rows.map((row: { eligibility: string }) => row.eligibility)).toEqual(['eligible', 'eligible', 'eligible']);
    expect((await list()).updating).toBe(false);
  });
});
