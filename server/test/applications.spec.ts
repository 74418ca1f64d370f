import { randomUUID } from 'node:crypto';
import { createScholarship, makeMember, publishedScholarship, YESTERDAY } from '@scholarmatch/testkit';
import { XSS_LEFTOVERS, XSS_PAYLOADS } from '../../schemas/src/test/xss-corpus.js';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

interface Person {
  id: string;
  token: string;
}

/** Requirement forms, drafts and submissions, version pinning, Easy Apply / bulk apply, sweepstakes. */
describe('applications', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let provider: string;
  let admin: string;
  let member: Person;
  let other: Person;
  let visitor: Person;
  const ids: Record<string, string> = {};

  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', path: string, token?: string, body?: unknown) => api.call(method, path, { token, body });
  const create = (title: string, requirements: object[], extra: object = {}) => createScholarship(api.kit, provider, { title, requirements, ...extra });
  const publish = (title: string, requirements: object[], extra: object = {}) => publishedScholarship(api.kit, provider, { title, requirements, ...extra });
  /** An upload of `owner`, as the upload call would have stored it. */
  const uploadOf = async (owner: Person) => {
    const id = randomUUID();
    await t.sql.query(
      `INSERT INTO uploaded_files (id, owner_id, purpose, content_type, size, original_name, storage_key, sha256)
       VALUES ($1::uuid, $2, 'document', 'application/pdf', 10, 'cv.pdf', $1::text, repeat('0', 64))`,
      [id, owner.id],
    );
    return `/api/v1/common/files/${id}`;
  };
  const submit = (person: Person, scholarshipId: string, status: 'Draft' | 'Received', requirements: { key: string; fieldValue?: unknown }[], formVersion?: string) =>
    call('POST', '/scholarships/submit-individual-scholarship', person.token, { scholarshipId, status, requirements, ...(formVersion ? { formVersion } : {}) });

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    admin = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026')).json().data.accessToken;
    await t.sql.query('DELETE FROM scholarships');
    const people: Person[] = [];
    for (let i = 0; i < 3; i++) {
      people.push(await api.person());
    }
    [member, other, visitor] = people;
    for (const person of [member, other]) {
      await makeMember(api.kit, admin, person.id);
    }
    ids.full = await publish('Every kind', [
      { title: 'CV', dataType: 'file', key: 'cv', description: 'PDF or Word' },
      { title: 'Portfolio', dataType: 'link', key: 'portfolio', optional: true },
      { title: 'I confirm', dataType: 'checkbox', key: 'confirmation' },
      { title: 'Why this field?', dataType: 'text', key: 'whyField' },
      { title: 'Personal essay', dataType: 'editor', key: 'essay' },
    ]);
    ids.easy = await publish('Easy', []);
    ids.cvOnly = await publish('CV only', [{ title: 'CV', dataType: 'file', key: 'cv' }]);
    ids.essayOnly = await publish('Essay only', [{ title: 'Essay', dataType: 'editor', key: 'essay' }]);
    ids.notForMe = await publish('Not for me', [], { criteria: [{ fieldKey: 'gender', operator: 'eq', value: '2' }] });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves the requirement form with every kind, the seed messages and the asterisk on required ones only', async () => {
    const res = await call('GET', `/scholarships/${ids.full}/form`, member.token);
    expect(res.statusCode).toBe(200);
    const form = res.json().data;
    expect(form).toMatchObject({ key: `scholarship-${ids.full}`, version: expect.stringMatching(/^[0-9a-f]{16}$/) });
    expect(form.schema.required).toEqual(['cv', 'confirmation', 'whyField', 'essay']);
    expect(form.schema.errorMessage.required).toEqual({ cv: 'Please upload!', confirmation: 'Please provide!', whyField: 'Please add essay!', essay: 'Please add essay!' });
    expect(form.uiSchema.cv).toMatchObject({ 'ui:widget': 'upload', 'ui:help': 'PDF or Word' });
    expect(form.uiSchema.essay).toMatchObject({ 'ui:field': 'essay', 'ui:options': { minWords: 1000, scholarshipId: ids.full } });
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const pinned = await call('GET', `/scholarships/${ids.full}/form?version=${form.version}`, member.token);
    expect(pinned.headers['cache-control']).toContain('immutable');
  });

  it('keeps the membership gate: non-members get SUBSCRIPTION_REQUIRED for the form, a new application and Easy Apply', async () => {
    for (const res of [
      await call('GET', `/scholarships/${ids.full}/form`, visitor.token),
      await submit(visitor, ids.easy, 'Draft', []),
      await call('POST', '/scholarships/submit-scholarships', visitor.token, { scholarshipId: [ids.easy] }),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ errorCode: 'SUBSCRIPTION_REQUIRED', description: expect.stringContaining('membership') });
    }
    expect((await call('PUT', `/admin/applicants/${visitor.id}/subscription`, member.token, { active: true })).statusCode).toBe(403);
  });

  it('saves a draft without required checks, and a submission with a missing answer stays a Draft naming it', async () => {
    const cv = await uploadOf(member);
    const draft = await submit(member, ids.full, 'Draft', [{ key: 'cv', fieldValue: cv }, { key: 'whyField', fieldValue: '  ' }]);
    expect(draft.statusCode).toBe(200);
    expect(draft.json()).toMatchObject({ message: 'Saved draft', data: { status: 'Draft' } });
    const details = (await call('GET', `/scholarships/${ids.full}/applicants/get-applicant-details`, member.token)).json().data;
    expect(details.status).toBe('Draft');
    expect(details.applicantFields.find((f: { key: string }) => f.key === 'cv')).toEqual({ key: 'cv', fieldValue: cv, field: { key: 'cv', name: 'CV', dataType: 'file' } });

    const incomplete = await submit(member, ids.full, 'Received', [{ key: 'cv', fieldValue: cv }, { key: 'confirmation', fieldValue: false }]);
    expect(incomplete.statusCode).toBe(200);
    expect(incomplete.json().data).toMatchObject({
      status: 'Draft',
      errors: [
        { path: 'confirmation', message: 'Please provide!' },
        { path: 'whyField', message: 'Please add essay!' },
        { path: 'essay', message: 'Please add essay!' },
      ],
    });
  });

  it('refuses invalid answers with field paths and changes nothing', async () => {
    const before = (await call('GET', `/scholarships/${ids.full}/applicants/get-applicant-details`, member.token)).json().data;
    const bad = await submit(member, ids.full, 'Draft', [
      { key: 'portfolio', fieldValue: 'javascript:alert(1)' },
      { key: 'essay', fieldValue: { text: '<p>a</p>', url: await uploadOf(member) } },
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      errorCode: 'INVALID_ANSWERS',
      errors: [
        { path: 'portfolio', message: expect.stringContaining('valid link') },
        { path: 'essay', message: 'Please write the essay or upload it as a file!' },
      ],
    });
    expect((await submit(member, ids.full, 'Draft', [{ key: 'nope', fieldValue: 'x' }])).json()).toMatchObject({ errors: [{ path: 'nope' }] });
    expect((await call('GET', `/scholarships/${ids.full}/applicants/get-applicant-details`, member.token)).json().data).toEqual(before);
  });

  it("refuses someone else's upload as an answer", async () => {
    const res = await submit(other, ids.cvOnly, 'Draft', [{ key: 'cv', fieldValue: await uploadOf(member) }]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'cv', message: 'This file is not one of your uploads; please upload it again.' }]);
  });

  it('submits every kind, sanitises the essay, then refuses changes and shows it under My Scholarships', async () => {
    const res = await submit(member, ids.full, 'Received', [
      { key: 'cv', fieldValue: await uploadOf(member) },
      { key: 'portfolio', fieldValue: 'https://example.org/me' },
      { key: 'confirmation', fieldValue: true },
      { key: 'whyField', fieldValue: 'Because numbers tell stories.' },
      { key: 'essay', fieldValue: { text: '<p onclick="x()">My essay<script>alert(1)</script><a href="javascript:alert(2)">link</a></p>' } },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Application submitted');
    const essay = res.json().data.applicantFields.find((f: { key: string }) => f.key === 'essay').fieldValue.text;
    expect(essay).toContain('My essay');
    expect(essay).not.toMatch(/script|onclick|javascript:/);
    const again = await submit(member, ids.full, 'Draft', []);
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('ALREADY_SUBMITTED');
    const applied = (await call('GET', '/scholarships/me/scholarships?status=Received', member.token)).json().data;
    expect(applied.map((s: { id: string }) => s.id)).toContain(ids.full);
    // Where the provider has moved it (docs/review.md): a new submission is 'Received'; drafts have none.
    expect(applied.find((s: { id: string }) => s.id === ids.full).reviewStatus).toBe('Received');
    const drafts = (await call('GET', '/scholarships/me/scholarships?status=Draft', member.token)).json().data;
    for (const draft of drafts) expect(draft.reviewStatus).toBeNull();
  });

  it('pins a draft to its form version: a later provider edit does not break it, and it submits against its version', async () => {
    const started = (await call('GET', `/scholarships/${ids.essayOnly}/form`, other.token)).json().data;
    expect((await submit(other, ids.essayOnly, 'Draft', [{ key: 'essay', fieldValue: { text: '<p>Draft</p>' } }], started.version)).statusCode).toBe(200);

    const edit = await call('PATCH', `/providers/scholarships/${ids.essayOnly}`, provider, {
      requirements: [{ title: 'Transcript', dataType: 'file', key: 'transcript' }, { title: 'Essay', dataType: 'editor', key: 'essay', optional: true }],
    });
    expect(edit.statusCode).toBe(200);
    const newcomer = (await call('GET', `/scholarships/${ids.essayOnly}/form`, member.token)).json().data;
    expect(newcomer.version).not.toBe(started.version);
    expect(newcomer.schema.required).toEqual(['transcript']);

    const mine = (await call('GET', `/scholarships/${ids.essayOnly}/form`, other.token)).json().data;
    expect(mine.version).toBe(started.version);
    expect((await call('GET', `/scholarships/${ids.essayOnly}/applicants/get-applicant-details`, other.token)).json().data).toMatchObject({
      status: 'Draft',
      formVersion: started.version,
      applicantFields: [{ key: 'essay', fieldValue: { text: '<p>Draft</p>' } }],
    });
    const submitted = await submit(other, ids.essayOnly, 'Received', [{ key: 'essay', fieldValue: { text: '<p>Final</p>' } }]);
    expect(submitted.json().data).toMatchObject({ status: 'Received', formVersion: started.version });
  });

  it('refuses applications after the deadline with a clear description', async () => {
    const late = await publish('Late', []);
    await t.sql.query(`UPDATE scholarships SET deadline = $2 WHERE id = $1`, [late, YESTERDAY]);
    const res = await submit(member, late, 'Received', []);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ errorCode: 'DEADLINE_PASSED', description: expect.stringContaining('deadline') });
  });

  it('Easy Apply and bulk apply with a CV: all or nothing, only what matches and asks for no more than a CV', async () => {
    const cv = await uploadOf(other);
    const mixed = await call('POST', '/scholarships/submit-scholarships', other.token, { scholarshipId: [ids.easy, ids.full, ids.notForMe], requirements: { cv } });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({
      errorCode: 'CANNOT_APPLY',
      errors: [
        { path: 'scholarshipId.1', message: "'Every kind' asks for more than a CV; apply to it from its page." },
        { path: 'scholarshipId.2', message: "You are not eligible for 'Not for me'." },
      ],
    });
    expect((await call('GET', '/scholarships/me/scholarships?status=Received', other.token)).json().data.map((s: { id: string }) => s.id)).not.toContain(ids.easy);

    const noCv = await call('POST', '/scholarships/submit-scholarships', other.token, { scholarshipId: [ids.cvOnly] });
    expect(noCv.json().errors).toEqual([{ path: 'scholarshipId.0', message: "'CV only' asks for more than a CV; apply to it from its page." }]);
    const notMine = await call('POST', '/scholarships/submit-scholarships', other.token, { scholarshipId: [ids.cvOnly], requirements: { cv: await uploadOf(member) } });
    expect(notMine.statusCode).toBe(400);

    const ok = await call('POST', '/scholarships/submit-scholarships', other.token, { scholarshipId: [ids.easy, ids.cvOnly], requirements: { cv } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Scholarship applied successfully!', data: { applied: [ids.easy, ids.cvOnly] } });
    const details = (await call('GET', `/scholarships/${ids.cvOnly}/applicants/get-applicant-details`, other.token)).json().data;
    expect(details).toMatchObject({ status: 'Received', applicantFields: [{ key: 'cv', fieldValue: cv }] });
    // Applying again changes nothing.
    expect((await call('POST', '/scholarships/submit-scholarships', other.token, { scholarshipId: [ids.easy] })).statusCode).toBe(200);
    const bad = await call('POST', '/scholarships/submit-scholarships', other.token, { scholarshipId: [] });
    expect(bad.json()).toMatchObject({ statusCode: 400, description: 'Choose at least one scholarship.' });
  });

  it('stores no XSS payload of the corpus, in an essay or in a provider description', async () => {
    const corpus = XSS_PAYLOADS.join('\n');
    const target = await publish('XSS', [{ title: 'Essay', dataType: 'editor', key: 'essay' }], { description: `<p>About</p>${corpus}` });
    const saved = await submit(member, target, 'Draft', [{ key: 'essay', fieldValue: { text: `<p>Mine</p>${corpus}` } }]);
    expect(saved.statusCode).toBe(200);
    const stored = (await t.sql.query(`SELECT answers->'essay'->>'text' AS essay FROM applications WHERE user_id = $1 AND scholarship_id = $2`, [member.id, target])).rows[0];
    expect(stored.essay).toContain('<p>Mine</p>');
    expect(stored.essay).not.toMatch(XSS_LEFTOVERS);
    const description = (await call('GET', `/scholarships/${target}`, member.token)).json().data.description;
    expect(description).toContain('<p>About</p>');
    expect(description).not.toMatch(XSS_LEFTOVERS);
  });

  it("never shows one applicant's application to another", async () => {
    const theirs = (await call('GET', `/scholarships/${ids.full}/applicants/get-applicant-details`, other.token)).json().data;
    expect(theirs).toEqual({ status: null, formVersion: null, applicantFields: [] });
  });

  it('answers the sweepstakes with the seed messages', async () => {
    const current = await call('GET', '/sweepstakes/current', member.token);
    expect(current.statusCode).toBe(200);
    const sweepstakesId = current.json().data.id;
    expect(current.json().data.applied).toBe(false);
    const enter = (person: Person) => call('POST', `/register-applicants/apply-scholarship/${sweepstakesId}`, person.token);
    expect((await enter(member)).json().data.msg).toBe('Please update your profile');
    await t.sql.query(`UPDATE users SET is_profile_update = true WHERE id = $1`, [member.id]);
    expect((await enter(member)).json()).toMatchObject({ message: 'Successfully applied for scholarship', data: { msg: 'Successfully applied for scholarship' } });
    expect((await enter(member)).json().data.msg).toBe('Already applied for scholarship');
    expect((await call('GET', '/sweepstakes/current', member.token)).json().data.applied).toBe(true);
    expect((await t.sql.query(`SELECT is_scholarship_applied FROM users WHERE id = $1`, [member.id])).rows[0].is_scholarship_applied).toBe(true);
    expect((await call('POST', `/register-applicants/apply-scholarship/${randomUUID()}`, member.token)).statusCode).toBe(404);
  });
});
