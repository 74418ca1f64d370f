import { publishedScholarship } from '@scholarmatch/testkit';
import { MatchChangesJob } from '../src/matching/match-changes.js';
import { MATCH_CHANGES_LOCK, MatchesRepository } from '../src/matching/matches.repository.js';
import { accountClient, dobYearsAgo } from './accounts-helpers.js';
import { eventually, startTestApp, type TestApp } from './test-app.js';

/**
 * A scholarship's publish, criteria change and close reach every applicant's stored matches
 * through the change job (docs/matching.md, "When the catalogue changes"), not through a
 * recomputation on their next call: `computed_at` stays as it was, and what the job leaves equals
 * what a full recomputation gives.
 */
describe('stored matches follow scholarship changes', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let provider: string;
  const people: Record<'accountant' | 'biologist', { id: string; token: string }> = {} as never;

  const get = async (path: string, token: string) => (await api.call('GET', path, { token })).json().data;
  const view = async (who: keyof typeof people) => {
    const token = people[who].token;
    const list = (await get('/scholarships/mine-eligible-scholarships?limit=50', token)) as { title: string }[];
    return {
      titles: list.map((s) => s.title).sort(),
      count: (await get('/scholarships/mine-eligible-scholarships/count', token)) as number,
      stats: await get('/scholarships/stats', token),
      summary: await get('/scholarships/dashboard-summary', token),
    };
  };
  const computedAt = async (who: keyof typeof people) =>
    (await t.sql.query(`SELECT computed_at FROM applicant_match_state WHERE user_id = $1`, [people[who].id])).rows[0]?.computed_at as Date;
  /** The stored state and rows, as text that does not depend on row order. */
  const stored = async (who: keyof typeof people) => {
    const state = (await t.sql.query(`SELECT summary FROM applicant_match_state WHERE user_id = $1`, [people[who].id])).rows[0]?.summary;
    const rows = (await t.sql.query(`SELECT scholarship_id, created_at, deadline, total_amount, requirement_count, only_requirement_key FROM applicant_matches WHERE user_id = $1 ORDER BY scholarship_id`, [people[who].id])).rows;
    return JSON.stringify({ state, rows });
  };
  /** What a full recomputation stores for this applicant now. */
  const recomputed = async (who: keyof typeof people) => {
    await t.sql.query(`UPDATE applicant_match_state SET answers_version = -1, answer_slots = NULL WHERE user_id = $1`, [people[who].id]);
    await get('/scholarships/mine-eligible-scholarships/count', people[who].token);
    return stored(who);
  };
  const publish = (title: string, body: object) => publishedScholarship(api.kit, provider, { title, ...body });
  const jobIdle = async () => {
    const { rows } = await t.sql.query(`SELECT c.version = p.applied_version AS idle FROM match_catalogue c, match_progress p`);
    expect(rows[0].idle).toBe(true);
  };

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    await t.sql.query('DELETE FROM scholarships');
    const answers = {
      accountant: { fieldOfStudy: 'accounting', gender: '1', gpa: { markingSystem: 'GPA', grade: 3.5, gpa: 3.5 } },
      biologist: { fieldOfStudy: 'biology', gender: '2' },
    };
    for (const who of ['accountant', 'biologist'] as const) {
      const { session } = await api.signUp();
      people[who] = { id: session.user.id, token: session.accessToken };
      await t.sql.query(`UPDATE users SET profile = $2, dob = $3 WHERE id = $1`, [people[who].id, JSON.stringify(answers[who]), dobYearsAgo(19)]);
    }
    await publish('Open', { criteria: [] });
    await publish('Biology', { criteria: [{ fieldKey: 'fieldOfStudy', operator: 'in', value: ['biology'] }] });
    await eventually(jobIdle);
    for (const who of ['accountant', 'biologist'] as const) await view(who);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('publish, criteria change and close show in list, count, stats and summary without a recomputation', async () => {
    const computed = { accountant: await computedAt('accountant'), biologist: await computedAt('biologist') };
    const accountingCv = await publish('Accounting CV', {
      criteria: [{ fieldKey: 'fieldOfStudy', operator: 'in', value: ['accounting', 'finance'] }],
      requirements: [{ title: 'CV', dataType: 'file', key: 'cv' }],
    });
    await eventually(async () => expect((await view('accountant')).titles).toEqual(['Accounting CV', 'Open']));
    const accountant = await view('accountant');
    expect(accountant).toMatchObject({ count: 2, stats: { yourRecommendation: 2 }, summary: { eligible: 2, yourRecommendation: 2, scholarshipAmount: 2000 } });
    expect(await get('/scholarships/mine-eligible-scholarships/count?withoutRequirement=false&requirementFields=cv', people.accountant.token)).toBe(1);
    expect((await view('biologist')).titles).toEqual(['Biology', 'Open']);

    // A GPA rule the biologist has not answered: out for the accountant, one to unlock for the biologist.
    const patched = await api.call('PATCH', `/providers/scholarships/${accountingCv}`, {
      token: provider,
      body: { criteria: [{ fieldKey: 'gpa', operator: 'gte', value: 3.8 }], award: 2500 },
    });
    expect(patched.statusCode).toBe(200);
    await eventually(async () => expect((await view('accountant')).titles).toEqual(['Open']));
    expect(await view('accountant')).toMatchObject({ count: 1, stats: { yourRecommendation: 1 }, summary: { eligible: 1, unlock: { count: 0 } } });
    await eventually(async () => expect((await view('biologist')).summary).toMatchObject({ eligible: 2, unlock: { count: 1, totalValue: 2500 } }));

    await api.call('PATCH', `/providers/scholarships/${accountingCv}`, { token: provider, body: { criteria: [{ fieldKey: 'gpa', operator: 'gte', value: 3 }] } });
    await eventually(async () => expect((await view('accountant')).titles).toEqual(['Accounting CV', 'Open']));
    expect((await view('accountant')).summary).toMatchObject({ eligible: 2, scholarshipAmount: 3500 });

    expect((await api.call('POST', `/providers/scholarships/${accountingCv}/close`, { token: provider })).statusCode).toBe(200);
    await eventually(async () => expect((await view('accountant')).titles).toEqual(['Open']));
    await eventually(async () => expect((await view('biologist')).summary).toMatchObject({ unlock: { count: 0, totalValue: 0 } }));
    expect((await view('accountant')).summary).toMatchObject({ eligible: 1, yourRecommendation: 1, scholarshipAmount: 1000 });

    // Nobody was recomputed: the job edited the stored matches.
    expect(await computedAt('accountant')).toEqual(computed.accountant);
    expect(await computedAt('biologist')).toEqual(computed.biologist);
  });

  it('leaves exactly what a full recomputation would store', async () => {
    const id = await publish('Finance or accounting, GPA 3+', {
      criteria: [{ fieldKey: 'fieldOfStudy', operator: 'in', value: ['accounting'] }, { fieldKey: 'gpa', operator: 'gte', value: 3 }],
      recurrenceConfig: { deadline: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10) },
      requirements: [{ title: 'Essay', dataType: 'editor', key: 'essay' }, { title: 'CV', dataType: 'file', key: 'cv' }],
    });
    await api.call('PATCH', `/providers/scholarships/${id}`, { token: provider, body: { amounts: [700, 300] } });
    await eventually(jobIdle);
    for (const who of ['accountant', 'biologist'] as const) {
      const incremental = await stored(who);
      expect(incremental).toEqual(await recomputed(who));
    }
    expect((await view('accountant')).summary).toMatchObject({ expiringSoon: 1 });
  });

  it('is harmless to run again, or twice at once', async () => {
    const job = t.app.get(MatchChangesJob);
    await publish('Anyone', { criteria: [] });
    const [first, second] = await Promise.all([job.run(), job.run()]);
    // One of them applied the change (unless the queued run came first); the other found nothing left.
    expect(Math.min(first.targets, second.targets)).toBe(0);
    const before = { accountant: await stored('accountant'), biologist: await stored('biologist') };
    expect(await job.run()).toMatchObject({ targets: 0, edited: 0 });
    expect({ accountant: await stored('accountant'), biologist: await stored('biologist') }).toEqual(before);
    expect(before.accountant).toEqual(await recomputed('accountant'));
  });

  it('loses no profile save or recomputation made while a change waits for the job', async () => {
    // Hold the job back as a running job would (its lock), change a scholarship, and save a profile meanwhile.
    const holder = await t.sql.connect();
    try {
      await holder.query(`SELECT pg_advisory_lock($1)`, [MATCH_CHANGES_LOCK]);
      const id = await publish('Biology or accounting', { criteria: [{ fieldKey: 'fieldOfStudy', operator: 'in', value: ['biology', 'accounting'] }] });
      const matches = t.app.get(MatchesRepository);
      // Briefly stale, not wrong: the stored matches are still served while the job is held.
      const today = new Date().toISOString().slice(0, 10);
      expect((await matches.stateOf(people.biologist.id, today))?.fresh).toBe(true);
      await t.sql.query(`UPDATE users SET profile = profile || '{"fieldOfStudy": "accounting"}' WHERE id = $1`, [people.biologist.id]);
      expect((await matches.stateOf(people.biologist.id, today))?.fresh).toBe(false);
      // A change the job has not applied for longer than the grace period is not trusted any more.
      await t.sql.query(`UPDATE match_changes SET changed_at = changed_at - interval '1 hour'`);
      expect((await matches.stateOf(people.accountant.id, today))?.fresh).toBe(false);
      expect(id).toBeTruthy();
    } finally {
      await holder.query(`SELECT pg_advisory_unlock($1)`, [MATCH_CHANGES_LOCK]);
      holder.release();
    }
    await eventually(jobIdle);
    const biologist = await view('biologist');
    expect(biologist.titles).toContain('Biology or accounting');
    expect(biologist.titles).not.toContain('Biology');
    for (const who of ['accountant', 'biologist'] as const) expect(await stored(who)).toEqual(await recomputed(who));
  });

  it('sends a state whose stored rows disagree to recompute instead of editing it', async () => {
    const id = await publish('Everyone again', { criteria: [] });
    await eventually(jobIdle);
    await t.sql.query(`DELETE FROM applicant_matches WHERE user_id = $1 AND scholarship_id = $2`, [people.accountant.id, id]);
    await api.call('PATCH', `/providers/scholarships/${id}`, { token: provider, body: { award: 1234 } });
    await eventually(async () => {
      const { rows } = await t.sql.query(`SELECT answers_version FROM applicant_match_state WHERE user_id = $1`, [people.accountant.id]);
      expect(rows[0].answers_version).toBe('-1');
    });
    expect((await view('accountant')).titles).toContain('Everyone again');
    expect(await stored('accountant')).toEqual(await recomputed('accountant'));
  });
});
