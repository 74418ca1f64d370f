import { createScholarship, logIn, makeMember, NEXT_YEAR, publishedScholarship, registeredApplicant, signUpApplicant, signUpProvider } from '@scholarmatch/testkit';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

/** The test kit's builders (docs/testing.md, "Building data") make what the product makes, through the API. */
describe('the test kit builders', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('starts on a migrated copy of the template: the app had nothing to migrate', async () => {
    const { rows } = await t.sql.query(`SELECT current_database() AS name, (SELECT count(*) FROM migrations)::int AS migrations`);
    expect(rows[0].name).toMatch(/^scholarmatch_test_/);
    expect(rows[0].migrations).toBeGreaterThan(10);
  });

  it('signs up an applicant who can log in again, with overrides', async () => {
    const person = await signUpApplicant(api.kit, { firstName: 'Ada' });
    expect((await api.call('GET', '/users/me', { token: person.token })).json().data).toMatchObject({ id: person.id, firstName: 'Ada', email: person.email });
    expect(await logIn(api.kit, person.email, person.password)).toEqual(expect.any(String));
  });

  it('registers an applicant with every answer, overriding the ones given', async () => {
    const person = await registeredApplicant(api.kit, { answers: { gender: '2' } });
    const { rows } = await t.sql.query(`SELECT profile FROM users WHERE id = $1`, [person.id]);
    expect(rows[0].profile).toMatchObject({ gender: '2', highSchoolName: 'Lincoln High', fieldOfStudy: 'accounting', citizenship: 'us-citizen' });
  });

  it('signs up a provider with their organisation, and makes drafts and published scholarships with criteria and requirements', async () => {
    const provider = await signUpProvider(api.kit, { organisationName: 'Kit Foundation' });
    expect((await api.call('GET', '/users/organisation', { token: provider.token })).json().data.answers).toMatchObject({ organisationName: 'Kit Foundation' });
    const draft = await createScholarship(api.kit, provider.token, { title: 'Kit Draft' });
    const published = await publishedScholarship(api.kit, provider.token, {
      title: 'Kit Award',
      criteria: [{ fieldKey: 'gender', operator: 'eq', value: '2' }],
      requirements: [{ title: 'Essay', dataType: 'editor', key: 'essay' }],
    });
    const { rows } = await t.sql.query(`SELECT id, status, deadline::text AS deadline, criteria, requirements FROM scholarships WHERE id = ANY($1) ORDER BY title`, [[draft, published]]);
    expect(rows.map((row) => [row.id, row.status, row.deadline])).toEqual([
      [published, 'published', NEXT_YEAR],
      [draft, 'draft', NEXT_YEAR],
    ]);
    expect(rows[0].criteria).toEqual([expect.objectContaining({ fieldKey: 'gender' })]);
    expect(rows[0].requirements).toEqual([expect.objectContaining({ title: 'Essay', field: expect.objectContaining({ key: 'essay', dataType: 'editor' }) })]);
  });

  it('makes a member, as an admin does', async () => {
    const admin = await logIn(api.kit, 'admin@demo.scholarmatch.test', 'DemoAdmin#2026');
    const person = await api.person();
    await makeMember(api.kit, admin, person.id);
    const { rows } = await t.sql.query(`SELECT is_active_subscription FROM users WHERE id = $1`, [person.id]);
    expect(rows[0].is_active_subscription).toBe(true);
  });
});
