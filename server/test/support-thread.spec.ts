import { SupportMailJob } from '../src/support/support-mail.job.js';
import { accountClient } from './accounts-helpers.js';
import { eventually, startTestApp, type TestApp } from './test-app.js';

interface ThreadMessage {
  id: string;
  author: 'person' | 'staff';
  fromName: string;
  bodyHtml: string;
  bodyText: string;
  sentAt: string;
}

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/**
 * Support as a conversation (docs/support.md, "The thread"): staff answer as often as needed, the
 * person replies from the inbox message that carried an answer, a reply puts the request back in the
 * queue and the 24-hour promise counts from it; nobody reads or replies to anyone else's request.
 */
describe('support threads', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    admin = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026', '10.52.0.1')).json().data.accessToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A signed-in person's support request: its id and their token. */
  const request = async (query: string, description: string) => {
    const { session } = await api.signUp({ firstName: 'Katherine', lastName: 'Johnson' });
    expect((await api.call('POST', '/scholarships/add-support', { body: { query, description }, token: session.accessToken, ip: '10.52.1.1' })).statusCode).toBe(201);
    const [{ id }] = (await t.sql.query(`SELECT id FROM support_requests WHERE user_id = $1`, [session.user.id])).rows as { id: string }[];
    return { id, token: session.accessToken, userId: session.user.id };
  };
  const answer = (id: string, html: string) => api.call('POST', `/admin/support-requests/${id}/answer`, { body: { answer: html }, token: admin, ip: '10.52.0.1' });
  const reply = (id: string, token: string | undefined, answers: unknown) => api.call('POST', `/support-requests/${id}/replies`, { body: { answers }, token });
  const thread = (id: string, token: string | undefined) => api.call('GET', `/support-requests/${id}/thread`, { token });
  const detail = async (id: string) => (await api.call('GET', `/admin/support-requests/${id}`, { token: admin })).json().data;
  const queue = async (query: string) => (await api.call('GET', `/admin/support-requests?${query}`, { token: admin })).json() as { data: { id: string }[]; meta: { overdue: number } };

  it('keeps the request, every answer and every reply as one thread, oldest first, in the inbox and the console', async () => {
    const mine = await request('Recommendation letter', 'Can my teacher upload it?\n\nShe has no account.');
    expect((await answer(mine.id, '<p>Yes: send her the <b>link</b>.</p>')).statusCode).toBe(201);
    expect((await answer(mine.id, '<p>One more thing: it must be a PDF.</p><img src=x onerror=alert(1)>')).statusCode).toBe(201);

    // Each answer is a message of its own in the inbox, tied to the request.
    const inbox = (await api.call('GET', '/inbox', { token: mine.token })).json().data as { kind: string; supportRequestId: string | null; subject: { value: string } }[];
    const answers = inbox.filter((message) => message.kind === 'support-answer');
    expect(answers).toHaveLength(2);
    expect(answers.every((message) => message.supportRequestId === mine.id && message.subject.value === 'Re: Recommendation letter')).toBe(true);
    // The receipt is no answer: nothing to reply under.
    expect(inbox.find((message) => message.kind === 'support-received')!.supportRequestId).toBeNull();

    const replied = await reply(mine.id, mine.token, { replyBody: 'Thanks!\nIs <b>Word</b> fine too?' });
    expect(replied.statusCode).toBe(201);
    const view = replied.json().data as { requestId: string; subject: string; status: string; messages: ThreadMessage[] };
    expect(view).toMatchObject({ requestId: mine.id, subject: 'Recommendation letter', status: 'received' });
    expect(view.messages.map((message) => [message.author, message.fromName])).toEqual([
      ['person', 'You'],
      ['staff', 'ScholarMatch Support'],
      ['staff', 'ScholarMatch Support'],
      ['person', 'You'],
    ]);
    expect(view.messages[0].bodyHtml).toBe('<p>Can my teacher upload it?</p><p>She has no account.</p>');
    expect(view.messages[2].bodyHtml).not.toContain('onerror');
    // What the person typed is text, never markup.
    expect(view.messages[3].bodyHtml).toBe('<p>Thanks!<br />Is &lt;b&gt;Word&lt;/b&gt; fine too?</p>');
    const times = view.messages.map((message) => Date.parse(message.sentAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect((await thread(mine.id, mine.token)).json().data).toEqual(view);

    // The console shows the same thread, and the internal notes beside it, which the person never gets.
    await api.call('POST', `/admin/support-requests/${mine.id}/notes`, { body: { text: 'Teacher accounts are on the roadmap.' }, token: admin });
    const staffView = await detail(mine.id);
    expect(staffView.request).toMatchObject({ status: 'open', answerHtml: '<p>One more thing: it must be a PDF.</p>' });
    expect(staffView.messages.map((message: { author: string; authorName: string | null }) => message.author)).toEqual(['staff', 'staff', 'person']);
    expect(staffView.messages[2]).toMatchObject({ authorId: mine.userId, authorName: 'Katherine Johnson' });
    expect(staffView.notes).toHaveLength(1);
    expect(JSON.stringify((await thread(mine.id, mine.token)).json())).not.toContain('roadmap');

    // Answered again, the request is answered, and the person's list shows the latest answer.
    expect((await answer(mine.id, '<p>Word is fine.</p>')).json().data.status).toBe('answered');
    const own = (await api.call('GET', '/support-requests', { token: mine.token })).json().data[0];
    expect(own).toMatchObject({ status: 'answered', answerHtml: '<p>Word is fine.</p>' });
    expect((await thread(mine.id, mine.token)).json().data.messages).toHaveLength(5);
  });

  it('refuses an empty or malformed reply with the form’s words, and changes nothing', async () => {
    const mine = await request('Empty reply', 'Testing');
    await answer(mine.id, '<p>Answered.</p>');
    const empty = await reply(mine.id, mine.token, { replyBody: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ errorCode: 'INVALID_ANSWERS', description: expect.any(String), errors: [{ path: 'answers.replyBody', message: 'Please write your reply.' }] });
    expect((await reply(mine.id, mine.token, { replyBody: 'x'.repeat(10_001) })).statusCode).toBe(400);
    const shapeless = await api.call('POST', `/support-requests/${mine.id}/replies`, { body: { text: 'no answers' }, token: mine.token });
    expect(shapeless.statusCode).toBe(400);
    expect(shapeless.json().description).toEqual(expect.any(String));
    expect((await thread('not-a-uuid', mine.token)).statusCode).toBe(400);
    expect((await detail(mine.id)).request.status).toBe('answered');
    expect((await detail(mine.id)).messages).toHaveLength(1);
  });

  it('reopens an answered or solved request, and counts its age against the 24-hour promise from the reply', async () => {
    const old = await request('Old question', 'Asked three days ago');
    const waiting = await request('Waiting question', 'Asked thirty hours ago, never answered');
    await t.sql.query(`UPDATE support_requests SET created_at = now() - interval '72 hours', waiting_since = now() - interval '72 hours' WHERE id = $1`, [old.id]);
    await t.sql.query(`UPDATE support_requests SET created_at = now() - interval '30 hours', waiting_since = now() - interval '30 hours' WHERE id = $1`, [waiting.id]);
    const overdueBefore = (await queue('status=open')).meta.overdue;
    await answer(old.id, '<p>Here you go.</p>');
    await api.call('POST', `/admin/support-requests/${old.id}/solve`, { token: admin });
    expect((await queue('status=open')).meta.overdue).toBe(overdueBefore - 1);

    const before = Date.now();
    expect((await reply(old.id, old.token, { replyBody: 'It did not work.' })).statusCode).toBe(201);
    const reopened = (await detail(old.id)).request;
    expect(reopened).toMatchObject({ status: 'open', solvedAt: null });
    // Sent three days ago, but waiting only since the reply: not past the promise, and behind the request that waits longer.
    expect(Date.parse(reopened.waitingSince)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.now() - Date.parse(reopened.createdAt)).toBeGreaterThan(71 * 3600_000);
    expect((await queue('status=open')).meta.overdue).toBe(overdueBefore - 1);
    expect((await queue('olderThanHours=24&status=open')).data.map((row) => row.id)).not.toContain(old.id);
    const order = (await queue('sort=waiting&status=open&limit=100')).data.map((row) => row.id);
    expect(order.indexOf(waiting.id)).toBeLessThan(order.indexOf(old.id));

    // A second reply while it waits does not put off the promised answer.
    await t.sql.query(`UPDATE support_requests SET waiting_since = now() - interval '25 hours' WHERE id = $1`, [old.id]);
    expect((await reply(old.id, old.token, { replyBody: 'Hello?' })).statusCode).toBe(201);
    expect((await queue('status=open')).meta.overdue).toBe(overdueBefore);
    expect((await queue('olderThanHours=24&status=open')).data.map((row) => row.id)).toContain(old.id);

    // A reply to a request that waits already keeps it open; an answered one reopens.
    await answer(waiting.id, '<p>Sorry for the wait.</p>');
    expect((await detail(waiting.id)).request.status).toBe('answered');
    await reply(waiting.id, waiting.token, { replyBody: 'Thanks, one more question.' });
    expect((await detail(waiting.id)).request.status).toBe('open');
    expect((await api.call('GET', '/support-requests', { token: waiting.token })).json().data[0].status).toBe('received');
  });

  it("lets a person read and reply to their own requests only: anyone else's is a 404 that changes nothing", async () => {
    const a = await request('Private matter', 'Only for me');
    await answer(a.id, '<p>Answer for A.</p>');
    const b = (await api.signUp({ firstName: 'Mallory' })).session;
    await api.call('POST', '/scholarships/add-support', { body: { email: 'guest.thread@example.com', name: 'Guest', phone: '+12025550100', description: 'A guest' }, ip: '10.52.1.2' });
    const [{ id: guestId }] = (await t.sql.query(`SELECT id FROM support_requests WHERE email = 'guest.thread@example.com'`)).rows as { id: string }[];

    for (const [who, id] of [['another person', a.id], ['a guest request', guestId], ['an unknown id', UNKNOWN]] as const) {
      const read = await thread(id, b.accessToken);
      expect([who, read.statusCode, read.json().errorCode]).toEqual([who, 404, 'SUPPORT_REQUEST_NOT_FOUND']);
      expect(read.body).not.toContain('Only for me');
      const written = await reply(id, b.accessToken, { replyBody: 'Mallory was here' });
      expect([who, written.statusCode]).toEqual([who, 404]);
    }
    // Staff are not the person: the person's routes are found by the token, so an admin reads no one's thread there.
    expect((await thread(a.id, admin)).statusCode).toBe(404);
    expect((await thread(a.id, undefined)).statusCode).toBe(401);
    expect((await reply(a.id, undefined, { replyBody: 'Anonymous' })).statusCode).toBe(401);
    const staffView = await detail(a.id);
    expect(staffView.request.status).toBe('answered');
    expect(staffView.messages).toHaveLength(1);
    expect((await t.sql.query(`SELECT count(*)::int AS n FROM support_messages WHERE body_html LIKE '%Mallory%'`)).rows[0].n).toBe(0);
  });

  it("e-mails a guest each answer, the latest one once", async () => {
    await api.call('POST', '/scholarships/add-support', { body: { email: 'guest.twice@example.com', name: 'Guest', phone: '+12025550100', description: 'Two answers please' }, ip: '10.52.1.3' });
    const [{ id }] = (await t.sql.query(`SELECT id FROM support_requests WHERE email = 'guest.twice@example.com'`)).rows as { id: string }[];
    const sent = async () => (await t.sql.query(`SELECT text_body FROM mail_outbox WHERE to_address = 'guest.twice@example.com' ORDER BY id`)).rows.map((row) => row.text_body as string);
    await answer(id, '<p>First answer.</p>');
    await t.app.get(SupportMailJob).run();
    await eventually(async () => expect(await sent()).toHaveLength(1));
    await t.app.get(SupportMailJob).run();
    await answer(id, '<p>Second answer.</p>');
    await t.app.get(SupportMailJob).run();
    await eventually(async () => expect(await sent()).toHaveLength(2));
    expect((await sent())[1]).toContain('Second answer.');
    await t.app.get(SupportMailJob).run();
    expect(await sent()).toHaveLength(2);
  });
});
