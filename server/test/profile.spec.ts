import { accountClient, dobYearsAgo } from './accounts-helpers.js';
import { eventually, startTestApp, type TestApp } from './test-app.js';

interface PublicField {
  id: number;
  key: string;
  options: Record<string, string>;
}

/** The registration step and the profile tabs over HTTP: merge, validation, pruning, ownership. */
describe('applicant profile', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let fields: Map<string, PublicField>;

  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    const list = (await api.call('GET', '/register-applicants/form-fields')).json().data as PublicField[];
    fields = new Map(list.map((field) => [field.key, field]));
  });
  afterAll(async () => {
    await t?.close();
  });

  const id = (key: string) => fields.get(key)!.id;
  const firstOption = (key: string) => Object.keys(fields.get(key)!.options)[0];
  const entries = (answers: Record<string, unknown>) => Object.entries(answers).map(([key, fieldValue]) => ({ fieldId: id(key), fieldValue }));

  /** A complete registration, not enrolled in college (so two potential colleges). */
  const registration = () => ({
    citizenship: 'us-citizen',
    country: 'us',
    ethnicity: firstOption('ethnicity'),
    gender: '1',
    zipCode: '10001',
    schoolLevel: firstOption('schoolLevel'),
    highSchoolName: 'A school not in the catalogue',
    highSchoolGraduationDate: '2024-06',
    enrolledInCollege: '0',
    interestedColleges: [firstOption('interestedColleges')],
    collegeGraduationDate: '2029-05',
    fieldOfStudy: 'accounting',
    degreeType: 'associate',
    gpa: { markingSystem: 'Percentage', grade: 82, gpa: 4 },
    careerGoal: firstOption('careerGoal'),
    militaryAffiliation: firstOption('militaryAffiliation'),
    isInterestedInOnlineStudy: '3',
  });

  const put = (userId: string, token: string, body: object) => api.call('PUT', `/register-applicants/${userId}`, { body, token });
  const profileOf = async (token: string) => {
    const res = await api.call('GET', '/register-applicants/profile', { token });
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    return { ...data, answers: Object.fromEntries(data.applicantFields.map((f: { field: { key: string }; fieldValue: unknown }) => [f.field.key, f.fieldValue])) };
  };

  it('saves the registration step in the seed shape, recomputes the GPA and marks the profile updated', async () => {
    const { body, session } = await api.signUp();
    const res = await put(session.user.id, session.accessToken, {
      firstName: body.firstName, lastName: body.lastName, email: body.email, dob: dobYearsAgo(18), applicantType: 'STUDENT',
      isProfileUpdate: 'false', isScholarshipApplied: 'false', applicantFields: entries(registration()),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ statusCode: 200, message: 'User updated successfully' });
    const applicant = res.json().data.applicant;
    expect(applicant).toMatchObject({ id: session.user.id, dob: dobYearsAgo(18), isProfileUpdate: true });
    const gpa = applicant.applicantFields.find((f: { field: { key: string } }) => f.field.key === 'gpa');
    expect(gpa).toMatchObject({ fieldId: id('gpa'), fieldValue: { markingSystem: 'Percentage', grade: 82, gpa: 3.7 } });

    const stored = await profileOf(session.accessToken);
    expect(stored.answers).toMatchObject({ citizenship: 'us-citizen', zipCode: '10001', interestedColleges: [firstOption('interestedColleges')] });
    const [row] = (await t.sql.query(`SELECT profile->'gpa'->>'gpa' AS gpa FROM users WHERE id = $1 AND profile @> '{"country":"us"}'`, [session.user.id])).rows;
    expect(row.gpa).toBe('3.7');
  });

  it('enters the applicant into the running sweepstakes when the registration is completed, once (seed 001)', async () => {
    const { rows } = await t.sql.query(
      `INSERT INTO sweepstakes (title, description, starts_at, ends_at) VALUES ('Spring draw', 'x', now() - interval '1 day', now() + interval '30 days') RETURNING id`,
    );
    const entries_ = async (userId: string) => (await t.sql.query(`SELECT sweepstakes_id FROM sweepstakes_entries WHERE user_id = $1`, [userId])).rows;
    try {
      const { session } = await api.signUp();
      expect(await entries_(session.user.id)).toEqual([]);
      const res = await put(session.user.id, session.accessToken, { dob: dobYearsAgo(18), applicantFields: entries(registration()) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.applicant).toMatchObject({ isProfileUpdate: true, isScholarshipApplied: true });
      expect(await entries_(session.user.id)).toEqual([{ sweepstakes_id: rows[0].id }]);
      // Saving the profile again neither fails nor enters twice.
      expect((await put(session.user.id, session.accessToken, { dob: dobYearsAgo(18), applicantFields: entries(registration()) })).statusCode).toBe(200);
      expect(await entries_(session.user.id)).toHaveLength(1);
    } finally {
      await t.sql.query(`DELETE FROM sweepstakes_entries WHERE sweepstakes_id = $1`, [rows[0].id]);
      await t.sql.query(`DELETE FROM sweepstakes WHERE id = $1`, [rows[0].id]);
    }
    // With no sweepstakes running, completing the registration enters nothing and marks nothing.
    const { session } = await api.signUp();
    const res = await put(session.user.id, session.accessToken, { dob: dobYearsAgo(18), applicantFields: entries(registration()) });
    expect(res.json().data.applicant).toMatchObject({ isProfileUpdate: true, isScholarshipApplied: false });
  });

  it("refuses bad answers with the seed's words under each field, and keeps what was stored", async () => {
    const { body, session } = await api.signUp();
    expect((await put(session.user.id, session.accessToken, { dob: dobYearsAgo(18), applicantFields: entries(registration()) })).statusCode).toBe(200);
    const bad = await put(session.user.id, session.accessToken, {
      formKey: 'registration',
      dob: dobYearsAgo(12),
      applicantFields: entries({ ...registration(), gpa: { markingSystem: '10CGPA', grade: 11 }, highSchoolGraduationDate: '2024', citizenship: '' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'dob', message: 'User should not be less than 16 year!' },
        { path: 'gpa.grade', message: 'Enter a valid GPA between 0 and 10' },
        { path: 'highSchoolGraduationDate', message: 'You must select both month and year!' },
        { path: 'citizenship', message: 'Please select your citizenship!' },
      ]),
    );
    expect(bad.json().description).toMatch(/\(and \d+ more\)$/);
    const stored = await profileOf(session.accessToken);
    expect(stored.dob).toBe(dobYearsAgo(18));
    expect(stored.answers.citizenship).toBe('us-citizen');
    expect(body.email).toBe(stored.email);
  });

  // The web shows the original 'Please enter valid dob in Basic tab ' for any 400 whose errors name the path 'dob'.
  it("refuses a dob that is no date string with an error at the path 'dob', from the DTO or from the form", async () => {
    const { session } = await api.signUp();
    const dobErrors = async (dob: unknown) => {
      const res = await put(session.user.id, session.accessToken, { formKey: 'profile-basic', dob });
      expect(res.statusCode).toBe(400);
      return (res.json().errors as { path: string; message: string }[]).filter((error) => error.path === 'dob');
    };
    expect(await dobErrors(20070412)).toContainEqual({ path: 'dob', message: 'dob must be a string' });
    expect(await dobErrors({ year: 2007 })).toContainEqual({ path: 'dob', message: 'dob must be a string' });
    expect(await dobErrors(null)).toEqual([{ path: 'dob', message: 'Please select your date of birth!' }]);
    expect(await dobErrors('12/04/2007')).not.toEqual([]);
  });

  it("answers a registration without a dob with an error at the path 'dob'", async () => {
    const { session } = await api.signUp();
    const res = await put(session.user.id, session.accessToken, { formKey: 'registration', applicantFields: entries(registration()) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(expect.arrayContaining([{ path: 'dob', message: 'Please select your date of birth!' }]));
  });

  it('saves tab by tab: Basic replaces its answers, Education keeps the basic ones, Contact changes e-mail and phone', async () => {
    const { session } = await api.signUp();
    const token = session.accessToken;
    await put(session.user.id, token, { dob: dobYearsAgo(18), applicantFields: entries(registration()) });

    const basic = await put(session.user.id, token, {
      formKey: 'profile-basic', firstName: 'Maia', lastName: 'Lopes', dob: dobYearsAgo(19),
      applicantFields: entries({ citizenship: 'us-national', ethnicity: firstOption('ethnicity'), country: 'us', gender: '3', zipCode: '94110' }),
    });
    expect(basic.statusCode).toBe(200);
    let stored = await profileOf(token);
    expect(stored).toMatchObject({ firstName: 'Maia', lastName: 'Lopes', dob: dobYearsAgo(19) });
    expect(stored.answers).toMatchObject({ citizenship: 'us-national', gender: '3', zipCode: '94110', fieldOfStudy: 'accounting' });

    // Now enrolled: one College Name; the potential colleges of the hidden branch are dropped.
    const education = await put(session.user.id, token, {
      formKey: 'profile-education',
      applicantFields: entries({ ...registration(), enrolledInCollege: '1', collegeName: 'Free-text College', interestedColleges: ['x', 'y'], privacyStateResident: true }),
    });
    expect(education.statusCode).toBe(200);
    stored = await profileOf(token);
    expect(stored.answers).toMatchObject({ enrolledInCollege: '1', collegeName: 'Free-text College', citizenship: 'us-national', privacyStateResident: true });
    expect(stored.answers).not.toHaveProperty('interestedColleges');

    const oldEmail = (await profileOf(token)).email;
    const contact = await put(session.user.id, token, { formKey: 'profile-contact', email: 'Maia.New@example.com', phone: '+14155550123' });
    expect(contact.statusCode).toBe(200);
    // The notice is sent after the answer (a slow mail server must not hold the save).
    await eventually(async () => {
      const [notice] = (await t.sql.query(`SELECT subject, text_body FROM mail_outbox WHERE to_address = $1`, [oldEmail])).rows;
      expect(notice?.subject).toBe('Your ScholarMatch e-mail address was changed');
      expect(notice.text_body).toContain('Maia.New@example.com');
    });
    stored = await profileOf(token);
    expect(stored).toMatchObject({ email: 'Maia.New@example.com', phone: '+14155550123' });
    expect(stored.answers.collegeName).toBe('Free-text College');

    const badPhone = await put(session.user.id, token, { formKey: 'profile-contact', email: 'Maia.New@example.com', phone: '+1415-555' });
    expect(badPhone.json().errors).toEqual([{ path: 'phone', message: 'Please enter only digits!' }]);
  });

  it('collects repeated entries of a multi-choice field into one list, at most two', async () => {
    const { session } = await api.signUp();
    const answers = registration();
    const base = entries({ ...answers, interestedColleges: undefined }).filter((e) => e.fieldId !== id('interestedColleges'));
    const colleges = Object.keys(fields.get('interestedColleges')!.options);
    const two = [...base, { fieldId: id('interestedColleges'), fieldValue: colleges[0] }, { fieldId: id('interestedColleges'), fieldValue: colleges[1] }];
    expect((await put(session.user.id, session.accessToken, { dob: dobYearsAgo(18), applicantFields: two })).statusCode).toBe(200);
    expect((await profileOf(session.accessToken)).answers.interestedColleges).toEqual(colleges.slice(0, 2));
    const three = [...two, { fieldId: id('interestedColleges'), fieldValue: colleges[2] }];
    const res = await put(session.user.id, session.accessToken, { dob: dobYearsAgo(18), applicantFields: three });
    expect(res.json().errors).toEqual([{ path: 'interestedColleges', message: 'Please choose at most 2 colleges!' }]);
  });

  it('refuses values PostgreSQL cannot store with a 400, not a 500 (a NUL character, year 0)', async () => {
    const { session } = await api.signUp();
    const nul = await put(session.user.id, session.accessToken, { formKey: 'profile-basic', dob: dobYearsAgo(18), firstName: 'Ana\u0000', applicantFields: entries({ zipCode: '10001', citizenship: 'us-citizen', ethnicity: firstOption('ethnicity'), country: 'us', gender: '1' }) });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errorCode).toBe('VALUE_NOT_STORABLE');
    const yearZero = await put(session.user.id, session.accessToken, { formKey: 'profile-basic', dob: '0000-01-01', applicantFields: entries({ zipCode: '10001', citizenship: 'us-citizen', ethnicity: firstOption('ethnicity'), country: 'us', gender: '1' }) });
    expect(yearZero.statusCode).toBe(400);
    const login = await api.login('someone\u0000@example.com', 'whatever1');
    expect(login.statusCode).toBe(400);
  });

  it('keeps both answers when two tabs save different forms at the same moment', async () => {
    const { session } = await api.signUp();
    await put(session.user.id, session.accessToken, { dob: dobYearsAgo(18), applicantFields: entries(registration()) });
    const [basic, education] = await Promise.all([
      put(session.user.id, session.accessToken, { formKey: 'profile-basic', dob: dobYearsAgo(18), applicantFields: entries({ zipCode: '73301', citizenship: 'us-citizen', ethnicity: firstOption('ethnicity'), country: 'us', gender: '2' }) }),
      put(session.user.id, session.accessToken, { formKey: 'profile-education', applicantFields: entries({ ...registration(), degreeType: 'certificate' }) }),
    ]);
    expect([basic.statusCode, education.statusCode]).toEqual([200, 200]);
    const stored = await profileOf(session.accessToken);
    expect(stored.answers).toMatchObject({ zipCode: '73301', gender: '2', degreeType: 'certificate' });
  });

  it("lets nobody else read or write a profile, and refuses unknown fields and another's e-mail", async () => {
    const a = await api.signUp();
    const b = await api.signUp();
    const intrusion = await put(a.session.user.id, b.session.accessToken, { formKey: 'profile-basic', firstName: 'Mallory' });
    expect(intrusion.statusCode).toBe(403);
    expect((await put(a.session.user.id, '', { firstName: 'Mallory' })).statusCode).toBe(401);
    expect((await profileOf(a.session.accessToken)).firstName).toBe('Maya');

    const unknown = await put(a.session.user.id, a.session.accessToken, { formKey: 'profile-basic', applicantFields: [{ fieldId: 99999, fieldValue: 'x' }] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual([{ path: 'applicantFields.0.fieldId', message: 'There is no profile field with id 99999.' }]);
    const extra = await put(a.session.user.id, a.session.accessToken, { formKey: 'profile-basic', role: 'admin' });
    expect(extra.statusCode).toBe(400);

    const taken = await put(a.session.user.id, a.session.accessToken, { formKey: 'profile-contact', email: b.body.email.toUpperCase(), phone: '+12025550143' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().description).toBe('This email already exists');
  });
});
