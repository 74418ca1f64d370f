import { NEXT_YEAR } from '@scholarmatch/testkit';
import { InboxService } from '../src/inbox/inbox.service.js';
import { InboxMailJob } from '../src/inbox/inbox-mail.job.js';
import { accountClient } from './accounts-helpers.js';
import { eventually, startTestApp, type TestApp } from './test-app.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface Person {
  id: string;
  token: string;
  email: string;
}

/** The inbox (docs/inbox.md): delivery, the list and its search, reading, ownership, e-mail, the product's own messages. */
describe('inbox', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let inbox: InboxService;
  let alice: Person;
  let bob: Person;
  let admin: string;

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, token?: string, body?: unknown) => api.call(method, path, { token, body });
  const person = (): Promise<Person> => api.person();
  const list = async (who: Person, query = '') => (await call('GET', `/inbox${query}`, who.token)).json();
  const send = (to: Person[], subject: string, html: string, from = { fromName: 'Hopper Foundation', fromEmail: 'grants@hopper.example.org' }) =>
    inbox.deliver(
      to.map((p) => p.id),
      { kind: 'provider', ...from, subject, html },
    );
  const outboxTo = async (email: string) =>
    (await call('GET', `/admin/mail-outbox?to=${encodeURIComponent(email)}&limit=50`, admin)).json().data as { subject: string; text: string; html?: string }[];

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    inbox = t.app.get(InboxService);
    admin = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026')).json().data.accessToken;
    alice = await person();
    bob = await person();
    await send([alice], 'Interview invitation', '<p>Please join us for an <strong>interview</strong> on Monday.</p><script>alert(1)</script>');
    await send([alice, bob], 'Deadline extended by 50%', '<p>The essay deadline moved. <a href="https://hopper.example.org/apply">Apply here</a></p>', {
      fromName: 'Lovelace Fund',
      fromEmail: 'team@lovelace.example.org',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lists the caller's messages newest first in the message shape, sanitised, with the counts", async () => {
    const body = await list(alice);
    expect(body.meta).toEqual({ total: 2, unread: 2 });
    expect(body.data.map((m: { subject: { value: string } }) => m.subject.value)).toEqual(['Deadline extended by 50%', 'Interview invitation']);
    const interview = body.data[1];
    expect(interview).toMatchObject({
      _id: { value: expect.any(String) },
      fromName: { value: 'Hopper Foundation' },
      fromEmail: { value: 'grants@hopper.example.org' },
      sentDate: { value: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      createdAt: { value: expect.any(String) },
      bodyAsText: { value: 'Please join us for an interview on Monday.' },
      read: false,
      kind: 'provider',
      scholarshipId: null,
    });
    expect(interview.bodyAsHtml.value).toBe('<p>Please join us for an <strong>interview</strong> on Monday.</p>');
    expect((await list(bob)).meta).toEqual({ total: 1, unread: 1 });
  });

  it('searches sender name and e-mail, subject, text and HTML, by whole words and parts of words', async () => {
    const subjects = async (search: string) =>
      (await list(alice, `?search=${encodeURIComponent(search)}`)).data.map((m: { subject: { value: string } }) => m.subject.value);
    expect(await subjects('interview')).toEqual(['Interview invitation']);
    expect(await subjects('INTERV')).toEqual(['Interview invitation']);
    expect(await subjects('monday interview')).toEqual(['Interview invitation']);
    expect(await subjects('Lovelace')).toEqual(['Deadline extended by 50%']);
    expect(await subjects('grants@hopper')).toEqual(['Interview invitation']);
    expect(await subjects('hopper.example.org/apply')).toEqual(['Deadline extended by 50%']);
    expect(await subjects('50%')).toEqual(['Deadline extended by 50%']);
    expect(await subjects('5_%')).toEqual([]);
    expect(await subjects('scholarship')).toEqual([]);
    const none = await list(alice, '?search=nothing-like-this');
    expect(none).toMatchObject({ data: [], meta: { total: 0, unread: 2 } });
  });

  it('pages with offset and limit, the total counting every match', async () => {
    const page = await list(alice, '?limit=1&offset=1');
    expect(page.data).toHaveLength(1);
    expect(page.meta.total).toBe(2);
    const past = await list(alice, '?limit=1&offset=5');
    expect(past).toMatchObject({ data: [], meta: { total: 2 } });
  });

  it('refuses bad queries with a description', async () => {
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?limit=abc', `?search=${'x'.repeat(201)}`]) {
      const res = await call('GET', `/inbox${query}`, alice.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().description).toEqual(expect.any(String));
    }
    expect((await call('GET', '/inbox')).statusCode).toBe(401);
  });

  it('marks a message read once, and the unread count follows', async () => {
    const [latest] = (await list(alice)).data;
    const first = await call('PUT', `/inbox/${latest._id.value}/read`, alice.token);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ read: true, _id: latest._id });
    expect((await call('PUT', `/inbox/${latest._id.value}/read`, alice.token)).statusCode).toBe(200);
    expect((await call('GET', '/inbox/unread-count', alice.token)).json().data).toEqual({ unread: 1 });
    expect((await call('GET', `/inbox/${latest._id.value}`, alice.token)).json().data.read).toBe(true);
    // Bob's copy of the same message is his own, still unread.
    expect((await call('GET', '/inbox/unread-count', bob.token)).json().data).toEqual({ unread: 1 });
  });

  it("never shows or marks another person's message: 404", async () => {
    const [bobs] = (await list(bob)).data;
    for (const [method, path] of [
      ['GET', `/inbox/${bobs._id.value}`],
      ['PUT', `/inbox/${bobs._id.value}/read`],
      ['GET', `/inbox/${UNKNOWN_ID}`],
    ] as const) {
      const res = await call(method, path, alice.token);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ errorCode: 'MESSAGE_NOT_FOUND', description: 'This message was not found in your inbox.' });
    }
    expect((await list(bob)).data[0].read).toBe(false);
    expect((await call('GET', '/inbox/not-an-id', alice.token)).statusCode).toBe(400);
  });

  it('e-mails every message once to its recipient, with a link to the inbox', async () => {
    await eventually(async () => expect((await outboxTo(alice.email)).map((m) => m.subject).sort()).toEqual(['Deadline extended by 50%', 'Interview invitation']), 10_000);
    await t.app.get(InboxMailJob).run();
    const mails = await outboxTo(alice.email);
    expect(mails).toHaveLength(2);
    const interview = mails.find((m) => m.subject === 'Interview invitation')!;
    expect(interview.text).toContain('Please join us for an interview on Monday.');
    expect(interview.text).toContain('/auth/dashboard/inbox');
    expect(interview.html).not.toContain('<script');
    expect(await outboxTo(bob.email)).toHaveLength(1);
  });

  it('tells an applicant in the inbox that their application was received, from the product', async () => {
    const provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    const created = await call('POST', '/providers/scholarships', provider, { title: 'Grace <Hopper> Award', award: 1000, recurrenceConfig: { deadline: NEXT_YEAR }, requirements: [] });
    const scholarshipId = created.json().data.id as string;
    expect((await call('POST', `/providers/scholarships/${scholarshipId}/publish`, provider)).statusCode).toBe(200);
    const applicant = await person();
    expect((await call('PUT', `/admin/applicants/${applicant.id}/subscription`, admin, { active: true })).statusCode).toBe(200);
    const applied = await call('POST', '/scholarships/submit-individual-scholarship', applicant.token, { scholarshipId, status: 'Received', requirements: [] });
    expect(applied.json().data.status).toBe('Received');

    const [received] = (await list(applicant)).data;
    expect(received).toMatchObject({ kind: 'application-received', scholarshipId, fromName: { value: 'ScholarMatch' }, subject: { value: 'Your application to Grace <Hopper> Award was received' } });
    expect(received.bodyAsHtml.value).toContain('<strong>Grace &lt;Hopper&gt; Award</strong>');
    expect(received.bodyAsText.value).toContain('Thank you for applying to Grace <Hopper> Award.');
  });
});
