import { NEXT_YEAR, signUpProvider } from '@scholarmatch/testkit';
import { todayIso } from '@scholarmatch/schemas';
import { EligibilityJudgementJob } from '../src/review/eligibility-judgement.job.js';
import { ReviewRepository } from '../src/review/review.repository.js';
import { accountClient } from './accounts-helpers.js';
import { eventually, jobsSettled, startTestApp, type TestApp } from './test-app.js';

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
    t = await startTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    owner = (await signUpProvider(api.kit, { organisationName: 'Judgement Trust' }, '10.31.0.1')).token;
    const created = await api.call('POST', '/providers/scholarships', { token: owner, body: { title: 'Judged Award', award: 500, recurrenceConfig: { deadline: NEXT_YEAR } } });
    scholarshipId = created.json().data.id;
    for (const name of ['Ada', 'Grace']) await submit(name);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('judges new applications in the request, the whole scholarship after a rule change in the job, and says when it is under way', async () => {
    // Never judged: the first list judges them all (they arrived unjudged), with no rule: eligible.
    expect(await list()).toEqual({ updating: false, verdicts: ['eligible', 'eligible'] });

    await jobsSettled(t.sql);
    await setRules([{ fieldKey: 'gpa', operator: 'gte', value: 3.8 }]);
    // One answer is consistent either way: under way with the last judgement's verdicts, or done with
    // the new rule's (only if the minutely run happened to start in between: the list's nudge comes after it answers).
    const during = await list();
    expect(during).toEqual(during.updating ? { updating: true, verdicts: ['eligible', 'eligible'] } : { updating: false, verdicts: ['missing', 'missing'] });
    // The nudged job brings the new rule's verdicts without anyone calling it.
    await eventually(async () => expect(await list()).toEqual({ updating: false, verdicts: ['missing', 'missing'] }), 15_000);
  });

  it('shows the flag and the stored verdicts until the job has run, and judges an application that arrives meanwhile at once', async () => {
    const job = t.app.get(EligibilityJudgementJob);
    const review = t.app.get(ReviewRepository);
    await jobsSettled(t.sql);
    // The rule changed by SQL, then an application arrives: the request's judging takes the new one
    // (under the current rules) and leaves the whole judgement to the job.
    await t.sql.query(`UPDATE scholarships SET criteria = '[]'::jsonb WHERE id = $1`, [scholarshipId]);
    await submit('Hedy');
    expect(await review.judgeEligibility(scholarshipId, todayIso(), false)).toEqual({ wholeDue: true });
    const { rows } = await t.sql.query(`SELECT eligibility FROM applications WHERE scholarship_id = $1 ORDER BY eligibility`, [scholarshipId]);
    expect(rows.map((row: { eligibility: string }) => row.eligibility)).toEqual(['eligible', 'missing', 'missing']);
    const during = await list();
    expect(during).toEqual(during.updating ? { updating: true, verdicts: ['eligible', 'missing', 'missing'] } : { updating: false, verdicts: ['eligible', 'eligible', 'eligible'] });
    await job.run();
    expect(await list()).toEqual({ updating: false, verdicts: ['eligible', 'eligible', 'eligible'] });
    expect(await job.run()).toBe(0);
  });

  it('judges every scholarship again on a new day, in the job', async () => {
    const job = t.app.get(EligibilityJudgementJob);
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
