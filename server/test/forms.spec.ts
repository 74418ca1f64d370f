import { eventually, startTestApp, type TestApp } from './test-app.js';

/** The form engine through HTTP: served schemas, ETags, validation, errors, and live field changes. */
describe('forms API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: string, contentType = 'application/json') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType } });

  it('serves profile-basic compiled from the database, with the seed rules and words', async () => {
    const res = await get('/api/v1/forms/profile-basic');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.key).toBe('profile-basic');
    expect(data.uiSchema['ui:order']).toEqual([
      'firstName', 'lastName', 'dob', 'citizenship', 'zipCode', 'ethnicity', 'gender', 'country', '*',
    ]);
    expect(data.schema.required).toEqual(expect.arrayContaining(['dob', 'citizenship', 'country', 'zipCode']));
    expect(data.schema.errorMessage.required.dob).toBe('Please select your date of birth!');
    expect(data.schema.properties.dob.minAge).toBe(16);
    expect(data.schema.properties.dob.errorMessage.minAge).toBe('User should not be less than 16 year!');
    expect(data.uiSchema.gender['ui:enumNames']).toEqual(['Female', 'Male', 'Other']);
    expect(data.schema.properties.gender.enum).toEqual(['1', '2', '3']);
    expect(data.schema.properties.country.enum[0]).toBe('us');
    expect(res.headers.etag).toBe(`"${data.version}"`);
  });

  it('answers 304 when the client holds the current version', async () => {
    const first = await get('/api/v1/forms/profile-basic');
    const again = await get('/api/v1/forms/profile-basic', { 'if-none-match': first.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const stale = await get('/api/v1/forms/profile-basic', { 'if-none-match': '"0000000000000000"' });
    expect(stale.statusCode).toBe(200);
  });

  it('serves the other profile forms and the registration form', async () => {
    for (const key of ['profile-education', 'profile-contact', 'registration']) {
      expect((await get(`/api/v1/forms/${key}`)).statusCode).toBe(200);
    }
    const education = (await get('/api/v1/forms/profile-education')).json().data;
    const enrolledBranch = education.schema.allOf.find((rule: { then: { properties: object } }) => 'collegeName' in rule.then.properties);
    expect(enrolledBranch.if.properties.enrolledInCollege.enum).toEqual(['1']);
    expect(education.uiSchema.gpa['ui:field']).toBe('grade');
    expect(education.uiSchema.privacyStateResident['ui:heading']).toBe('Manage your data');
  });

  it('serves the sign-up form: names, e-mail and phone of the profile, then password, confirmation and both consents', async () => {
    const { data } = (await get('/api/v1/forms/signup')).json();
    expect(data.uiSchema['ui:order']).toEqual([
      'firstName', 'lastName', 'email', 'phone', 'password', 'confirmPassword', 'consentToContact', 'acceptTerms', '*',
    ]);
    expect(data.schema.required).toEqual(data.uiSchema['ui:order'].slice(0, -1));
    expect(data.schema.errorMessage.required).toMatchObject({
      firstName: 'Please input your first name!',
      email: 'Please input your email address!',
      phone: 'Please input your phone number!',
      password: 'Please input your password',
      confirmPassword: 'Please confirm your password!',
      acceptTerms: 'Please Select!',
    });
    expect(data.schema.properties.confirmPassword).toMatchObject({ sameAs: 'password', errorMessage: { sameAs: 'Passwords do not match!' } });
    expect(data.schema.properties.password.minLength).toBe(8);
    expect(data.schema.properties).not.toHaveProperty('dob');
  });

  it('searches long catalogues on the server instead of sending them with the form', async () => {
    const { data } = (await get('/api/v1/forms/profile-education')).json();
    const options = data.uiSchema.highSchoolName['ui:options'];
    expect(options).toEqual({ searchUrl: '/api/v1/register-applicants/form-fields/highSchoolName/options', allowFreeText: true });
    expect(JSON.stringify(data).length).toBeLessThan(40_000);

    const found = (await get('/api/v1/register-applicants/form-fields/collegeName/options?q=stanf')).json().data;
    expect(found[0]).toEqual({ value: expect.any(String), label: expect.stringMatching(/^Stanford University/) });
    const byValue = (await get(`/api/v1/register-applicants/form-fields/collegeName/options?value=${found[0].value}`)).json().data;
    expect(byValue).toEqual([found[0]]);
    const limited = (await get('/api/v1/register-applicants/form-fields/collegeName/options?q=university&limit=5')).json().data;
    expect(limited).toHaveLength(5);
    // Labels that start with the text come before those that only contain it.
    const state = (await get('/api/v1/register-applicants/form-fields/collegeName/options?q=state&limit=50')).json().data;
    const firstContaining = state.findIndex((o: { label: string }) => !o.label.toLowerCase().startsWith('state'));
    expect(state.slice(firstContaining).every((o: { label: string }) => !o.label.toLowerCase().startsWith('state'))).toBe(true);

    expect((await get('/api/v1/register-applicants/form-fields/noSuchField/options?q=a')).statusCode).toBe(404);
    expect((await get('/api/v1/register-applicants/form-fields/bad%20key/options')).statusCode).toBe(400);
    expect((await get('/api/v1/register-applicants/form-fields/collegeName/options?limit=500')).statusCode).toBe(400);
  });

  it('refuses unknown and malformed form keys with a description', async () => {
    const missing = await get('/api/v1/forms/no-such-form');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ statusCode: 404, error: 'Not Found', description: "There is no form named 'no-such-form'." });
    const malformed = await get('/api/v1/forms/Bad%20Key!');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().description).toBe('A form key has lower-case letters, digits and dashes only.');
  });

  it('lists the profile field definitions in the seed shape', async () => {
    const res = await get('/api/v1/register-applicants/form-fields');
    expect(res.statusCode).toBe(200);
    const fields: Array<{ id: number; key: string; name: string; dataType: string; options: Record<string, string> }> = res.json().data;
    const keys = fields.map((f) => f.key);
    for (const key of [
      'citizenship', 'ethnicity', 'country', 'schoolLevel', 'militaryAffiliation', 'gpa', 'highSchoolName', 'collegeName',
      'fieldOfStudy', 'degreeType', 'careerGoal', 'highSchoolGraduationDate', 'enrolledInCollege', 'enrollmentDate',
      'gender', 'zipCode', 'collegeGraduationDate', 'isInterestedInOnlineStudy', 'interestedColleges',
    ]) {
      expect(keys).toContain(key);
    }
    expect(keys).not.toContain('firstName');
    const byKey = Object.fromEntries(fields.map((f) => [f.key, f]));
    expect(byKey.gender.options).toEqual({ '1': 'Female', '2': 'Male', '3': 'Other' });
    expect(byKey.isInterestedInOnlineStudy.options).toEqual({ '1': 'Yes', '2': 'No', '3': 'Maybe' });
    expect(byKey.enrolledInCollege.options).toEqual({ '1': 'Yes', '0': 'No' });
    expect(Object.keys(byKey.country.options).length).toBeGreaterThan(240);
    expect(typeof byKey.gender.id).toBe('number');
    const again = await get('/api/v1/register-applicants/form-fields', { 'if-none-match': res.headers.etag as string });
    expect(again.statusCode).toBe(304);
    // Every seeded definition fits the vocabulary: none was left out.
    const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM form_fields WHERE target = 'profile' AND active`);
    expect(fields).toHaveLength(rows[0].n);
  });

  it('validates answers with the same schema and words as the browser', async () => {
    const res = await post('/api/v1/forms/profile-basic/validate', JSON.stringify({ data: { dob: '2020-01-01', zipCode: '12a' } }));
    expect(res.statusCode).toBe(200);
    const { valid, errors } = res.json().data;
    expect(valid).toBe(false);
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: 'dob', message: 'User should not be less than 16 year!' },
        { path: 'zipCode', message: 'Please enter a valid ZIP code!' },
        { path: 'firstName', message: 'Please input your first name!' },
      ]),
    );
  });

  it('drops answers under a hidden branch and unknown keys, and recomputes the GPA itself', async () => {
    const res = await post(
      '/api/v1/forms/profile-education/validate',
      JSON.stringify({
        data: { enrolledInCollege: '0', collegeName: 'MIT', admin: true, gpa: { markingSystem: 'Percentage', grade: 84.99, gpa: 4 } },
      }),
    );
    const { data, errors } = res.json().data;
    expect(data).toEqual({ enrolledInCollege: '0', gpa: { markingSystem: 'Percentage', grade: 84.99, gpa: 3.7 } });
    expect(errors.map((e: { path: string }) => e.path)).not.toContain('collegeName');
  });

  it('refuses blank answers to required fields, as the browser does', async () => {
    const res = await post('/api/v1/forms/profile-basic/validate', JSON.stringify({ data: { firstName: '', lastName: '   ' } }));
    expect(res.json().data.errors).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'Please input your first name!' },
        { path: 'lastName', message: 'Please input your last name!' },
      ]),
    );
  });

  it.each([
    ['malformed JSON', '{"data": ', 'application/json'],
    ['an empty body', '', 'application/json'],
    ['a body that is not an object', '[1,2]', 'application/json'],
    ['answers of the wrong type', '{"data": "text"}', 'application/json'],
    ['an unknown property', '{"data": {}, "admin": true}', 'application/json'],
    ['a wrong content type', 'data=1', 'application/x-www-form-urlencoded'],
  ])('answers %s with a 4xx and a description, never a 500', async (_case, payload, contentType) => {
    const res = await post('/api/v1/forms/profile-basic/validate', payload, contentType);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    const body = res.json();
    expect(body).toEqual(expect.objectContaining({ statusCode: res.statusCode, error: expect.any(String), description: expect.any(String) }));
    expect(res.body).not.toMatch(/\bat .+\.(js|ts):\d+|node_modules|SELECT /);
  });

  it('shows a field an admin inserts into the database, with no deploy (the engine promise)', async () => {
    const before = (await get('/api/v1/forms/profile-basic')).json().data;
    await t.sql.query(
      `INSERT INTO form_fields (key, name, data_type, options, validation, section, "order", target)
       VALUES ('firstGeneration', 'First in your family to attend college?', 'select',
               '[{"value":"1","label":"Yes"},{"value":"0","label":"No"}]', '{"required":true}', 'basic', 75, 'profile')`,
    );
    await eventually(async () => {
      const after = (await get('/api/v1/forms/profile-basic')).json().data;
      expect(after.version).not.toBe(before.version);
      expect(after.schema.properties.firstGeneration.title).toBe('First in your family to attend college?');
      expect(after.schema.errorMessage.required.firstGeneration).toBe('Please answer this question!');
      expect(after.uiSchema['ui:order'].indexOf('firstGeneration')).toBe(after.uiSchema['ui:order'].indexOf('gender') + 1);
    });
    const fields = (await get('/api/v1/register-applicants/form-fields')).json().data;
    expect(fields.map((f: { key: string }) => f.key)).toContain('firstGeneration');
    const checked = await post('/api/v1/forms/profile-basic/validate', JSON.stringify({ data: { firstGeneration: 'maybe' } }));
    expect(checked.json().data.errors).toContainEqual({ path: 'firstGeneration', message: 'Please choose one of the options!' });
  });

  it('leaves a malformed definition out of the forms instead of breaking them', async () => {
    await t.sql.query(
      `INSERT INTO form_fields (key, name, data_type, section, "order", target, visible_when, validation)
       VALUES ('brokenCondition', 'Broken', 'text', 'basic', 90, 'profile', '{"fieldKey":"gender"}', '{}'),
              ('brokenBounds', 'Broken bounds', 'monthYear', 'basic', 91, 'profile', null, '{"fromYear":"1990"}'),
              ('middleName', 'Middle Name', 'text', 'basic', 92, 'profile', null, '{}')`,
    );
    await eventually(async () => {
      const res = await get('/api/v1/forms/profile-basic');
      expect(res.statusCode).toBe(200);
      const form = res.json().data;
      // The sound row of the same change is served, so the cache was rebuilt with the broken ones.
      expect(form.schema.properties.middleName).toBeDefined();
      expect(form.schema.properties.brokenBounds).toBeUndefined();
      expect(JSON.stringify(form.schema)).not.toContain('brokenCondition');
      expect(form.schema.properties.firstName).toBeDefined();
    });
    const checked = await post('/api/v1/forms/profile-basic/validate', JSON.stringify({ data: {} }));
    expect(checked.statusCode).toBe(200);
    await t.sql.query(`DELETE FROM form_fields WHERE key IN ('brokenCondition', 'brokenBounds', 'middleName')`);
  });

  it('asks for JSON when the body is of another type', async () => {
    const res = await post('/api/v1/forms/profile-basic/validate', 'data=1', 'application/x-www-form-urlencoded');
    expect(res.statusCode).toBe(415);
    expect(res.json().description).toBe('This content type is not supported; send JSON (application/json).');
  });

  it('answers a malformed address with the error body', async () => {
    const res = await get('/api/v1/forms/%E0%A4%A');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(expect.objectContaining({ statusCode: 400, description: expect.any(String) }));
  });

  it('keeps forms fresh after losing its LISTEN connection', async () => {
    await t.sql.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query LIKE 'LISTEN form_definitions_changed%' AND pid <> pg_backend_pid()`,
    );
    await t.sql.query(`UPDATE form_fields SET name = 'Surname' WHERE key = 'lastName'`);
    await eventually(async () => {
      const form = (await get('/api/v1/forms/profile-basic')).json().data;
      expect(form.schema.properties.lastName.title).toBe('Surname');
    }, 10_000);
    // And it listens again: the next change arrives by notification.
    await eventually(async () => {
      const { rows } = await t.sql.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND query LIKE 'LISTEN form_definitions_changed%'`);
      expect(rows[0].n).toBe(1);
    }, 10_000);
    await t.sql.query(`UPDATE form_fields SET name = 'Last Name' WHERE key = 'lastName'`);
    await eventually(async () => {
      const form = (await get('/api/v1/forms/profile-basic')).json().data;
      expect(form.schema.properties.lastName.title).toBe('Last Name');
    });
  });

  it('drops a field an admin deactivates', async () => {
    await t.sql.query(`UPDATE form_fields SET active = false WHERE key = 'ethnicity'`);
    await eventually(async () => {
      const form = (await get('/api/v1/forms/profile-basic')).json().data;
      expect(form.schema.properties.ethnicity).toBeUndefined();
      expect(form.schema.required).not.toContain('ethnicity');
    });
  });
});
