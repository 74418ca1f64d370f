import { NEXT_YEAR } from '@scholarmatch/testkit';
import { StatusMovesService } from '../src/review/status-moves.service.js';
import { accountClient } from './accounts-helpers.js';
import { eventually, startTestApp, type TestApp } from './test-app.js';

/** Short, so the specs wait little, yet long enough to undo by a second request. */
const DELAY_SECONDS = 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A status move is announced only once it stands (docs/review.md, "Status"): its message (inbox
 * and e-mail) waits STATUS_MESSAGE_DELAY_SECONDS, an undo or a move back cancels it, and several
 * moves within the window announce the last one once.
 */
describe('status messages wait, and an undo cancels them', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let owner: string;
  let reviewer: string;
  let scholarshipId: string;
  let counter = 0;
  const applicants: { applicationId: string; userId: string; email: string; token: string }[] = [];

  const put = (path: string, token: string, body: unknown) => api.call('PUT', path, { token, body });
  const post = (path: string, token: string, body?: unknown) => api.call('POST', path, { token, body });
  const statusPath = (applicationId: string) => `/scholarships/${scholarshipId}/applicants/${applicationId}/status`;
  const move = (applicationId: string, status: string) => put(statusPath(applicationId), owner, { status });
  const undo = (applicationId: string, token = owner) => post(`${statusPath(applicationId)}/undo`, token);
  const inboxOf = async (userId: string) =>
    (await t.sql.query(`SELECT kind, subject FROM inbox_messages WHERE user_id = $1 AND scholarship_id = $2 ORDER BY created_at, id`, [userId, scholarshipId])).rows as { kind: string; subject: string }[];
  const mailsTo = async (email: string) => (await t.sql.query(`SELECT subject FROM mail_outbox WHERE to_address = $1 ORDER BY id`, [email])).rows.map((row: { subject: string }) => row.subject);
  const reviewStatusOf = async (applicationId: string) => (await t.sql.query(`SELECT review_status FROM applications WHERE id = $1`, [applicationId])).rows[0].review_status as string;
  const eventsOf = async (applicationId: string) =>
    (await t.sql.query(`SELECT status FROM application_status_events WHERE application_id = $1 ORDER BY occurred_at, id`, [applicationId])).rows.map((row: { status: string }) => row.status);
  /** Past the window, and the delivery run done (as the queued job would), so "nothing" is not "not yet". */
  const afterTheWindow = async () => {
    await sleep(DELAY_SECONDS * 1000 + 300);
    await t.app.get(StatusMovesService).deliverDue();
  };

  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 1000, STATUS_MESSAGE_DELAY_SECONDS: DELAY_SECONDS });
    api = accountClient(t);
    const signed = await api.call('POST', '/users/provider-signup', {
      ip: '10.29.0.1',
      body: { answers: { organisationName: 'Undo Trust', firstName: 'Ada', lastName: 'Byron', phone: '+12025550143', email: `undo.${Date.now()}@example.org`, password: 'correct horse battery', confirmPassword: 'correct horse battery', acceptTerms: true } },
    });
    owner = signed.json().data.accessToken;
    const created = await post('/providers/scholarships', owner, { title: 'Second Thoughts Award', award: 500, recurrenceConfig: { deadline: NEXT_YEAR }, requirements: [] });
    scholarshipId = created.json().data.id;
    for (let i = 0; i < 5; i++) {
      const { session } = await api.signUp({ firstName: `Undo${i}`, lastName: 'Tester' }, `10.29.1.${++counter}`);
      const [row] = (
        await t.sql.query(`INSERT INTO applications (user_id, scholarship_id, status, answers, submitted_at) VALUES ($1, $2, 'Received', '{}', now()) RETURNING id`, [session.user.id, scholarshipId])
      ).rows as { id: string }[];
      applicants.push({ applicationId: row.id, userId: session.user.id, email: session.user.email, token: session.accessToken });
    }
    // A reviewer of the organisation may read, never move nor undo.
    const invited = await post('/providers/reviewers', owner, { email: `rita.${Date.now()}@example.org` });
    expect(invited.statusCode).toBe(201);
    const [mail] = (await t.sql.query(`SELECT text_body FROM mail_outbox ORDER BY id DESC LIMIT 1`)).rows as { text_body: string }[];
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text_body)![1];
    const accepted = await api.call('POST', `/reviewer-invitations/${token}/accept`, {
      ip: '10.29.2.1',
      body: { answers: { firstName: 'Rita', lastName: 'Levi', password: 'correct horse battery', confirmPassword: 'correct horse battery' } },
    });
    reviewer = accepted.json().data.accessToken;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('holds the message of a move until the window ends, then sends exactly one (inbox and e-mail), from the queued job', async () => {
    const { applicationId, userId, email } = applicants[0];
    const res = await move(applicationId, 'Under review');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: applicationId, status: 'Under review', undo: { restores: 'Received' } });
    const left = Date.parse(data.undo.until) - Date.now();
    expect(left).toBeGreaterThan(0);
    expect(left).toBeLessThanOrEqual(DELAY_SECONDS * 1000 + 500);
    expect(await reviewStatusOf(applicationId)).toBe('Under review');
    // Nothing has left yet, and the applicant's tracker still shows what they were last told.
    expect(await inboxOf(userId)).toEqual([]);
    const before = (await api.call('GET', '/scholarships/me/applications', { token: applicants[0].token })).json().data[0];
    expect(before).toMatchObject({ reviewStatus: 'Received' });
    expect(before.events.map((event: { status: string }) => event.status)).toEqual(['Submitted']);
    const myScholarships = async () => (await api.call('GET', '/scholarships/me/scholarships?status=Received', { token: applicants[0].token })).json().data[0].reviewStatus;
    expect(await myScholarships()).toBe('Received');

    // The job queued with the move delivers it (no help from the spec here).
    await eventually(async () => expect(await inboxOf(userId)).toEqual([{ kind: 'status-changed', subject: 'Second Thoughts Award: Under review' }]), 15_000);
    await eventually(async () => expect(await mailsTo(email)).toEqual(['Second Thoughts Award: Under review']), 10_000);
    const after = (await api.call('GET', '/scholarships/me/applications', { token: applicants[0].token })).json().data[0];
    expect(after).toMatchObject({ reviewStatus: 'Under review' });
    expect(after.events.map((event: { status: string }) => event.status)).toEqual(['Submitted', 'Under review']);
    expect(await myScholarships()).toBe('Under review');

    // Once told, it can no longer be undone; the status stays.
    const late = await undo(applicationId);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ errorCode: 'NOTHING_TO_UNDO', description: expect.stringContaining('can no longer be undone') });
    expect(await reviewStatusOf(applicationId)).toBe('Under review');
    await afterTheWindow();
    expect(await inboxOf(userId)).toHaveLength(1);
  }, 40_000);

  it('an undo restores the earlier status, sends nothing, and leaves no trace in the tracker', async () => {
    const { applicationId, userId, email } = applicants[1];
    expect(await eventsOf(applicationId)).toEqual(['Submitted']);
    expect((await move(applicationId, 'Not selected')).json().data.undo).toMatchObject({ restores: 'Received' });
    expect(await eventsOf(applicationId)).toEqual(['Submitted', 'Not selected']);
    const undone = await undo(applicationId);
    expect(undone.statusCode).toBe(200);
    expect(undone.json().data).toEqual({ id: applicationId, status: 'Received', undo: null });
    expect(await reviewStatusOf(applicationId)).toBe('Received');
    expect(await eventsOf(applicationId)).toEqual(['Submitted']);
    await afterTheWindow();
    expect(await inboxOf(userId)).toEqual([]);
    expect(await mailsTo(email)).toEqual([]);
    // A second undo has nothing left to take back.
    expect((await undo(applicationId)).statusCode).toBe(409);
  }, 20_000);

  it('several moves in the window announce the final status once; a move back to the start announces nothing', async () => {
    const twice = applicants[2];
    expect((await move(twice.applicationId, 'Under review')).statusCode).toBe(200);
    const second = (await move(twice.applicationId, 'Shortlisted')).json().data;
    // The undo still goes back to what the applicant was told, not to the step between.
    expect(second).toMatchObject({ status: 'Shortlisted', undo: { restores: 'Received' } });

    const back = applicants[3];
    expect((await move(back.applicationId, 'Under review')).statusCode).toBe(200);
    expect((await move(back.applicationId, 'Shortlisted')).statusCode).toBe(200);
    expect((await move(back.applicationId, 'Received')).json().data).toEqual({ id: back.applicationId, status: 'Received', undo: null });
    expect(await eventsOf(back.applicationId)).toEqual(['Submitted']);

    await afterTheWindow();
    expect(await inboxOf(twice.userId)).toEqual([{ kind: 'status-changed', subject: 'Second Thoughts Award: Shortlisted' }]);
    await eventually(async () => expect(await mailsTo(twice.email)).toEqual(['Second Thoughts Award: Shortlisted']), 10_000);
    expect(await inboxOf(back.userId)).toEqual([]);
    expect(await mailsTo(back.email)).toEqual([]);
  }, 30_000);

  it('only the owner moves and undoes; unknown applications are 404', async () => {
    const { applicationId } = applicants[4];
    expect((await put(statusPath(applicationId), reviewer, { status: 'Shortlisted' })).statusCode).toBe(403);
    expect((await move(applicationId, 'Shortlisted')).statusCode).toBe(200);
    expect((await undo(applicationId, reviewer)).json()).toMatchObject({ statusCode: 403, errorCode: 'OWNER_ONLY' });
    expect((await undo(applicationId, applicants[4].token)).statusCode).toBe(403);
    expect((await undo('00000000-0000-4000-8000-000000000000')).json()).toMatchObject({ statusCode: 404, errorCode: 'APPLICATION_NOT_FOUND' });
    expect((await undo(applicationId)).json().data.status).toBe('Received');
  });

  it('a winners decision supersedes a waiting move: the applicant hears the decision only', async () => {
    const { applicationId, userId } = applicants[4];
    expect((await move(applicationId, 'Shortlisted')).statusCode).toBe(200);
    expect((await post(`/scholarships/${scholarshipId}/winners`, owner, { applicationIds: [applicationId] })).statusCode).toBe(201);
    expect((await undo(applicationId)).statusCode).toBe(409);
    await afterTheWindow();
    expect((await inboxOf(userId)).map((message) => message.kind)).toEqual(['winner']);
  }, 20_000);
});
