import { accountClient } from './accounts-helpers.js';
import { filePart, multipartBody, pdfFile } from './upload-fixtures.js';
import { startTestApp, type TestApp } from './test-app.js';

const FIRST_GENERATION = {
  key: 'firstGeneration',
  name: 'First-generation college student',
  dataType: 'select',
  options: [
    { value: '1', label: 'Yes' },
    { value: '0', label: 'No' },
  ],
  validation: { required: true },
  ui: { radio: true },
  section: 'education',
  order: 115,
};

/** Admins add, change and deactivate profile fields; the forms follow with no deploy. */
describe('admin field management', () => {
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

  const education = async () => (await api.call('GET', '/forms/profile-education')).json().data;
  /** Edits are drafted (docs/form-designer.md): a version makes them live. */
  const publish = async () => expect((await api.call('POST', '/admin/forms/versions', { body: {}, token: admin })).statusCode).toBe(201);
  const fieldId = async (key: string) => ((await api.call('GET', '/admin/form-fields', { token: admin })).json().data as { id: number; key: string }[]).find((f) => f.key === key)!.id;
  const added = async (body: object) => {
    const res = await api.call('POST', '/admin/form-fields', { body, token: admin });
    expect(res.statusCode).toBe(201);
    await publish();
    return { ...res.json().data, id: await fieldId(res.json().data.key) };
  };

  it('adds a field that the Education tab then shows, requires and stores; deactivating hides it and keeps the answer', async () => {
    const before = await education();
    const created = await api.call('POST', '/admin/form-fields', { body: FIRST_GENERATION, token: admin });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ key: 'firstGeneration', target: 'profile', active: true, draft: 'added' });
    expect((await education()).version).toBe(before.version);
    await publish();
    const field = { ...created.json().data, id: await fieldId('firstGeneration') };

    const after = await education();
    expect(after.version).not.toBe(before.version);
    expect(after.uiSchema['ui:order']).toContain('firstGeneration');
    expect(after.uiSchema['ui:order'].indexOf('firstGeneration')).toBe(after.uiSchema['ui:order'].indexOf('gpa') + 1);
    expect(after.schema.errorMessage.required.firstGeneration).toBe('Please select your first-generation college student!');

    const { session } = await api.signUp();
    const put = (body: object) => api.call('PUT', `/register-applicants/${session.user.id}`, { body: { formKey: 'profile-education', ...body }, token: session.accessToken });
    const missing = await put({ applicantFields: [] });
    expect(missing.json().errors).toEqual(expect.arrayContaining([{ path: 'firstGeneration', message: 'Please select your first-generation college student!' }]));
    const saved = await put({ applicantFields: [{ fieldId: field.id, fieldValue: '1' }] });
    // Other required education answers are still missing, so the tab is refused as a whole, with no error for the new field.
    expect(saved.json().errors.map((e: { path: string }) => e.path)).not.toContain('firstGeneration');

    const off = await api.call('DELETE', `/admin/form-fields/${field.id}`, { token: admin });
    expect(off.json().data).toMatchObject({ active: false, draft: 'removed' });
    await publish();
    expect((await education()).uiSchema['ui:order']).not.toContain('firstGeneration');
    await t.sql.query(`UPDATE users SET profile = profile || '{"firstGeneration":"1"}' WHERE id = $1`, [session.user.id]);
    const hidden = (await api.call('GET', '/register-applicants/profile', { token: session.accessToken })).json().data;
    expect(hidden.applicantFields.map((f: { field: { key: string } }) => f.field.key)).not.toContain('firstGeneration');

    await api.call('PATCH', `/admin/form-fields/${field.id}`, { body: { active: true }, token: admin });
    await publish();
    const back = (await api.call('GET', '/register-applicants/profile', { token: session.accessToken })).json().data;
    expect(back.applicantFields).toEqual(expect.arrayContaining([expect.objectContaining({ fieldId: field.id, fieldValue: '1' })]));
  });

  it('places a field without an order at the start of its section (order 0)', async () => {
    const { order: _order, ...withoutOrder } = FIRST_GENERATION;
    const res = await api.call('POST', '/admin/form-fields', { body: { ...withoutOrder, key: 'veteranParent', section: 'privacy' }, token: admin });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.order).toBe(0);
  });

  it('changes options, words and order, each giving a new form version', async () => {
    const created = await added({ ...FIRST_GENERATION, key: 'pellEligible', name: 'Pell Grant eligible', order: 145 });
    const v1 = (await education()).version;
    const res = await api.call('PATCH', `/admin/form-fields/${created.id}`, {
      body: { options: [...FIRST_GENERATION.options, { value: '2', label: 'Not sure' }], validation: { required: true, messages: { required: 'Tell us about Pell!' } }, order: 5 },
      token: admin,
    });
    expect(res.statusCode).toBe(200);
    await publish();
    const form = await education();
    expect(form.version).not.toBe(v1);
    expect(form.schema.properties.pellEligible.enum).toEqual(['1', '0', '2']);
    expect(form.schema.errorMessage.required.pellEligible).toBe('Tell us about Pell!');
    expect(form.uiSchema['ui:order'][0]).toBe('pellEligible');
  });

  it('refuses invalid definitions with a description, a taken key with 409, and anyone but an admin', async () => {
    const bad = [
      { ...FIRST_GENERATION, key: 'x1', dataType: 'hologram' },
      { ...FIRST_GENERATION, key: 'has space' },
      { ...FIRST_GENERATION, key: 'x2', section: 'nowhere' },
      { ...FIRST_GENERATION, key: 'x3', validation: { required: 'yes' } },
      { ...FIRST_GENERATION, key: 'x4', options: [{ value: '' }] },
    ];
    for (const body of bad) {
      const res = await api.call('POST', '/admin/form-fields', { body, token: admin });
      expect(res.statusCode).toBe(400);
      expect(res.json().description).toEqual(expect.any(String));
    }
    expect((await api.call('POST', '/admin/form-fields', { body: { ...FIRST_GENERATION, key: 'citizenship' }, token: admin })).statusCode).toBe(409);
    expect((await api.call('PATCH', '/admin/form-fields/999999', { body: { name: 'x' }, token: admin })).statusCode).toBe(404);

    const { session } = await api.signUp();
    expect((await api.call('POST', '/admin/form-fields', { body: { ...FIRST_GENERATION, key: 'x5' }, token: session.accessToken })).statusCode).toBe(403);
    expect((await api.call('GET', '/admin/form-fields')).statusCode).toBe(401);
  });

  it('keeps system fields active and of their type (409 with a description); they can still be renamed', async () => {
    const list = (await api.call('GET', '/admin/form-fields', { token: admin })).json().data as { key: string; system?: boolean; target: string }[];
    const system = list.filter((field) => field.system).map((field) => field.key).sort();
    expect(system).toEqual(expect.arrayContaining(['collegeName', 'country', 'dob', 'email', 'fieldOfStudy', 'firstName', 'highSchoolName', 'lastName', 'phone', 'zipCode']));
    // Every account column is a system field: which fields are columns comes from `target`.
    expect(list.filter((field) => field.target === 'account').every((field) => field.system)).toBe(true);

    for (const key of ['country', 'dob', 'zipCode', 'fieldOfStudy']) {
      const off = await api.call('DELETE', `/admin/form-fields/${await fieldId(key)}`, { token: admin });
      expect([key, off.statusCode, off.json().errorCode]).toEqual([key, 409, 'SYSTEM_FIELD']);
      expect(off.json().description).toContain(`'${key}' is a system field`);
      const retyped = await api.call('PATCH', `/admin/form-fields/${await fieldId(key)}`, { body: { dataType: 'text' }, token: admin });
      expect([key, retyped.statusCode, retyped.json().errorCode]).toEqual([key, 409, 'SYSTEM_FIELD']);
    }
    const deactivate = await api.call('PATCH', `/admin/form-fields/${await fieldId('email')}`, { body: { active: false }, token: admin });
    expect(deactivate.statusCode).toBe(409);
    const renamed = await api.call('PATCH', `/admin/form-fields/${await fieldId('zipCode')}`, { body: { name: 'ZIP code' }, token: admin });
    expect(renamed.statusCode).toBe(200);
    await publish();
    expect((await api.call('GET', '/forms/profile-basic')).json().data.schema.properties.zipCode.title).toBe('ZIP code');
    expect((await api.call('GET', '/forms/profile-basic')).json().data.schema.properties.country).toBeDefined();
  });

  it("changes another field's type only while nobody has answered it", async () => {
    const created = await added({ ...FIRST_GENERATION, key: 'siblings', name: 'Siblings', validation: {} });
    const retyped = await api.call('PATCH', `/admin/form-fields/${created.id}`, { body: { dataType: 'number', options: [] }, token: admin });
    expect([retyped.statusCode, retyped.json().data.dataType]).toEqual([200, 'number']);
    await publish();
    const { session } = await api.signUp();
    await t.sql.query(`UPDATE users SET profile = profile || '{"siblings": 2}' WHERE id = $1`, [session.user.id]);
    const again = await api.call('PATCH', `/admin/form-fields/${created.id}`, { body: { dataType: 'text' }, token: admin });
    expect([again.statusCode, again.json().errorCode]).toEqual([409, 'FIELD_ANSWERED']);
    expect(again.json().description).toMatch(/Applicants have answered 'siblings'/);
  });

  it("gives a new editor field and a new file field their type's behaviour on a profile save, with no code change", async () => {
    const add = async (body: object) => (await added(body)) as { id: number };
    const bio = await add({ key: 'shortBio', name: 'Short bio', dataType: 'editor', section: 'contact', order: 200 });
    const transcript = await add({ key: 'transcriptFile', name: 'Transcript', dataType: 'file', section: 'contact', order: 210 });
    const contact = (await api.call('GET', '/forms/profile-contact')).json().data;
    expect(contact.uiSchema.shortBio['ui:widget']).toBe('editor');
    expect(contact.uiSchema.transcriptFile['ui:widget']).toBe('upload');

    const upload = async (token: string) => {
      const { body, contentType } = multipartBody([filePart(pdfFile())]);
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/common/upload?purpose=document', headers: { authorization: `Bearer ${token}`, 'content-type': contentType }, payload: body });
      expect(res.statusCode).toBe(201);
      return res.json().data.publicUrl as string;
    };
    const maya = (await api.signUp()).session;
    const other = (await api.signUp()).session;
    const save = (fieldValue: { bio: string; file: string }) =>
      api.call('PUT', `/register-applicants/${maya.user.id}`, {
        token: maya.accessToken,
        body: {
          formKey: 'profile-contact',
          applicantFields: [
            { fieldId: bio.id, fieldValue: fieldValue.bio },
            { fieldId: transcript.id, fieldValue: fieldValue.file },
          ],
        },
      });

    const stolen = await save({ bio: '<p>Hi</p>', file: await upload(other.accessToken) });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().errors).toEqual([{ path: 'transcriptFile', message: 'This file is not one of your uploads; please upload it again.' }]);

    const own = await upload(maya.accessToken);
    const saved = await save({ bio: '<p>I <b>code</b>.</p><script>alert(1)</script><img src=x onerror=alert(2)>', file: own });
    expect(saved.statusCode).toBe(200);
    const [row] = (await t.sql.query('SELECT profile FROM users WHERE id = $1', [maya.user.id])).rows;
    expect(row.profile.shortBio).toBe('<p>I <b>code</b>.</p>');
    expect(row.profile.transcriptFile).toBe(own);
  });
});
