import { makeMember, publishedScholarship, YESTERDAY } from '@scholarmatch/testkit';
import { AutoApplyJob } from '../src/automation/auto-apply.job.js';
import { accountClient } from './accounts-helpers.js';
import { eventually, startTestApp, type TestApp } from './test-app.js';

const GENDER_RULE = [{ fieldKey: 'gender', operator: 'eq', value: '2' }];

interface Person {
  id: string;
  token: string;
}

/**
 * Automatic application (docs/automation.md): the member's switch and its gate, what it applies
 * to (open, matching, nothing beyond the profile or only the stored CV), once each, with its inbox
 * message and its mark in My Scholarships; through the real triggers, NOTIFY and pg-boss job.
 */
describe('automatic application', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let provider: string;
  let admin: string;
  let member: Person;
  let ineligible: Person;
  let switchedOff: Person;
  let visitor: Person;

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, token?: string, body?: unknown) => api.call(method, path, { token, body });
  const publish = (title: string, requirements: object[], extra: object = {}) =>
    publishedScholarship(api.kit, provider, { title, award: 500, requirements, criteria: GENDER_RULE, ...extra });
  const applicationsOf = async (scholarshipId: string) =>
    (
      await t.sql.query(`SELECT user_id, status, answers, applied_automatically FROM applications WHERE scholarship_id = $1 ORDER BY user_id`, [scholarshipId])
    ).rows as { user_id: string; status: string; answers: Record<string, unknown>; applied_automatically: boolean }[];
  const messagesOf = async (person: Person, scholarshipId: string) =>
    (await t.sql.query(`SELECT kind, subject, body_text FROM inbox_messages WHERE user_id = $1 AND scholarship_id = $2`, [person.id, scholarshipId])).rows as {
      kind: string;
      subject: string;
      body_text: string;
    }[];
  const setAutoApply = (person: Person, enabled: boolean) => call('PUT', '/register-applicants/auto-apply', person.token, { enabled });
  /** Waits until no automatic application work is left (the job runs on its own, through NOTIFY). */
  const settled = () =>
    eventually(async () => {
      const { rows } = await t.sql.query(`SELECT (SELECT count(*) FROM auto_apply_due_scholarships) + (SELECT count(*) FROM auto_apply_due_members) AS due`);
      expect(Number(rows[0].due)).toBe(0);
    }, 15_000);

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    admin = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026')).json().data.accessToken;
    await t.sql.query('DELETE FROM scholarships');
    const people: Person[] = [];
    for (let i = 0; i < 4; i++) {
      people.push(await api.person());
    }
    [member, ineligible, switchedOff, visitor] = people;
    for (const person of [member, ineligible, switchedOff]) {
      await makeMember(api.kit, admin, person.id);
    }
    await t.sql.query(`UPDATE users SET profile = profile || '{"gender": "2"}' WHERE id = ANY($1)`, [[member.id, switchedOff.id, visitor.id]]);
    await t.sql.query(`UPDATE users SET profile = profile || '{"gender": "1"}' WHERE id = $1`, [ineligible.id]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is off until a member turns it on; a non-member cannot, and may always turn it off', async () => {
    expect((await call('GET', '/register-applicants/auto-apply', member.token)).json().data).toEqual({ enabled: false, member: true });
    const refused = await setAutoApply(visitor, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ errorCode: 'SUBSCRIPTION_REQUIRED', description: 'Automatic application is for members. Start your free 7-day membership to use it.' });
    expect((await setAutoApply(visitor, false)).json().data).toEqual({ enabled: false, member: false });
    const bad = await call('PUT', '/register-applicants/auto-apply', member.token, { enabled: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().description).toBe('enabled must be true or false.');
    expect((await call('GET', '/register-applicants/auto-apply')).statusCode).toBe(401);
  });

  it('turned on, applies at once to the open matches that need nothing beyond the profile, and says so', async () => {
    const easy = await publish('Profile only', []);
    const essay = await publish('Needs an essay', [{ title: 'Essay', dataType: 'editor', key: 'essay' }]);
    const cvOnly = await publish('CV only, none stored yet', [{ title: 'CV', dataType: 'file', key: 'cv' }]);
    await settled();
    expect(await applicationsOf(easy)).toEqual([]);

    const on = await setAutoApply(member, true);
    expect(on.json()).toMatchObject({ message: 'Automatic application is on', data: { enabled: true, member: true } });
    await expect(setAutoApply(ineligible, true)).resolves.toMatchObject({ statusCode: 200 });
    await settled();
    expect(await applicationsOf(easy)).toEqual([{ user_id: member.id, status: 'Received', answers: {}, applied_automatically: true }]);
    expect(await applicationsOf(essay)).toEqual([]);
    expect(await applicationsOf(cvOnly)).toEqual([]);
    const [message, ...more] = await messagesOf(member, easy);
    expect(more).toEqual([]);
    expect(message).toMatchObject({ kind: 'auto-applied', subject: 'We applied to Profile only for you' });
    expect(message.body_text).toContain('because automatic application is on');

    const applied = (await call('GET', '/scholarships/me/scholarships?status=Received', member.token)).json().data;
    expect(applied).toEqual([expect.objectContaining({ id: easy, scholarshipStatus: 'Received', appliedAutomaticallyAt: expect.any(String) })]);
  });

  it('applies to a newly published match for every member who has it on, and to no one else', async () => {
    await setAutoApply(switchedOff, false);
    await t.sql.query(`UPDATE users SET auto_apply = true WHERE id = $1`, [visitor.id]); // no membership: nothing happens
    const fresh = await publish('Published later', []);
    await settled();
    expect((await applicationsOf(fresh)).map((row) => row.user_id)).toEqual([member.id]);
  });

  it('sends the CV the member last applied with when a scholarship asks only for that', async () => {
    const cvId = '3f8a6c1e-2b4d-4e8f-9a1c-5d6e7f8a9b0c';
    await t.sql.query(
      `INSERT INTO uploaded_files (id, owner_id, purpose, content_type, size, original_name, storage_key, sha256)
       VALUES ($1::uuid, $2, 'document', 'application/pdf', 10, 'cv.pdf', $1::text, repeat('0', 64))`,
      [cvId, member.id],
    );
    const cv = `/api/v1/common/files/${cvId}`;
    const manual = await publish('Applied by hand with a CV', [{ title: 'CV', dataType: 'file', key: 'cv' }, { title: 'Why?', dataType: 'text', key: 'why' }]);
    await settled();
    const submitted = await call('POST', '/scholarships/submit-individual-scholarship', member.token, {
      scholarshipId: manual,
      status: 'Received',
      requirements: [
        { key: 'cv', fieldValue: cv },
        { key: 'why', fieldValue: 'Because.' },
      ],
    });
    expect(submitted.json().data.status).toBe('Received');
    const cvOnly = await publish('CV only, after one was sent', [{ title: 'CV', dataType: 'file', key: 'cv' }]);
    await settled();
    expect(await applicationsOf(cvOnly)).toEqual([{ user_id: member.id, status: 'Received', answers: { cv }, applied_automatically: true }]);
    expect((await messagesOf(member, cvOnly))[0].body_text).toContain('the CV you last applied with');
  });

  it('applies when new answers make a member eligible, and never after the deadline', async () => {
    const forOthers = await publish('For the other gender', [], { criteria: [{ fieldKey: 'gender', operator: 'eq', value: '1' }] });
    const closing = await publish('Closing', [], { criteria: [{ fieldKey: 'gender', operator: 'eq', value: '1' }] });
    await settled();
    expect((await applicationsOf(forOthers)).map((row) => row.user_id)).toEqual([ineligible.id]);
    await t.sql.query(`DELETE FROM applications WHERE scholarship_id = $1`, [closing]);
    await t.sql.query(`UPDATE scholarships SET deadline = $2 WHERE id = $1`, [closing, YESTERDAY]);
    await settled();

    await t.sql.query(`UPDATE users SET profile = profile || '{"gender": "1"}' WHERE id = $1`, [member.id]);
    await settled();
    expect((await applicationsOf(forOthers)).map((row) => row.user_id).sort()).toEqual([member.id, ineligible.id].sort());
    expect(await applicationsOf(closing)).toEqual([]);
  });

  it('applies exactly once however often and however concurrently the job runs', async () => {
    const once = await publish('Once', [], { criteria: [] });
    await settled();
    const job = t.app.get(AutoApplyJob);
    for (let round = 0; round < 3; round++) {
      await t.sql.query(`INSERT INTO auto_apply_due_scholarships (scholarship_id) VALUES ($1) ON CONFLICT DO NOTHING`, [once]);
      await t.sql.query(`INSERT INTO auto_apply_due_members (user_id) VALUES ($1), ($2) ON CONFLICT DO NOTHING`, [member.id, ineligible.id]);
      await Promise.all([job.run(), job.run(), job.run()]);
    }
    await settled();
    expect((await applicationsOf(once)).map((row) => row.user_id).sort()).toEqual([member.id, ineligible.id].sort());
    for (const person of [member, ineligible]) expect(await messagesOf(person, once)).toHaveLength(1);
  });

  it('stops when the member turns it off or the membership ends', async () => {
    await setAutoApply(ineligible, false);
    await t.sql.query(`UPDATE users SET is_active_subscription = false WHERE id = $1`, [member.id]);
    const after = await publish('After it stopped', [], { criteria: [] });
    await settled();
    expect(await applicationsOf(after)).toEqual([]);
  });
});
