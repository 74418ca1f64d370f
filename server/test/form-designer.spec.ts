import { publishedScholarship, publishFormDraft, registeredApplicant, signUpProvider } from '@scholarmatch/testkit';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

const QUESTION = {
  key: 'designerProbe',
  name: 'Designer probe',
  dataType: 'select',
  options: [
    { value: 'a', label: 'Alpha' },
    { value: 'b', label: 'Beta' },
  ],
  validation: { required: true },
  section: 'basic',
  order: 500,
};

/** The staff form designer (docs/form-designer.md): draft, diff, publish, rollback, options, the fixed-payload rule and new questions. */
describe('form designer', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    admin = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026')).json().data.accessToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown) => api.call(method, url, { token: admin, body });
  const basic = async () => (await api.call('GET', '/forms/profile-basic')).json().data;
  const drafted = async (key: string) => ((await asAdmin('GET', '/admin/form-fields')).json().data as { id: number; key: string; draft: string | null }[]).find((f) => f.key === key);
  const auditActions = async () => (await t.sql.query(`SELECT action, target_type, target_id FROM audit_log ORDER BY id`)).rows;

  it('drafts a field without changing the live form, previews and diffs it, publishes it as a version, and rolls it back', async () => {
    const live = await basic();
    const created = await asAdmin('POST', '/admin/form-fields', QUESTION);
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ key: 'designerProbe', draft: 'added' });
    expect(created.json().data.id).toBeLessThan(0);
    expect((await basic()).version).toBe(live.version);
    expect((await asAdmin('POST', '/admin/form-fields', { ...QUESTION })).json().errorCode).toBe('FIELD_KEY_TAKEN');

    const preview = (await asAdmin('GET', '/admin/forms/profile-basic/preview')).json().data;
    expect(preview.schema.properties.designerProbe).toBeDefined();
    expect(preview.schema.required).toContain('designerProbe');
    const forms = (await asAdmin('GET', '/admin/forms')).json().data as { key: string; draftChanges: number; fixedPayload: boolean }[];
    expect(forms.find((f) => f.key === 'profile-basic')).toMatchObject({ draftChanges: 1, fixedPayload: false });
    expect(forms.find((f) => f.key === 'signup')).toMatchObject({ draftChanges: 0, fixedPayload: true });
    expect(forms.map((f) => f.key)).not.toContain('requirement-editor');

    const diff = (await asAdmin('GET', '/admin/forms/draft/diff')).json().data;
    expect(diff.changes).toEqual([expect.objectContaining({ key: 'designerProbe', change: 'added', forms: ['profile-basic', 'registration'], answers: 0 })]);
    expect(diff.blockers).toEqual([]);

    const published = await asAdmin('POST', '/admin/forms/versions', { note: 'Probe question' });
    expect(published.statusCode).toBe(201);
    const version = published.json().data;
    expect(version).toMatchObject({ number: diff.basedOn + 1, kind: 'publish', note: 'Probe question', changeCount: 1, publishedBy: { name: expect.any(String) } });
    expect((await basic()).schema.required).toContain('designerProbe');
    expect(await drafted('designerProbe')).toMatchObject({ draft: null });
    expect((await asAdmin('POST', '/admin/forms/versions', {})).json().errorCode).toBe('DRAFT_EMPTY');

    // An answer, a removal (answers kept), then rolling the removal back brings the field and its answer back.
    const { session } = await api.signUp();
    await t.sql.query(`UPDATE users SET profile = profile || '{"designerProbe":"b"}' WHERE id = $1`, [session.user.id]);
    const id = (await drafted('designerProbe'))!.id;
    expect((await asAdmin('DELETE', `/admin/form-fields/${id}`)).json().data.draft).toBe('removed');
    const removal = (await asAdmin('GET', '/admin/forms/draft/diff')).json().data.changes;
    expect(removal).toEqual([expect.objectContaining({ key: 'designerProbe', change: 'removed', answers: 1 })]);
    expect((await asAdmin('POST', `/admin/forms/versions/${version.number}/rollback`)).json().errorCode).toBe('DRAFT_NOT_EMPTY');
    const removed = (await asAdmin('POST', '/admin/forms/versions', {})).json().data;
    expect((await basic()).schema.properties.designerProbe).toBeUndefined();
    expect((await t.sql.query(`SELECT profile->>'designerProbe' AS v FROM users WHERE id = $1`, [session.user.id])).rows[0].v).toBe('b');

    expect((await asAdmin('POST', `/admin/forms/versions/${version.number}/rollback`)).json().errorCode).toBe('NOT_LATEST_VERSION');
    expect((await asAdmin('POST', '/admin/forms/versions/1/rollback')).json().errorCode).toBe('NOT_LATEST_VERSION');
    const rolled = await asAdmin('POST', `/admin/forms/versions/${removed.number}/rollback`);
    expect(rolled.statusCode).toBe(201);
    expect(rolled.json().data).toMatchObject({ number: removed.number + 1, kind: 'rollback', changes: [expect.objectContaining({ key: 'designerProbe', change: 'restored', answers: 1 })] });
    expect((await basic()).schema.properties.designerProbe).toBeDefined();
    const profile = (await api.call('GET', '/register-applicants/profile', { token: session.accessToken })).json().data;
    expect(profile.applicantFields).toEqual(expect.arrayContaining([expect.objectContaining({ fieldValue: 'b', field: expect.objectContaining({ key: 'designerProbe' }) })]));

    const list = (await asAdmin('GET', '/admin/forms/versions?page=1&limit=2')).json().data;
    expect(list.items.map((v: { number: number }) => v.number)).toEqual([removed.number + 1, removed.number]);
    expect(list.total).toBe(removed.number + 1);
    expect((await asAdmin('GET', '/admin/forms/versions/1')).json().data).toMatchObject({ number: 1, note: 'Initial version', publishedBy: null });

    const actions = (await auditActions()).map((row) => row.action);
    expect(actions).toEqual(expect.arrayContaining(['form_field.created', 'form_field.deactivated', 'form_version.published', 'form_version.rolled_back']));
  });

  it('reverts one drafted change, discards the whole draft, and drops a drafted removal that changes nothing', async () => {
    const zip = (await drafted('zipCode'))!;
    expect((await asAdmin('PATCH', `/admin/form-fields/${zip.id}`, { name: 'Postcode' })).json().data.draft).toBe('changed');
    const diff = (await asAdmin('GET', '/admin/forms/draft/diff')).json().data.changes;
    expect(diff).toEqual([expect.objectContaining({ key: 'zipCode', change: 'changed', details: ["Title: 'Zip Code' → 'Postcode'"] })]);
    expect((await asAdmin('POST', `/admin/form-fields/${zip.id}/revert`)).json().data).toMatchObject({ draft: null, name: 'Zip Code' });
    await asAdmin('PATCH', `/admin/form-fields/${zip.id}`, { name: 'Postcode' });
    await asAdmin('POST', '/admin/form-fields', { ...QUESTION, key: 'scratchQuestion' });
    expect((await asAdmin('DELETE', '/admin/forms/draft')).json().data).toEqual({ discarded: 2 });
    expect((await asAdmin('GET', '/admin/forms/draft/diff')).json().data.changes).toEqual([]);
    // Changing a field back to what is published leaves no draft row.
    await asAdmin('PATCH', `/admin/form-fields/${zip.id}`, { name: 'Postcode' });
    expect((await asAdmin('PATCH', `/admin/form-fields/${zip.id}`, { name: 'Zip Code' })).json().data.draft).toBeNull();
    expect((await asAdmin('DELETE', `/admin/form-fields/${zip.id}`)).json().errorCode).toBe('SYSTEM_FIELD');
  });

  it('edits catalogue options in the draft with search', async () => {
    const probe = (await drafted('designerProbe'))!;
    const options = (q = '') => asAdmin('GET', `/admin/form-fields/${probe.id}/options?q=${q}&limit=50`);
    expect((await options('alp')).json().data).toEqual({ items: [{ value: 'a', label: 'Alpha', draft: null }], total: 1 });
    expect((await asAdmin('POST', `/admin/form-fields/${probe.id}/options`, { value: 'c', label: 'Gamma' })).statusCode).toBe(201);
    expect((await asAdmin('POST', `/admin/form-fields/${probe.id}/options`, { value: 'c', label: 'Again' })).json().errorCode).toBe('OPTION_EXISTS');
    expect((await asAdmin('PATCH', `/admin/form-fields/${probe.id}/options/a`, { label: 'Alfa' })).json().data).toEqual({ value: 'a', label: 'Alfa', draft: 'changed' });
    expect((await asAdmin('DELETE', `/admin/form-fields/${probe.id}/options/b`)).json().data).toEqual({ value: 'b', label: 'Beta', draft: 'removed' });
    expect((await asAdmin('DELETE', `/admin/form-fields/${probe.id}/options/zz`)).json().errorCode).toBe('OPTION_NOT_FOUND');
    expect((await options()).json().data.items).toEqual([
      { value: 'a', label: 'Alfa', draft: 'changed' },
      { value: 'c', label: 'Gamma', draft: 'added' },
      { value: 'b', label: 'Beta', draft: 'removed' },
    ]);
    const diff = (await asAdmin('GET', '/admin/forms/draft/diff')).json().data.changes;
    expect(diff[0].details).toEqual(['1 option added', '1 option removed', '1 option renamed']);
    await asAdmin('DELETE', '/admin/forms/draft');
  });

  it('refuses to publish the removal of a field a published eligibility rule uses, naming the scholarship', async () => {
    const provider = await signUpProvider(api.kit);
    const title = 'Probe-only scholarship';
    await publishedScholarship(api.kit, provider.token, { title, criteria: [{ fieldKey: 'designerProbe', operator: 'in', value: ['a'] }] });
    await asAdmin('DELETE', `/admin/form-fields/${(await drafted('designerProbe'))!.id}`);
    const diff = (await asAdmin('GET', '/admin/forms/draft/diff')).json().data;
    expect(diff.blockers).toEqual([{ key: 'designerProbe', name: 'Designer probe', scholarships: [{ id: expect.any(String), title }] }]);
    const refused = await asAdmin('POST', '/admin/forms/versions', {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'FIELD_IN_USE', errors: [{ path: 'designerProbe', message: `Used by '${title}'.` }] });
    expect(refused.json().description).toContain(title);
    await asAdmin('DELETE', '/admin/forms/draft');
  });

  it("serves a required field added to the sign-up form as optional: the seeds' fixed payload still signs up", async () => {
    await asAdmin('POST', '/admin/form-fields', { ...QUESTION, key: 'heardAboutUs', name: 'How did you hear about us?', section: 'signup', order: 25 });
    expect((await asAdmin('GET', '/admin/forms/signup/preview')).json().data.schema.required).not.toContain('heardAboutUs');
    await publishFormDraft(api.kit, admin);
    const signup = (await api.call('GET', '/forms/signup')).json().data;
    expect(signup.schema.properties.heardAboutUs).toBeDefined();
    expect(signup.schema.required).not.toContain('heardAboutUs');
    expect(signup.schema.required).toEqual(expect.arrayContaining(['firstName', 'email', 'password']));
    const { session } = await api.signUp();
    expect(session.accessToken).toEqual(expect.any(String));
    // Judged when sent.
    const judged = await api.call('POST', '/forms/signup/validate', { body: { heardAboutUs: 'radio' } });
    expect(JSON.stringify(judged.json())).toContain('heardAboutUs');
  });

  it('prompts people who joined before a required question was published, until they answer it, and never locks them out', async () => {
    const { session } = await api.signUp();
    // The first test's required Basic question is answered, as registration asks it now.
    const registered = await registeredApplicant(api.kit, { answers: { designerProbe: 'a' } });
    const newQuestions = async () => (await api.call('GET', '/users/me/new-questions', { token: session.accessToken })).json().data.fields;
    const before = await newQuestions();
    await asAdmin('POST', '/admin/form-fields', { ...QUESTION, key: 'graduationPlan', name: 'Graduation plan', section: 'contact', order: 900 });
    await publishFormDraft(api.kit, admin, 'Graduation plan');
    expect(await newQuestions()).toEqual([...before, { key: 'graduationPlan', name: 'Graduation plan', formKey: 'profile-contact', tab: 'contact' }]);
    // Another tab still saves without the new Contact question (registration's answers are all there).
    const basicSave = await api.call('PUT', `/register-applicants/${registered.id}`, { token: registered.token, body: { formKey: 'profile-basic', applicantFields: [] } });
    expect(basicSave.statusCode).toBe(200);
    expect((await api.call('GET', '/users/me/new-questions', { token: registered.token })).json().data.fields.map((q: { key: string }) => q.key)).toContain('graduationPlan');
    const fresh = (await api.signUp()).session;
    expect((await api.call('GET', '/users/me/new-questions', { token: fresh.accessToken })).json().data.fields).toEqual([]);

    await t.sql.query(`UPDATE users SET profile = profile || '{"graduationPlan":"a"}' WHERE id = $1`, [session.user.id]);
    expect((await newQuestions()).map((q: { key: string }) => q.key)).not.toContain('graduationPlan');
    expect((await api.call('GET', '/users/me/new-questions', { token: admin })).statusCode).toBe(403);
  });
});
