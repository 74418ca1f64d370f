import { NEXT_YEAR, signUpProvider as signUpProviderWith } from '@scholarmatch/testkit';
import { InboxMailJob } from '../src/inbox/inbox-mail.job.js';
import { accountClient } from './accounts-helpers.js';
import { eventually, startTestApp, type TestApp } from './test-app.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

interface Person {
  id: string;
  token: string;
  email: string;
}

/** Conversations between applicants and providers (docs/inbox.md, "Conversations"): replies, the studio inbox, who may see what. */
describe('conversations', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let owner: Person;
  let otherProvider: Person;
  let reviewer: string;
  let alice: Person;
  let bob: Person;
  let scholarshipId: string;
  const applicationOf: Record<string, string> = {};
  let counter = 0;

  const call = (method: 'GET' | 'POST' | 'PUT', path: string, token: string, body?: unknown) => api.call(method, path, { token, body });
  const rows = async <T>(text: string, params: unknown[]) => (await t.sql.query(text, params)).rows as T[];
  const providerMessageOf = async (who: Person, subject: string) =>
    (await rows<{ id: string }>(`SELECT id FROM inbox_messages WHERE user_id = $1 AND subject = $2 ORDER BY sent_at DESC LIMIT 1`, [who.id, subject]))[0].id;
  const reply = (who: Person, messageId: string, replyBody: unknown) => call('POST', `/inbox/${messageId}/replies`, who.token, { answers: { replyBody } });

  const signUpProvider = async (organisationName: string): Promise<Person> =>
    signUpProviderWith(api.kit, { organisationName, email: `owner.${Date.now()}.${++counter}@example.org` }, `10.29.0.${counter}`);

  beforeAll(async () => {
    t = await startTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 1000, STATUS_MESSAGE_DELAY_SECONDS: 0 });
    api = accountClient(t);
    owner = await signUpProvider('Lovelace Trust');
    otherProvider = await signUpProvider('Other Trust');
    const created = await call('POST', '/providers/scholarships', owner.token, { title: 'Engine Award', award: 1000, recurrenceConfig: { deadline: NEXT_YEAR }, requirements: [] });
    scholarshipId = created.json().data.id;
    for (const name of ['Alice', 'Bob']) {
      const { session } = await api.signUp({ firstName: name, lastName: 'Zed' });
      const person = { id: session.user.id, token: session.accessToken, email: session.user.email };
      if (name === 'Alice') alice = person;
      else bob = person;
      const [row] = await rows<{ id: string }>(
        `INSERT INTO applications (user_id, scholarship_id, status, answers, submitted_at) VALUES ($1, $2, 'Received', '{}', now()) RETURNING id`,
        [person.id, scholarshipId],
      );
      applicationOf[person.id] = row.id;
    }
    const reviewerEmail = `rita.${Date.now()}@example.org`;
    expect((await call('POST', '/providers/reviewers', owner.token, { email: reviewerEmail })).statusCode).toBe(201);
    const [mail] = await rows<{ text_body: string }>(`SELECT text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`, [reviewerEmail]);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text_body)![1];
    const accepted = await api.call('POST', `/reviewer-invitations/${token}/accept`, {
      ip: '10.29.1.1',
      body: { answers: { firstName: 'Rita', lastName: 'Levi', password: 'correct horse battery', confirmPassword: 'correct horse battery' } },
    });
    reviewer = accepted.json().data.accessToken;

    const sent = await call('POST', `/scholarships/${scholarshipId}/messages`, owner.token, {
      applicantIds: [applicationOf[alice.id], applicationOf[bob.id]],
      answers: { subject: 'Interviews', body: '<p>Can you come on <strong>Tuesday</strong>?</p>' },
    });
    expect(sent.json()).toMatchObject({ statusCode: 201, data: { sent: 2 } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("shows the organisation as the sender, never the provider's login e-mail, in the inbox and the e-mail", async () => {
    const id = await providerMessageOf(alice, 'Interviews');
    const message = (await call('GET', `/inbox/${id}`, alice.token)).json().data;
    expect(message).toMatchObject({ fromName: { value: 'Lovelace Trust' }, fromEmail: { value: 'no-reply@scholarmatch.local' }, applicationId: applicationOf[alice.id] });
    expect(JSON.stringify(message)).not.toContain(owner.email);

    await t.app.get(InboxMailJob).run();
    // The app's own scheduled run of the job may hold the message in its transaction meanwhile.
    let mail: { from_name: string; text_body: string; html_body: string } | undefined;
    await eventually(async () => {
      [mail] = await rows<{ from_name: string; text_body: string; html_body: string }>(
        `SELECT from_name, text_body, html_body FROM mail_outbox WHERE to_address = $1 AND subject = 'Interviews'`,
        [alice.email],
      );
      expect(mail).toBeDefined();
    });
    if (!mail) throw new Error('no e-mail');
    expect(mail.from_name).toBe('Lovelace Trust');
    expect(mail.text_body).toContain(`/auth/message?id=${id}`);
    expect(mail.text_body).toContain('reply');
    expect(mail.text_body + mail.html_body).not.toContain(owner.email);
  });

  it("lets the recipient reply; the reply is escaped text, in the conversation, and unread in the owner's studio inbox", async () => {
    const id = await providerMessageOf(alice, 'Interviews');
    const before = (await call('GET', `/inbox/${id}/conversation`, alice.token)).json().data;
    expect(before).toMatchObject({ organisation: 'Lovelace Trust', applicant: 'You', scholarshipTitle: 'Engine Award' });
    expect(before.messages).toEqual([expect.objectContaining({ author: 'provider', fromName: 'Lovelace Trust', subject: 'Interviews' })]);

    const res = await reply(alice, id, 'Yes, Tuesday <b>works</b>.\n\nThank you!');
    expect(res.statusCode).toBe(201);
    const mine = res.json().data.messages[1];
    expect(mine).toMatchObject({ author: 'applicant', fromName: 'You', subject: 'Re: Interviews', read: false });
    expect(mine.bodyHtml).toBe('<p>Yes, Tuesday &lt;b&gt;works&lt;/b&gt;.</p><p>Thank you!</p>');

    expect((await call('GET', '/providers/inbox/unread-count', owner.token)).json().data).toEqual({ unread: 1 });
    const page = (await call('GET', '/providers/inbox', owner.token)).json().data;
    expect(page).toMatchObject({ total: 2, unread: 1 });
    expect(page.threads[0]).toMatchObject({ applicationId: applicationOf[alice.id], applicant: 'Alice Zed', lastAuthor: 'applicant', subject: 'Re: Interviews', unread: 1, scholarshipTitle: 'Engine Award' });
    expect(page.threads[0].preview).toContain('Yes, Tuesday <b>works</b>.');
    expect(page.threads[1]).toMatchObject({ applicationId: applicationOf[bob.id], lastAuthor: 'provider', unread: 0 });
    expect((await call('GET', '/providers/inbox?unread=true', owner.token)).json().data.threads).toHaveLength(1);

    // The owner is told by e-mail, with a link to the thread; the reply's words stay in the product.
    const [notice] = await rows<{ subject: string; text_body: string }>(`SELECT subject, text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`, [owner.email]);
    expect(notice.subject).toBe('Alice Zed replied about Engine Award');
    expect(notice.text_body).toContain(`/app/inbox/${applicationOf[alice.id]}`);
    expect(notice.text_body).not.toContain('Tuesday');
  });

  it("reads a conversation (marking the replies read) and answers it into the applicant's inbox, from the organisation", async () => {
    const application = applicationOf[alice.id];
    const read = (await call('GET', `/providers/inbox/${application}`, owner.token)).json().data;
    expect(read.messages.map((m: { author: string }) => m.author)).toEqual(['provider', 'applicant']);
    expect(read.applicant).toBe('Alice Zed');
    expect((await call('GET', '/providers/inbox/unread-count', owner.token)).json().data).toEqual({ unread: 0 });

    const answered = await call('POST', `/providers/inbox/${application}/messages`, owner.token, { answers: { replyBody: 'See you at 10 & bring a pen.' } });
    expect(answered.statusCode).toBe(201);
    expect(answered.json().data.messages).toHaveLength(3);

    const inbox = (await call('GET', '/inbox', alice.token)).json();
    expect(inbox.data[0]).toMatchObject({ subject: { value: 'Re: Interviews' }, fromName: { value: 'Lovelace Trust' }, kind: 'provider', applicationId: application, read: false });
    expect(inbox.data[0].bodyAsHtml.value).toBe('<p>See you at 10 &amp; bring a pen.</p>');
    const conversation = (await call('GET', `/inbox/${inbox.data[0]._id.value}/conversation`, alice.token)).json().data;
    expect(conversation.messages.map((m: { author: string }) => m.author)).toEqual(['provider', 'applicant', 'provider']);
    // Bob's conversation is his own: none of Alice's reply.
    const bobs = await providerMessageOf(bob, 'Interviews');
    expect((await call('GET', `/inbox/${bobs}/conversation`, bob.token)).json().data.messages).toHaveLength(1);
  });

  it("keeps a conversation to its applicant and the scholarship's owner", async () => {
    const alices = await providerMessageOf(alice, 'Interviews');
    for (const res of [await call('GET', `/inbox/${alices}/conversation`, bob.token), await reply(bob, alices, 'Not mine'), await reply(bob, UNKNOWN_ID, 'Nothing')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ errorCode: 'MESSAGE_NOT_FOUND', description: 'This message was not found in your inbox.' });
    }
    const application = applicationOf[alice.id];
    for (const res of [
      await call('GET', `/providers/inbox/${application}`, otherProvider.token),
      await call('POST', `/providers/inbox/${application}/messages`, otherProvider.token, { answers: { replyBody: 'Hello' } }),
      await call('GET', `/providers/inbox/${UNKNOWN_ID}`, owner.token),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ errorCode: 'CONVERSATION_NOT_FOUND', description: 'There is no such conversation.' });
    }
    expect((await call('GET', '/providers/inbox', otherProvider.token)).json().data).toMatchObject({ total: 0, unread: 0, threads: [] });
    // Reviewers do not write to applicants (docs/review.md), applicants have no studio, providers no applicant's reply.
    expect((await call('GET', '/providers/inbox', reviewer)).statusCode).toBe(403);
    expect((await call('GET', `/providers/inbox/${application}`, alice.token)).statusCode).toBe(403);
    expect((await call('POST', `/inbox/${alices}/replies`, owner.token, { answers: { replyBody: 'x' } })).statusCode).toBe(403);
  });

  it('refuses bad replies with a 4xx and a description', async () => {
    const id = await providerMessageOf(alice, 'Interviews');
    const invalid = async (res: Awaited<ReturnType<typeof call>>) => {
      expect(res.statusCode).toBe(400);
      expect(res.json().description).toEqual(expect.any(String));
      return res.json();
    };
    expect((await invalid(await reply(alice, id, ''))).errors).toEqual([{ path: 'answers.replyBody', message: 'Please write your reply.' }]);
    expect((await invalid(await reply(alice, id, '   \n  '))).errors).toEqual([{ path: 'answers.replyBody', message: 'Please write your reply.' }]);
    expect((await invalid(await reply(alice, id, 'x'.repeat(10_001)))).errors[0].path).toBe('answers.replyBody');
    await invalid(await call('POST', `/inbox/${id}/replies`, alice.token, { answers: 'hello' }));
    await invalid(await call('POST', `/inbox/${id}/replies`, alice.token, {}));
    await invalid(await call('POST', '/inbox/not-an-id/replies', alice.token, { answers: { replyBody: 'x' } }));
    await invalid(await call('POST', `/providers/inbox/${applicationOf[alice.id]}/messages`, owner.token, { answers: {} }));
    await invalid(await call('GET', '/providers/inbox?limit=0', owner.token));
    await invalid(await call('GET', '/providers/inbox?unread=maybe', owner.token));

    // A message of the product, not a provider's, has no conversation.
    await call('PUT', `/scholarships/${scholarshipId}/applicants/${applicationOf[alice.id]}/status`, owner.token, { status: 'Under review' });
    const notice = (await rows<{ id: string }>(`SELECT id FROM inbox_messages WHERE user_id = $1 AND kind = 'status-changed'`, [alice.id]))[0].id;
    const refused = await invalid(await reply(alice, notice, 'Thanks'));
    expect(refused).toMatchObject({ errorCode: 'NOT_A_CONVERSATION', description: 'Only a message from a scholarship provider about your application can be answered.' });
    expect((await invalid(await call('GET', `/inbox/${notice}/conversation`, alice.token))).errorCode).toBe('NOT_A_CONVERSATION');
    const statusMessage = (await call('GET', `/inbox/${notice}`, alice.token)).json().data;
    expect(statusMessage).toMatchObject({ fromName: { value: 'Lovelace Trust' }, fromEmail: { value: 'no-reply@scholarmatch.local' }, applicationId: null });
  });

  it('names the applicant by reference under blind review', async () => {
    await call('PUT', `/scholarships/${scholarshipId}/review-settings`, owner.token, { blindReview: true });
    const reference = applicationOf[bob.id].slice(0, 8).toUpperCase();
    const page = (await call('GET', '/providers/inbox', owner.token)).json().data;
    expect(page.threads.find((thread: { applicationId: string }) => thread.applicationId === applicationOf[bob.id]).applicant).toBe(`Applicant ${reference}`);
    expect(JSON.stringify(page)).not.toContain('Bob');
    expect((await call('GET', `/providers/inbox/${applicationOf[bob.id]}`, owner.token)).json().data.applicant).toBe(`Applicant ${reference}`);
    // The e-mail about a reply names no one either.
    const bobs = await providerMessageOf(bob, 'Interviews');
    expect((await reply(bob, bobs, 'Thanks')).statusCode).toBe(201);
    const [notice] = await rows<{ subject: string; text_body: string }>(`SELECT subject, text_body FROM mail_outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1`, [owner.email]);
    expect(notice.subject).toBe(`Applicant ${reference} replied about Engine Award`);
    expect(notice.text_body).not.toContain('Bob');
    await call('PUT', `/scholarships/${scholarshipId}/review-settings`, owner.token, { blindReview: false });
  });
});
