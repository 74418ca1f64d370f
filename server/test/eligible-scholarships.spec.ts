import { StaleMatchesSweep } from '../src/matching/stale-matches-sweep.js';
import { accountClient, dobYearsAgo } from './accounts-helpers.js';
import { eventually, startTestApp, type TestApp } from './test-app.js';

const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-06-30`;

/** The applicant's eligible list and count, decided in PostgreSQL from the stored answers. */
describe('mine-eligible-scholarships', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let provider: string;
  let applicant: { id: string; token: string };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    // This spec counts exactly; the demo catalogue (checked in demo-data.spec.ts) would be in the way.
    await t.sql.query('DELETE FROM scholarships');

    const fields = new Map(((await api.call('GET', '/register-applicants/form-fields')).json().data as { id: number; key: string; options: Record<string, string> }[]).map((f) => [f.key, f]));
    const first = (key: string) => Object.keys(fields.get(key)!.options)[0];
    const { session } = await api.signUp();
    applicant = { id: session.user.id, token: session.accessToken };
    const answers: Record<string, unknown> = {
      citizenship: 'us-citizen', country: 'us', ethnicity: first('ethnicity'), gender: '1', zipCode: '10001', schoolLevel: first('schoolLevel'),
      highSchoolName: 'Central High', enrolledInCollege: '0', fieldOfStudy: 'accounting', degreeType: 'associate',
      gpa: { markingSystem: 'Percentage', grade: 82 }, careerGoal: first('careerGoal'),
    };
    // Registration needs a military affiliation; it is removed afterwards to leave one rule 'missing'.
    const saved = await api.call('PUT', `/register-applicants/${applicant.id}`, {
      token: applicant.token,
      body: { dob: dobYearsAgo(18), applicantFields: Object.entries({ ...answers, militaryAffiliation: first('militaryAffiliation') }).map(([key, fieldValue]) => ({ fieldId: fields.get(key)!.id, fieldValue })) },
    });
    expect(saved.statusCode).toBe(200);
    await t.sql.query(`UPDATE users SET profile = profile - 'militaryAffiliation' WHERE id = $1`, [applicant.id]);

    const essay = [{ title: 'Essay', dataType: 'editor' }];
    const offers: [string, object, 'publish' | 'draft' | 'close'][] = [
      ['open', { criteria: [], requirements: [] }, 'publish'],
      ['usOnly', { criteria: [{ fieldKey: 'country', operator: 'in', value: ['us'] }], requirements: essay }, 'publish'],
      ['highGpa', { criteria: [{ fieldKey: 'gpa', operator: 'gte', value: 3.8 }], requirements: [] }, 'publish'],
      ['accountingCv', { criteria: [{ fieldKey: 'fieldOfStudy', operator: 'eq', value: 'accounting' }], requirements: [{ title: 'CV', dataType: 'file', key: 'cv' }] }, 'publish'],
      ['draft', { criteria: [], requirements: [] }, 'draft'],
      ['closed', { criteria: [], requirements: [] }, 'close'],
      ['needsMilitary', { criteria: [{ fieldKey: 'militaryAffiliation', operator: 'exists' }], requirements: essay }, 'publish'],
      ['teens', { criteria: [{ fieldKey: 'dob', operator: 'ageBetween', value: [16, 20] }], requirements: essay }, 'publish'],
      ['expired', { criteria: [], requirements: [] }, 'publish'],
    ];
    for (const [name, body, end] of offers) {
      const created = (await api.call('POST', '/providers/scholarships', { token: provider, body: { title: name, award: 1000, recurrenceConfig: { deadline: NEXT_YEAR }, ...body } })).json().data;
      ids[name] = created.id;
      if (end !== 'draft') await api.call('POST', `/providers/scholarships/${created.id}/publish`, { token: provider });
      if (end === 'close') await api.call('POST', `/providers/scholarships/${created.id}/close`, { token: provider });
    }
    await t.sql.query(`UPDATE scholarships SET deadline = '2020-01-01' WHERE id = $1`, [ids.expired]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (query = '') => {
    const res = await api.call('GET', `/scholarships/mine-eligible-scholarships${query}`, { token: applicant.token });
    expect(res.statusCode).toBe(200);
    return (res.json().data as { title: string }[]).map((s) => s.title).sort();
  };
  const count = async (query = '') => (await api.call('GET', `/scholarships/mine-eligible-scholarships/count${query}`, { token: applicant.token })).json().data;

  it('lists the published, open scholarships whose every rule the applicant meets', async () => {
    expect(await list('?limit=50')).toEqual(['accountingCv', 'open', 'teens', 'usOnly']);
    expect(await count()).toBe(4);
    const [item] = (await api.call('GET', '/scholarships/mine-eligible-scholarships?limit=1&orderBy=createdAt&order=ASC', { token: applicant.token })).json().data;
    expect(item).toMatchObject({ title: 'open', totalAmount: 1000, user: { firstName: 'Grace Hopper Foundation' }, requirementCount: 0, recurrenceConfig: { deadline: NEXT_YEAR } });
  });

  it('filters Easy Apply, every recommendation, and the CV-only list; pages with offset and limit', async () => {
    expect(await list('?withoutRequirement=true')).toEqual(['open']);
    // Your Recommendation is every match, the Easy Apply ones included (docs/matching.md, "The counts").
    expect(await list('?withoutRequirement=false')).toEqual(['accountingCv', 'open', 'teens', 'usOnly']);
    expect(await list('?withoutRequirement=false&requirementFields=cv')).toEqual(['accountingCv']);
    expect(await list('?withoutRequirement=true&requirementFields=cv')).toEqual([]);
    expect(await count('?withoutRequirement=false')).toBe(4);
    expect(await count('?withoutRequirement=true')).toBe(1);
    expect(await count('?withoutRequirement=false&requirementFields=cv')).toBe(1);
    expect(await count('?withoutRequirement=true&requirementFields=cv')).toBe(0);
    const page1 = await list('?limit=2&offset=0');
    const page2 = await list('?limit=2&offset=2');
    expect([...page1, ...page2].sort()).toEqual(['accountingCv', 'open', 'teens', 'usOnly']);
    expect((await api.call('GET', '/scholarships/mine-eligible-scholarships?limit=500', { token: applicant.token })).statusCode).toBe(400);
  });

  it('sums the dashboard tiles and the scholarships a missing answer keeps out', async () => {
    await t.sql.query(`UPDATE scholarships SET deadline = current_date + 7 WHERE id = $1`, [ids.open]);
    // The change job brings the stored matches to the new deadline moments later (docs/matching.md, "When the catalogue changes").
    await eventually(async () => {
      const summary = (await api.call('GET', '/scholarships/dashboard-summary', { token: applicant.token })).json().data;
      expect(summary).toEqual({
        appliedScholarship: 0,
        yourRecommendation: 4,
        eligible: 4,
        scholarshipAmount: 4000,
        expiringSoon: 1,
        unlock: { count: 1, totalValue: 1000 },
      });
    });
    expect((await api.call('GET', '/scholarships/stats', { token: applicant.token })).json().data).toEqual({ yourRecommendation: 4 });
  });

  it('reflects a profile change in the next call (no stale cache)', async () => {
    await t.sql.query(`UPDATE users SET profile = profile || '{"militaryAffiliation":"none"}' WHERE id = $1`, [applicant.id]);
    expect(await list('?limit=50')).toContain('needsMilitary');
    expect(await count()).toBe(5);
    expect((await api.call('GET', '/scholarships/dashboard-summary', { token: applicant.token })).json().data.unlock).toEqual({ count: 0, totalValue: 0 });
  });

  it('saves and unsaves scholarships idempotently, marks them liked, and refuses drafts and strangers', async () => {
    const add = (scholarshipId: string, token = applicant.token) => api.call('PUT', '/scholarships/add-wishlist', { body: { scholarshipId }, token });
    const remove = (scholarshipId: string) => api.call('PUT', '/scholarships/remove-wishlist', { body: { scholarshipId }, token: applicant.token });
    expect((await add(ids.open)).statusCode).toBe(200);
    expect((await add(ids.open)).statusCode).toBe(200);
    expect((await add(ids.closed)).statusCode).toBe(200);
    expect((await add(ids.draft)).statusCode).toBe(404);
    expect((await add('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await add('not-an-id')).statusCode).toBe(400);
    const saved = (await api.call('GET', '/scholarships/get-wishlist', { token: applicant.token })).json().data;
    expect(saved.map((item: { scholarship: { title: string } }) => item.scholarship.title).sort()).toEqual(['closed', 'open']);
    const [listed] = (await api.call('GET', '/scholarships/mine-eligible-scholarships?withoutRequirement=true', { token: applicant.token })).json().data;
    expect(listed).toMatchObject({ title: 'open', isLiked: true });
    expect((await remove(ids.open)).statusCode).toBe(200);
    expect((await remove(ids.open)).statusCode).toBe(200);
    expect((await api.call('GET', '/scholarships/get-wishlist', { token: applicant.token })).json().data).toHaveLength(1);
    // Another applicant's wishlist is their own.
    const other = await api.signUp();
    expect((await api.call('GET', '/scholarships/get-wishlist', { token: other.session.accessToken })).json().data).toEqual([]);
  });

  it("drops an applicant's stored matches after two weeks without a list call, and recomputes them on the next", async () => {
    const before = await list();
    const stored = async () => Number((await t.sql.query('SELECT count(*) AS n FROM applicant_matches WHERE user_id = $1', [applicant.id])).rows[0].n);
    expect(await stored()).toBe(before.length);
    const sweep = t.app.get(StaleMatchesSweep);
    expect(await sweep.sweep()).toBe(0);
    await t.sql.query(`UPDATE applicant_match_state SET computed_at = now() - interval '15 days' WHERE user_id = $1`, [applicant.id]);
    expect(await sweep.sweep()).toBeGreaterThanOrEqual(1);
    expect((await t.sql.query('SELECT 1 FROM applicant_match_state WHERE user_id = $1', [applicant.id])).rowCount).toBe(0);
    expect(await stored()).toBe(0);
    expect(await list()).toEqual(before);
    expect(await stored()).toBe(before.length);
  });

  it('is for applicants only', async () => {
    expect((await api.call('GET', '/scholarships/mine-eligible-scholarships', { token: provider })).statusCode).toBe(403);
    expect((await api.call('GET', '/scholarships/mine-eligible-scholarships')).statusCode).toBe(401);
  });
});
