import { createScholarship, publishScholarship } from '@scholarmatch/testkit';
import { accountClient, dobYearsAgo } from './accounts-helpers.js';
import { eventually, startTestApp, type TestApp } from './test-app.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/** One scholarship's details behind the membership gate, My Scholarships, and the public stats. */
describe('scholarship details, my scholarships and public stats', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let provider: string;
  let member: { id: string; token: string };
  let visitor: { id: string; token: string };
  let fieldIds: Record<string, number>;
  const ids: Record<string, string> = {};

  const publish = async (title: string, body: object, status: 'publish' | 'draft' = 'publish') => {
    const id = await createScholarship(api.kit, provider, { title, ...body });
    if (status === 'publish') await publishScholarship(api.kit, provider, id);
    return id;
  };

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    await t.sql.query('DELETE FROM scholarships');
    // Every field has an id, the account's date of birth included (the sign-up teaser sends it).
    fieldIds = Object.fromEntries((await t.sql.query(`SELECT id, key FROM form_fields`)).rows.map((f: { id: number; key: string }) => [f.key, f.id]));
    for (const role of ['member', 'visitor'] as const) {
      const { session } = await api.signUp();
      const person = { id: session.user.id as string, token: session.accessToken as string };
      if (role === 'member') member = person;
      else visitor = person;
    }
    await t.sql.query(`UPDATE users SET is_active_subscription = true, profile = '{"fieldOfStudy":"accounting","gender":"1"}', dob = $2 WHERE id = $1`, [member.id, dobYearsAgo(19)]);
    ids.rules = await publish('<b>Rules</b>', {
      description: '<p>Hello<script>alert(1)</script><img src=x onerror="alert(2)"></p>',
      criteria: [
        { fieldKey: 'fieldOfStudy', operator: 'in', value: ['accounting', 'biology'] },
        { fieldKey: 'gender', operator: 'eq', value: '2' },
        { fieldKey: 'gpa', operator: 'gte', value: 3 },
      ],
      requirements: [{ title: 'CV', dataType: 'file', key: 'cv' }],
    });
    ids.open = await publish('Open', { criteria: [], requirements: [] });
    ids.teens = await publish('Teens', { criteria: [{ fieldKey: 'dob', operator: 'ageBetween', value: [16, 17] }], requirements: [] });
    ids.draft = await publish('Draft only', { criteria: [] }, 'draft');
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string, token?: string) => api.call('GET', path, { token });

  it('gives members the scholarship with its requirements and which rules pass, fail or lack an answer', async () => {
    const res = await get(`/scholarships/${ids.rules}`, member.token);
    expect(res.statusCode).toBe(200);
    const detail = res.json().data;
    expect(detail).toMatchObject({ id: ids.rules, totalAmount: 1000, status: 'published', user: { firstName: 'Grace Hopper Foundation' }, isLiked: false, scholarshipStatus: null });
    expect(detail.description).not.toMatch(/script|onerror/);
    expect(detail.requirements).toEqual([expect.objectContaining({ title: 'CV', optional: false, field: expect.objectContaining({ key: 'cv', dataType: 'file' }) })]);
    expect(detail.match).toEqual({
      outcome: 'ineligible',
      rules: [
        { fieldKey: 'fieldOfStudy', fieldName: expect.any(String), operator: 'in', value: ['accounting', 'biology'], verdict: 'pass' },
        { fieldKey: 'gender', fieldName: 'Gender', operator: 'eq', value: '2', verdict: 'fail' },
        { fieldKey: 'gpa', fieldName: expect.any(String), operator: 'gte', value: 3, verdict: 'missing' },
      ],
    });
    expect((await get(`/scholarships/${ids.open}`, member.token)).json().data.match).toEqual({ outcome: 'eligible', rules: [] });
  });

  it('refuses details to non-members with SUBSCRIPTION_REQUIRED, except their own Draft or Received applications', async () => {
    const refused = await get(`/scholarships/${ids.open}`, visitor.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'SUBSCRIPTION_REQUIRED', description: expect.stringContaining('members') });
    // The refusal names the scholarship (its public title), so the plans page can say which one.
    const { title } = (await t.sql.query(`SELECT title FROM scholarships WHERE id = $1`, [ids.open])).rows[0] as { title: string };
    expect(refused.json().scholarship).toEqual({ id: ids.open, title });
    await t.sql.query(`INSERT INTO applications (user_id, scholarship_id, status) VALUES ($1, $2, 'Draft')`, [visitor.id, ids.open]);
    const own = await get(`/scholarships/${ids.open}`, visitor.token);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.scholarshipStatus).toBe('Draft');
    // Someone else's application opens nothing for the member's neighbour.
    expect((await get(`/scholarships/${ids.teens}`, visitor.token)).statusCode).toBe(403);
  });

  it('answers 404 for drafts, unknown ids and 400 for malformed ones; applicants only', async () => {
    expect((await get(`/scholarships/${ids.draft}`, member.token)).json()).toMatchObject({ statusCode: 404, errorCode: 'SCHOLARSHIP_NOT_FOUND' });
    expect((await get(`/scholarships/${UNKNOWN_ID}`, member.token)).statusCode).toBe(404);
    expect((await get('/scholarships/not-a-uuid', member.token)).statusCode).toBe(400);
    expect((await get(`/scholarships/${ids.open}`)).statusCode).toBe(401);
    expect((await get(`/scholarships/${ids.open}`, provider)).statusCode).toBe(403);
  });

  it('lists My Scholarships by status, each applicant only their own', async () => {
    await t.sql.query(`INSERT INTO applications (user_id, scholarship_id, status) VALUES ($1, $2, 'Received')`, [visitor.id, ids.rules]);
    const all = (await get('/scholarships/me/scholarships', visitor.token)).json().data as { title: string; scholarshipStatus: string }[];
    expect(all.map((s) => [s.title, s.scholarshipStatus]).sort()).toEqual([['<b>Rules</b>', 'Received'], ['Open', 'Draft']].sort());
    expect((await get('/scholarships/me/scholarships?status=Draft', visitor.token)).json().data.map((s: { title: string }) => s.title)).toEqual(['Open']);
    expect((await get('/scholarships/me/scholarships?status=Received', visitor.token)).json().data).toHaveLength(1);
    expect((await get('/scholarships/me/scholarships?status=Won', visitor.token)).statusCode).toBe(400);
    expect((await get('/scholarships/me/scholarships', member.token)).json().data).toEqual([]);
    const summary = (await get('/scholarships/dashboard-summary', visitor.token)).json().data;
    expect(summary.appliedScholarship).toBe(1);
  });

  it('counts open scholarships publicly, and for a partial profile only what a given answer rules out', async () => {
    const all = await get('/scholarships/eligible-scholarships/stats');
    expect(all.statusCode).toBe(200);
    expect(all.json().data).toEqual({ counts: 3, totalValue: 3000 });
    const post = (eligiblityFilters: object) => api.call('POST', '/scholarships/eligible-scholarships/stats', { body: { eligiblityFilters } });
    // Gender 1 rules out 'Rules' (gender must be 2); the GPA rule on a field not given does not.
    expect((await post({ [`field.${fieldIds.gender}`]: '1' })).json().data).toEqual({ counts: 2, totalValue: 2000 });
    expect((await post({ [`field.${fieldIds.gender}`]: '2', [`field.${fieldIds.dob}`]: dobYearsAgo(30) })).json().data).toEqual({ counts: 2, totalValue: 2000 });
    expect((await post({ 'field.99999': 'x' })).json().data).toEqual({ counts: 3, totalValue: 3000 });
    const bad = await post({ gender: '1' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().description).toContain('field.{fieldId}');
    expect((await api.call('POST', '/scholarships/eligible-scholarships/stats', { body: { eligiblityFilters: 'x' } })).statusCode).toBe(400);
    expect((await post({ [`field.${fieldIds.gender}`]: 'x'.repeat(5_000) })).statusCode).toBe(400);
  });

  it('takes the answers given so far by field key too, as the sign-up page sends them (the date of birth has no public id)', async () => {
    const post = (eligiblityFilters: object) => api.call('POST', '/scholarships/eligible-scholarships/stats', { body: { eligiblityFilters } });
    const byKey = await post({ 'field.gender': '2', 'field.dob': dobYearsAgo(30) });
    expect([byKey.statusCode, byKey.json().data]).toEqual([200, { counts: 2, totalValue: 2000 }]);
    expect((await post({ [`field.${fieldIds.gender}`]: '2', [`field.${fieldIds.dob}`]: dobYearsAgo(30) })).json().data).toEqual(byKey.json().data);
    // A key no field has is ignored like an unknown id; anything else is still refused.
    expect((await post({ 'field.noSuchField': 'x' })).json().data).toEqual({ counts: 3, totalValue: 3000 });
    for (const name of ['field.', 'field.1a', 'field._x', `field.${'a'.repeat(65)}`, 'gender']) {
      const refused = await post({ [name]: '1' });
      expect([name, refused.statusCode, refused.json().description]).toEqual([name, 400, expect.stringContaining("'field.{fieldKey}'")]);
    }
  });

  it('limits the answer sets one client IP has counted that were not cached yet, not the cached ones', async () => {
    const post = (dob: string, ip: string) =>
      api.call('POST', '/scholarships/eligible-scholarships/stats', { body: { eligiblityFilters: { 'field.dob': dob } }, ip });
    const day = (n: number) => new Date(Date.UTC(2000, 0, 1 + n)).toISOString().slice(0, 10);
    // TEASER_COUNTS_PER_MINUTE, 60 by default.
    for (let n = 0; n < 60; n += 1) expect([n, (await post(day(n), '10.77.0.1')).statusCode]).toEqual([n, 200]);
    const refused = await post(day(60), '10.77.0.1');
    expect([refused.statusCode, refused.json().errorCode]).toEqual([429, 'RATE_LIMITED']);
    expect(refused.json().description).toMatch(/^You have used your 60 eligibility counts for now\. Please try again in 1 minute\.$/);
    // What is cached costs nothing, and is still answered; another network has its own count.
    expect((await post(day(0), '10.77.0.1')).statusCode).toBe(200);
    expect((await post(day(60), '10.77.0.2')).statusCode).toBe(200);
    expect((await post(day(60), '10.77.0.1')).statusCode).toBe(200);
  });

  // The change job applies a publish or a close to stored lists moments later (docs/matching.md, "When the catalogue changes").
  it('shows a scholarship published or closed after the first list in the lists that follow', async () => {
    const titles = async () =>
      ((await get('/scholarships/mine-eligible-scholarships?limit=50', member.token)).json().data as { title: string }[]).map((s) => s.title).sort();
    expect(await titles()).toEqual(['Open']);
    const late = await publish('Late', { criteria: [{ fieldKey: 'gender', operator: 'eq', value: '1' }] });
    await eventually(async () => expect(await titles()).toEqual(['Late', 'Open']));
    await api.call('POST', `/providers/scholarships/${late}/close`, { token: provider });
    await eventually(async () => expect(await titles()).toEqual(['Open']));
  });
});
