import { randomUUID } from 'node:crypto';
import { publishFormDraft } from '@scholarmatch/testkit';
import { accountClient } from './accounts-helpers.js';
import { eventually, startTestApp, type TestApp } from './test-app.js';

interface Question {
  _id: string;
  question: string;
  answer_key: string;
  hint: string | null;
  optional: boolean;
  input: { kind: string; type?: string; choices?: { value: string; label: string }[] };
}

/** Chat sign-up and login (docs/chat.md): the served forms asked one question per turn, over HTTP on a real database. */
describe('chat sign-up and login', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let adminToken: string;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000, LOGIN_MAX_FAILURES: 10 });
    api = accountClient(t);
    adminToken = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026', '10.30.0.1')).json().data.accessToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** One turn of chat `kind`; the chat's id and token are remembered by `chat`. */
  function chat(kind: 'signup' | 'login', ip = '10.30.1.1') {
    const state: { id?: string; token?: string } = {};
    const turn = async (body: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/v1/${kind}/chats${state.id ? `?id=${state.id}` : ''}`,
        remoteAddress: ip,
        headers: { 'content-type': 'application/json', ...(state.token ? { 'x-chat-token': state.token } : {}) },
        payload: JSON.stringify(body),
      });
      if (res.statusCode === 201 && !state.id) {
        state.id = res.json().data._id;
        state.token = res.json().data.chatToken;
      }
      return res;
    };
    const answer = (answer_key: string, answer: string) => turn({ answer_key, answer });
    return { turn, answer, state };
  }

  const questions = async (type: string): Promise<Question[]> => (await api.call('GET', `/questions?questionType=${type}`)).json().data;

  const codeSentTo = async (email: string): Promise<string> => {
    const res = await api.call('GET', `/admin/mail-outbox?to=${encodeURIComponent(email)}&limit=1`, { token: adminToken });
    return /\b(\d{6})\b/.exec(res.json().data[0].text)![1];
  };

  let counter = 0;
  const freshEmail = () => `chat.${Date.now()}.${++counter}@example.com`;

  it("answers the seed's question shape, made from the served sign-up and login forms", async () => {
    const signUp = await questions('signUp');
    expect(signUp.map((q) => q.answer_key)).toEqual(['firstName', 'lastName', 'email', 'phone', 'password', 'confirmPassword', 'consentToContact', 'acceptTerms']);
    expect(signUp[0]).toEqual({
      _id: 'signup.firstName', question: 'What is your first name?', answer: '', answer_key: 'firstName', hint: null, optional: false,
      input: { kind: 'typed', type: 'text' },
    });
    expect(signUp.find((q) => q.answer_key === 'password')!.input).toEqual({ kind: 'typed', type: 'password' });
    expect(signUp.find((q) => q.answer_key === 'acceptTerms')!.input.choices).toEqual([{ value: 'true', label: 'Yes' }, { value: 'false', label: 'No' }]);
    const login = await questions('login');
    // Under the original answer keys; the login form's own (userName, currentPassword) are taken too.
    expect(login.map((q) => q.answer_key)).toEqual(['email', 'password', 'generate_otp', 'otp', 'newPassword']);
    const bad = await api.call('GET', '/questions?questionType=chat');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().description).toBeTruthy();
  });

  it("signs up by chat: each answer judged in the form's words, a taken e-mail told, a summary, then the same sign-up as the form", async () => {
    const c = chat('signup');
    const first = await c.answer('firstName', '  Ada ');
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ _id: expect.any(String), chatToken: expect.any(String), next: { answer_key: 'lastName' } });
    expect((await c.answer('lastName', 'Lovelace')).json().data.next.answer_key).toBe('email');

    const malformed = await c.answer('email', 'ada@');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ errorCode: 'INVALID_ANSWER', description: 'Please enter a validate email!', errors: [{ path: 'email' }] });
    const taken = await c.answer('email', 'STUDENT@demo.scholarmatch.test');
    expect(taken.statusCode).toBe(201);
    expect(taken.json().data).toMatchObject({ available: false, message: 'This email is already registered. Do you want to login with this email.', next: { answer_key: 'email' } });
    const email = freshEmail();
    expect((await c.answer('email', email)).json().data).toMatchObject({ available: true, next: { answer_key: 'phone' } });

    const letters = await c.answer('phone', '202-555-0143');
    expect(letters.statusCode).toBe(400);
    expect(letters.json().description).toBe('Please enter only digits!');
    expect((await c.answer('phone', '')).json().description).toBe('Please input your phone number!');
    expect((await c.answer('phone', '12025550143')).json().data.next.answer_key).toBe('password');
    expect((await c.answer('password', 'short')).json().description).toBe('Password must be at least 8 characters long!');
    await c.answer('password', 'chat passphrase 1');
    expect((await c.answer('confirmPassword', 'chat passphrase 2')).json().description).toBe('Passwords do not match!');
    await c.answer('confirmPassword', 'chat passphrase 1');
    await c.answer('consentToContact', 'true');
    expect((await c.answer('acceptTerms', 'false')).json().description).toBe('Please Select!');
    const done = await c.answer('acceptTerms', 'true');
    expect(done.json().data).toMatchObject({ next: null, message: 'Are the following details correct ?' });
    const summary = done.json().data.summary as { answer_key: string; value: string }[];
    expect(Object.fromEntries(summary.map((row) => [row.answer_key, row.value]))).toMatchObject({
      firstName: 'Ada', lastName: 'Lovelace', email, phone: '+12025550143', password: '••••••••', acceptTerms: 'Yes',
    });

    // The password is not kept in the clear while the chat lasts.
    const [row] = (await t.sql.query('SELECT answers, sealed FROM chat_sessions WHERE id = $1', [c.state.id])).rows;
    expect(JSON.stringify(row.answers)).not.toContain('chat passphrase');
    expect(row.sealed.toString('latin1')).not.toContain('chat passphrase');

    // Edit: a taken e-mail is refused there too, and the e-mail question comes back; the old answer stays.
    const editedToTaken = await c.answer('email', 'student@demo.scholarmatch.test');
    expect(editedToTaken.json().data).toMatchObject({ available: false, next: { answer_key: 'email' } });
    // Edit: a changed password asks its confirmation again.
    const edited = await c.answer('password', 'chat passphrase 3');
    expect(edited.json().data.next.answer_key).toBe('confirmPassword');
    expect((await c.turn({ action: 'submit' })).json().errorCode).toBe('CHAT_INCOMPLETE');
    await c.answer('confirmPassword', 'chat passphrase 3');

    const saved = await c.turn({ action: 'submit' });
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({
      message: 'User Signed Up Successfully!! [Chat Ended]',
      data: { success: true, user: { email, firstName: 'Ada', isProfileUpdate: false }, accessToken: expect.any(String), refreshToken: expect.any(String) },
    });
    expect((await api.login(email, 'chat passphrase 3', '10.30.2.1')).statusCode).toBe(201);
    const [user] = (await t.sql.query('SELECT phone, accepted_terms_at, consented_to_contact_at FROM users WHERE lower(email) = $1', [email])).rows;
    expect(user).toMatchObject({ phone: '+12025550143', accepted_terms_at: expect.any(Date), consented_to_contact_at: expect.any(Date) });
    // The chat is over: its secrets are gone and it takes no more turns.
    expect((await t.sql.query('SELECT step, sealed FROM chat_sessions WHERE id = $1', [c.state.id])).rows[0]).toEqual({ step: 'ended', sealed: null });
    expect((await c.answer('firstName', 'Again')).statusCode).toBe(404);
  });

  it('belongs to whoever has its id: a wrong token, another kind of chat or an expired chat is a 404', async () => {
    const c = chat('signup');
    await c.answer('firstName', 'Grace');
    const url = `/api/v1/signup/chats?id=${c.state.id}`;
    const send = (headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload: JSON.stringify({ answer_key: 'lastName', answer: 'Hopper' }) });
    expect((await send({ 'x-chat-token': 'x'.repeat(43) })).json().errorCode).toBe('CHAT_NOT_FOUND');
    // The id alone continues it (the token is optional).
    expect((await send({})).statusCode).toBe(201);
    // A login chat's id does not open a sign-up chat.
    const other = chat('login');
    await other.answer('userName', freshEmail());
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/signup/chats?id=${other.state.id}`, headers: { 'content-type': 'application/json', 'x-chat-token': other.state.token! }, payload: '{"answer_key":"lastName","answer":"x"}' })).statusCode).toBe(404);
    expect((await send({ 'x-chat-token': c.state.token! })).statusCode).toBe(201);
    await t.sql.query(`UPDATE chat_sessions SET expires_at = now() - interval '1 second' WHERE id = $1`, [c.state.id]);
    expect((await send({ 'x-chat-token': c.state.token! })).statusCode).toBe(404);
    expect((await send({})).statusCode).toBe(404);
    const madeUp = await t.app.inject({ method: 'POST', url: `/api/v1/signup/chats?id=${randomUUID()}`, headers: { 'content-type': 'application/json' }, payload: '{"answer_key":"lastName","answer":"x"}' });
    expect(madeUp.json().errorCode).toBe('CHAT_NOT_FOUND');
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/signup/chats?id=not-a-uuid', headers: { 'content-type': 'application/json' }, payload: '{}' })).statusCode).toBe(400);
  });

  it('logs in by chat with the same lock-out as the form login: 10 wrong passwords in the chat lock the form login too', async () => {
    const { body } = await api.signUp();
    const ip = '10.30.3.1';
    const c = chat('login', ip);
    expect((await c.answer('userName', body.email)).json().data.next.answer_key).toBe('password');
    const wrong = await c.answer('currentPassword', 'not my password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: 'WRONG_PASSWORD', description: 'Your password is incorrect. Select from the options below to proceed further' });
    for (let i = 1; i < 10; i++) await c.answer('currentPassword', `wrong ${i}`);
    const locked = await api.login(body.email, body.password, ip);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().errorCode).toBe('LOGIN_LOCKED');
    expect((await c.answer('currentPassword', body.password)).json().errorCode).toBe('LOGIN_LOCKED');

    const elsewhere = chat('login', '10.30.3.2');
    await elsewhere.answer('userName', body.email);
    const signedIn = await elsewhere.answer('currentPassword', body.password);
    expect(signedIn.statusCode).toBe(201);
    expect(signedIn.json()).toMatchObject({ message: 'User Logged In Successfully!!', data: { success: true, user: { email: body.email }, accessToken: expect.any(String) } });
  });

  it("tells an unknown e-mail in the chat's words", async () => {
    const c = chat('login', '10.30.4.1');
    await c.answer('userName', freshEmail());
    const unknown = await c.answer('currentPassword', 'whatever it is');
    expect(unknown.json()).toMatchObject({ errorCode: 'EMAIL_NOT_FOUND', description: 'This email is not registered. Select from the options below to proceed further.' });
    expect((await c.answer('userName', 'not an e-mail')).json().description).toBe('Please enter a validate email!');
  });

  it('recovers a forgotten password inside the chat with the e-mailed code', async () => {
    const { body } = await api.signUp();
    const c = chat('login', '10.30.5.1');
    await c.answer('userName', body.email);
    expect((await c.answer('otp', '123456')).json().errorCode).toBe('CHAT_OUT_OF_STEP');
    const sent = await c.turn({ action: 'forgotPassword' });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ message: 'OTP sent successfully', data: { next: { answer_key: 'otp' } } });
    expect((await c.turn({ action: 'resendOtp' })).json().errorCode).toBe('OTP_RESEND_TOO_SOON');
    const code = await codeSentTo(body.email);
    expect((await c.answer('otp', '12ab')).json().description).toBe('The OTP is 6 digits.');
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await c.answer('otp', wrongCode)).json()).toMatchObject({
      errorCode: 'OTP_INCORRECT', description: 'Entered OTP is incorrect. Select from the options below to proceed further.',
    });
    const right = await c.answer('otp', code);
    expect(right.json()).toMatchObject({ message: 'OTP submitted successfully!', data: { otp: true, next: { answer_key: 'newPassword' } } });
    expect((await c.answer('newPassword', 'short')).json().description).toBe('Password must be at least 8 characters long!');
    const reset = await c.answer('newPassword', 'recovered in the chat');
    expect(reset.statusCode).toBe(201);
    expect(reset.json()).toMatchObject({ message: 'Password reset successfully', data: { success: true, user: { email: body.email } } });
    expect((await api.login(body.email, 'recovered in the chat', '10.30.5.2')).statusCode).toBe(201);
  });

  it('asks a field an admin adds to the sign-up form, and keeps its answer in the profile', async () => {
    const field = {
      key: 'heardAboutUs', name: 'How did you hear about us?', dataType: 'select', section: 'signup', order: 25,
      options: [{ value: 'friend', label: 'A friend' }, { value: 'school', label: 'My school' }], validation: { required: true },
    };
    const created = await api.call('POST', '/admin/form-fields', { body: field, token: adminToken });
    expect(created.statusCode).toBe(201);
    await publishFormDraft(api.kit, adminToken);
    try {
      await eventually(async () => expect((await questions('signUp')).map((q) => q.answer_key)).toContain('heardAboutUs'));
      const asked = (await questions('signUp')).find((q) => q.answer_key === 'heardAboutUs')!;
      expect(asked).toMatchObject({ question: 'How did you hear about us?', input: { kind: 'choice', choices: [{ value: 'friend', label: 'A friend' }, { value: 'school', label: 'My school' }] } });

      const c = chat('signup', '10.30.6.1');
      const email = freshEmail();
      const answers: [string, string][] = [
        ['firstName', 'Mary'], ['lastName', 'Jackson'], ['email', email], ['phone', '12025550111'],
        ['password', 'hidden figures 1'], ['confirmPassword', 'hidden figures 1'],
      ];
      for (const [key, value] of answers) await c.answer(key, value);
      const next = await c.answer('consentToContact', 'true');
      expect(next.json().data.next.answer_key).toBe('heardAboutUs');
      expect((await c.answer('heardAboutUs', 'radio')).json().description).toBe('Please choose one of the options!');
      await c.answer('heardAboutUs', 'school');
      const summary = (await c.answer('acceptTerms', 'true')).json().data.summary as { answer_key: string; value: string }[];
      expect(summary.find((row) => row.answer_key === 'heardAboutUs')!.value).toBe('My school');
      const saved = await c.turn({ action: 'submit' });
      expect(saved.statusCode).toBe(201);
      const [user] = (await t.sql.query('SELECT profile FROM users WHERE lower(email) = $1', [email])).rows;
      expect(user.profile).toMatchObject({ heardAboutUs: 'school' });
    } finally {
      const [{ id }] = (await t.sql.query(`SELECT id FROM form_fields WHERE key = 'heardAboutUs'`)).rows;
      await api.call('DELETE', `/admin/form-fields/${id}`, { token: adminToken });
      await publishFormDraft(api.kit, adminToken);
    }
  });

  describe('the dashboard assistant', () => {
    const ask = (token: string, body: unknown, chatId?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/scholarships/chats${chatId ? `?id=${chatId}` : ''}`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        payload: JSON.stringify(body),
      });
    const question = (userID: string, scholarship_type: string) => ({ userID, questionAnswer: { scholarship_type, question: `Show me ${scholarship_type}` } });

    it("answers each option from the matcher's lists, in one chat that only its owner continues", async () => {
      const student = (await api.login('student@demo.scholarmatch.test', 'DemoStudent#2026', '10.30.7.1')).json().data;
      // The demo student's registration, done.
      await t.sql.query(`UPDATE users SET is_profile_update = true WHERE id = $1`, [student.user.id]);
      const first = await ask(student.accessToken, question(student.user.id, 'recommendation'));
      expect(first.statusCode).toBe(201);
      const { chat_id, data, profileComplete } = first.json().data;
      expect(profileComplete).toBe(true);
      expect(data.length).toBeGreaterThan(0);
      expect(data.length).toBeLessThanOrEqual(6);
      const recommended = (await api.call('GET', '/scholarships/mine-eligible-scholarships?withoutRequirement=false&limit=6&order=DESC&orderBy=createdAt', { token: student.accessToken })).json().data;
      expect(data.map((s: { id: string }) => s.id)).toEqual(recommended.map((s: { id: string }) => s.id));

      const essays = await ask(student.accessToken, question(student.user.id, 'essay_only'), chat_id);
      expect(essays.json().data.chat_id).toBe(chat_id);
      for (const card of essays.json().data.data as { id: string }[]) {
        const [row] = (await t.sql.query(`SELECT requirements FROM scholarships WHERE id = $1`, [card.id])).rows;
        expect(row.requirements.map((r: { field: { key: string } }) => r.field.key)).toEqual(['essay']);
      }
      const easy = (await ask(student.accessToken, question(student.user.id, 'easy_apply'), chat_id)).json().data.data as { id: string }[];
      for (const card of easy) expect((await t.sql.query(`SELECT requirements FROM scholarships WHERE id = $1`, [card.id])).rows[0].requirements).toEqual([]);

      // Another applicant can neither continue it nor ask for someone else.
      const { session } = await api.signUp();
      expect((await ask(session.accessToken, question(session.user.id, 'recommendation'), chat_id)).json().errorCode).toBe('CHAT_NOT_FOUND');
      expect((await ask(session.accessToken, question(student.user.id, 'recommendation'))).statusCode).toBe(403);
      const provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026', '10.30.7.2')).json().data;
      expect((await ask(provider.accessToken, question(provider.user.id, 'recommendation'))).statusCode).toBe(403);
      expect((await ask(student.accessToken, question(student.user.id, 'loans'))).statusCode).toBe(400);
    });

    it('asks for the registration first, and says when nothing matches', async () => {
      const { session } = await api.signUp();
      const before = await ask(session.accessToken, question(session.user.id, 'recommendation'));
      expect(before.json().data).toMatchObject({ profileComplete: false, data: [] });
      await t.sql.query(`UPDATE users SET is_profile_update = true WHERE id = $1`, [session.user.id]);
      const after = await ask(session.accessToken, question(session.user.id, 'easy_apply'), before.json().data.chat_id);
      expect(after.statusCode).toBe(201);
      expect(after.json()).toMatchObject({ message: 'Here are scholarships you can apply to.', data: { profileComplete: true } });
      // Every scholarship closes: the stored matches follow, and the assistant finds none.
      await t.sql.query(`UPDATE scholarships SET status = 'closed' WHERE status = 'published'`);
      await eventually(async () => {
        const none = await ask(session.accessToken, question(session.user.id, 'easy_apply'), before.json().data.chat_id);
        expect(none.json()).toMatchObject({ message: 'Oops!! No Scholarship Found. Select from the other options.', data: { data: [] } });
      }, 15_000);
    });
  });
});
