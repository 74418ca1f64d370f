import { vi } from 'vitest';
import { Mailer } from '../src/mail/mailer.js';
import { SupportMailJob } from '../src/support/support-mail.job.js';
import { accountClient } from './accounts-helpers.js';
import { eventually, startTestApp, type TestApp } from './test-app.js';

const STAFF = 'help-desk@scholarmatch.test';

/** Support requests and contact messages (docs/support.md), over HTTP on a real database. */
describe('support and contact', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000, SUPPORT_EMAIL: STAFF });
    api = accountClient(t);
    admin = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026', '10.50.0.1')).json().data.accessToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  const add = (body: unknown, token?: string) => api.call('POST', '/scholarships/add-support', { body, token, ip: '10.50.1.1' });
  const outbox = async (to: string) => (await api.call('GET', `/admin/mail-outbox?to=${encodeURIComponent(to)}&limit=20`, { token: admin })).json().data as { subject: string; text: string }[];
  const sendMail = () => t.app.get(SupportMailJob).run();

  it("takes anyone's contact message, judged by the served form in the seed's words, and e-mails it to the support desk", async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ name: 'Guest', phone: '+12025550100', description: 'Hi' }, 'Please input your email address!'],
      [{ email: 'not-an-address', name: 'Guest', phone: '+12025550100', description: 'Hi' }, 'Please enter a validate email!'],
      [{ email: 'ada@example.com', name: 'Guest', description: 'Hi' }, 'Please input your phone'],
      [{ email: 'ada@example.com', name: 'Guest', phone: '+12025550100' }, 'Please input your message'],
    ];
    for (const [body, description] of refusals) {
      const res = await add(body);
      expect([description, res.statusCode]).toEqual([description, 400]);
      expect(res.json().description).toBe(description);
    }
    const sent = await add({ email: 'ada@example.com', name: 'Guest', phone: '+12025550100', description: 'How do I change my e-mail address?' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toBe('We have received your query, we will get back to you soon.');
    // The job queued by the request may have sent it already; a run of our own makes sure.
    await sendMail();
    await eventually(async () => expect((await outbox(STAFF)).length).toBeGreaterThan(0));
    const [mail] = await outbox(STAFF);
    expect(mail.subject).toBe('Contact message from ada@example.com');
    expect(mail.text).toContain('How do I change my e-mail address?');
    expect(mail.text).toContain('+12025550100');
  });

  it("takes a signed-in person's support request with the account's own name and e-mail", async () => {
    const { session, body } = await api.signUp({ firstName: 'Katherine', lastName: 'Johnson' });
    expect((await add({ query: 'Login', description: 'I cannot log in' })).statusCode).toBe(401);
    expect((await add({ query: '', description: 'x' }, session.accessToken)).json().description).toBe('Please input your query');
    expect((await add({ query: 'Login' }, session.accessToken)).json().description).toBe('Please input your description');
    const other = await api.signUp();
    expect((await add({ query: 'Q', description: 'D', applicantId: other.session.user.id }, session.accessToken)).statusCode).toBe(403);
    const sent = await add({ email: 'spoofed@example.com', name: 'Someone Else', query: 'My essay draft', description: 'The essay assistant timed out.', applicantId: session.user.id }, session.accessToken);
    expect(sent.statusCode).toBe(201);
    const [row] = (await t.sql.query(`SELECT name, email, kind, user_id FROM support_requests WHERE query = 'My essay draft'`)).rows;
    expect(row).toEqual({ name: 'Katherine Johnson', email: body.email, kind: 'support', user_id: session.user.id });
    expect((await api.call('POST', '/scholarships/add-support', { body: { query: 'x', description: 'y' }, token: 'not-a-token' })).statusCode).toBe(401);
  });

  it('drops what a bot sends through the hidden field, saying the same', async () => {
    const before = (await t.sql.query(`SELECT count(*)::int AS n FROM support_requests`)).rows[0].n;
    const res = await add({ email: 'bot@example.com', name: 'Guest', phone: '+12025550100', description: 'Buy now', website: 'https://spam.example' });
    expect(res.statusCode).toBe(201);
    expect((await t.sql.query(`SELECT count(*)::int AS n FROM support_requests`)).rows[0].n).toBe(before);
  });

  it('keeps a request whose e-mail fails, and sends it on the next run', async () => {
    const mailer = t.app.get(Mailer);
    // The mail server is down from before the request arrives (the queued run fails too).
    const failing = vi.spyOn(mailer, 'send').mockRejectedValue(new Error('SMTP down'));
    try {
      expect((await add({ email: 'later@example.com', name: 'Guest', phone: '+12025550100', description: 'Sent when the mail server is back' })).statusCode).toBe(201);
      await sendMail();
      const [row] = (await t.sql.query(`SELECT description, staff_emailed_at FROM support_requests WHERE email = 'later@example.com'`)).rows;
      expect(row).toEqual({ description: 'Sent when the mail server is back', staff_emailed_at: null });
    } finally {
      failing.mockRestore();
    }
    // A queued run that started while the server was down may still hold the request's claim (it
    // releases it on failure): each try runs the job again until the e-mail went.
    await eventually(async () => {
      await sendMail();
      expect((await outbox(STAFF)).some((mail) => mail.text.includes('Sent when the mail server is back'))).toBe(true);
    }, 15_000);
  });

  it("lists requests to admins only, and an admin's answer reaches the person's inbox, or a guest's e-mail", async () => {
    const { session } = await api.signUp({ firstName: 'Dorothy' });
    await add({ query: 'Deadline', description: 'When does the Hopper award close?' }, session.accessToken);
    await add({ email: 'guest.answer@example.com', name: 'Guest', phone: '+12025550100', description: 'Do you work with schools?' });

    expect((await api.call('GET', '/admin/support-requests', { token: session.accessToken })).statusCode).toBe(403);
    const list = (await api.call('GET', '/admin/support-requests?answered=false', { token: admin })).json();
    const mine = list.data.find((request: { query: string | null }) => request.query === 'Deadline');
    const guest = list.data.find((request: { email: string }) => request.email === 'guest.answer@example.com');
    expect(list.meta.total).toBeGreaterThanOrEqual(2);

    const answer = (id: string, text: string) => api.call('POST', `/admin/support-requests/${id}/answer`, { body: { answer: text }, token: admin });
    expect((await answer(mine.id, '<p> </p>')).statusCode).toBe(400);
    const answered = await answer(mine.id, '<p>It closes on <b>June 30</b>.</p><script>alert(1)</script>');
    expect(answered.statusCode).toBe(201);
    expect(answered.json().data.answerHtml).not.toContain('script');
    // Staff may answer again: each answer is one more message (docs/support.md, "The thread").
    expect((await answer(mine.id, '<p>Again</p>')).statusCode).toBe(201);
    expect((await answer('00000000-0000-4000-8000-000000000000', '<p>x</p>')).statusCode).toBe(404);
    const inbox = (await api.call('GET', '/inbox?search=June', { token: session.accessToken })).json().data;
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ subject: { value: 'Re: Deadline' }, fromName: { value: 'ScholarMatch Support' }, kind: 'support-answer' });

    expect((await answer(guest.id, '<p>Yes, write to partners@example.org.</p>')).statusCode).toBe(201);
    await sendMail();
    await eventually(async () => expect(await outbox('guest.answer@example.com')).toHaveLength(1));
    const [reply] = await outbox('guest.answer@example.com');
    expect(reply).toMatchObject({ subject: 'Re: your message to ScholarMatch' });
    expect(reply.text).toContain('Yes, write to partners@example.org.');
    expect((await api.call('GET', '/admin/support-requests?answered=true', { token: admin })).json().data.map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining([mine.id, guest.id]),
    );
  });

  it("puts a receipt in the person's inbox with the 24-hour promise, in the same transaction as the request", async () => {
    const { session } = await api.signUp({ firstName: 'Grace' });
    expect((await add({ query: 'Transcript upload', description: 'My PDF is refused.' }, session.accessToken)).statusCode).toBe(201);
    const inbox = (await api.call('GET', '/inbox', { token: session.accessToken })).json().data as Record<string, { value: string } | string>[];
    const receipt = inbox.find((message) => message.kind === 'support-received')!;
    expect(receipt).toMatchObject({ subject: { value: 'We received your request: Transcript upload' }, fromName: { value: 'ScholarMatch Support' } });
    const text = (receipt.bodyAsText as { value: string }).value;
    expect(text).toContain('We have received your query, we will get back to you soon.');
    expect(text).toContain('Support replies typically come within 24 hours.');
    expect(text).toContain('My PDF is refused.');
    // A guest has no inbox: a contact message sends no receipt there.
    const before = (await t.sql.query(`SELECT count(*)::int AS n FROM inbox_messages WHERE kind = 'support-received'`)).rows[0].n;
    await add({ email: 'guest.receipt@example.com', name: 'Guest', phone: '+12025550100', description: 'Hello' });
    expect((await t.sql.query(`SELECT count(*)::int AS n FROM inbox_messages WHERE kind = 'support-received'`)).rows[0].n).toBe(before);
  });

  it("lists a person's own requests, newest first, with their status and answers, and nobody else's", async () => {
    const ada = (await api.signUp({ firstName: 'Ada' })).session;
    const bob = (await api.signUp({ firstName: 'Bob' })).session;
    await add({ query: 'First question', description: 'One' }, ada.accessToken);
    await add({ query: 'Second question', description: 'Two' }, ada.accessToken);
    await add({ query: "Bob's question", description: 'Three' }, bob.accessToken);
    const mine = (token: string) => api.call('GET', '/support-requests', { token });

    expect((await api.call('GET', '/support-requests')).statusCode).toBe(401);
    const before = (await mine(ada.accessToken)).json();
    expect(before.meta.total).toBe(2);
    expect(before.data.map((r: { query: string }) => r.query)).toEqual(['Second question', 'First question']);
    expect(before.data.every((r: { status: string; answerHtml: null }) => r.status === 'received' && r.answerHtml === null)).toBe(true);
    // Nothing of the staff's side (e-mail copies, other people's details) is in the person's list.
    expect(Object.keys(before.data[0]).sort()).toEqual(['answerHtml', 'answeredAt', 'createdAt', 'description', 'id', 'kind', 'query', 'status']);

    const first = before.data[1].id as string;
    expect((await api.call('POST', `/admin/support-requests/${first}/answer`, { body: { answer: '<p>Here is how.</p>' }, token: admin })).statusCode).toBe(201);
    const after = (await mine(ada.accessToken)).json().data as { id: string; status: string; answerHtml: string | null; answeredAt: string | null }[];
    expect(after.find((r) => r.id === first)).toMatchObject({ status: 'answered', answerHtml: '<p>Here is how.</p>', answeredAt: expect.any(String) });

    const bobs = (await mine(bob.accessToken)).json();
    expect(bobs.data.map((r: { query: string }) => r.query)).toEqual(["Bob's question"]);
    expect(bobs.data.map((r: { id: string }) => r.id)).not.toContain(first);
    expect((await api.call('GET', '/support-requests?limit=1&offset=1', { token: ada.accessToken })).json().data.map((r: { query: string }) => r.query)).toEqual(['First question']);
    expect((await api.call('GET', '/support-requests?limit=0', { token: ada.accessToken })).statusCode).toBe(400);
  });
});
