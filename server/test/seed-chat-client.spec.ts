import { vi } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, startTestAppOn, type TestApp } from './test-app.js';

interface Question {
  _id: string;
  question: string;
  answer_key: string;
}

/**
 * The original client, unchanged (docs/chat.md; docs/api.md, "The original addresses"): it calls the
 * chats at `/api/...`, not under `/api/v1`, carries a later turn's chat only as `?id=`, never
 * sends an X-Chat-Token, names the login's answers by the original keys and ends a sign-up with its
 * whole payload. Run with the web app served, as in production, so the site's fallback is there.
 */
describe("the seeds' chat client", () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let adminToken: string;
  let webDist: string;
  /** Everything the server logged: the access log's lines (pino) and the application's (Nest, on stdout). */
  const logged: string[] = [];
  /** Every chat id the server answered in this file. */
  const chatIds = new Set<string>();

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), 'seed-chat-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
    t = await startTestApp(
      { DEMO_DATA: 'true', WEB_DIST: webDist, LOG_LEVEL: 'info', AUTH_RATE_LIMIT_PER_MINUTE: 1000, CHAT_TURNS_PER_MINUTE: 1000 },
      { logStream: { write: (line: string) => void logged.push(line) } },
    );
    api = accountClient(t);
    adminToken = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026', '10.40.0.1')).json().data.accessToken;
  });
  afterAll(async () => {
    await t?.close();
    vi.restoreAllMocks();
    rmSync(webDist, { recursive: true, force: true });
  });

  let ipCounter = 0;
  const nextIp = () => `10.40.${1 + (++ipCounter % 250)}.1`;

  /** GET as the original client does: at `/api/...`, as a browser (accepting HTML too). */
  const seedGet = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: { accept: 'application/json, text/html', ...(token ? { authorization: `Bearer ${token}` } : {}) } });

  /** The original chat: `/api/{kind}/chats`, the chat only as `?id=`, no X-Chat-Token. */
  function seedChat(kind: 'signup' | 'login', ip = nextIp()) {
    let id: string | undefined;
    const post = async (body: Record<string, unknown>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/${kind}/chats${id ? `?id=${id}` : ''}`,
        remoteAddress: ip,
        headers: { 'content-type': 'application/json', accept: 'application/json, text/plain, */*' },
        payload: JSON.stringify(body),
      });
      if (res.statusCode === 201 && res.json().data?._id) {
        id ??= res.json().data._id;
        chatIds.add(res.json().data._id);
      }
      return res;
    };
    /** An answer as the original client sends it: the question's fields, the answer and its key. */
    const answer = (question: Question, text: string) => post({ question_id: question._id, question: question.question, answer_key: question.answer_key, answer: text });
    return { post, answer, id: () => id };
  }

  const questionsOf = async (type: 'signUp' | 'login'): Promise<Question[]> => {
    const res = await seedGet(`/api/questions?questionType=${type}`);
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };
  const byKey = (questions: Question[], key: string) => questions.find((question) => question.answer_key === key)!;

  const codeSentTo = async (email: string): Promise<string> => {
    const res = await api.call('GET', `/admin/mail-outbox?to=${encodeURIComponent(email)}&limit=1`, { token: adminToken });
    return /\b(\d{6})\b/.exec(res.json().data[0].text)![1];
  };

  let counter = 0;
  const person = () => ({
    firstName: 'Dorothy',
    lastName: 'Vaughan',
    email: `seed.client.${Date.now()}.${++counter}@example.com`,
    phone: '12025550143',
    password: 'a seed client passphrase',
  });
  /** The original sign-up payload for `who`. */
  const payloadOf = (who: ReturnType<typeof person>) => ({ ...who, applicantType: 'STUDENT', isProfileUpdate: 'false', isScholarshipApplied: 'false' });

  /** Answers every sign-up question, in the order fetched, as the original client asks them. */
  async function answerEverySignUpQuestion(chat: ReturnType<typeof seedChat>, who: ReturnType<typeof person>) {
    const answers: Record<string, string> = { ...who, confirmPassword: who.password, consentToContact: 'true', acceptTerms: 'true' };
    let last;
    for (const question of await questionsOf('signUp')) {
      last = await chat.answer(question, answers[question.answer_key]);
      expect([question.answer_key, last.statusCode]).toEqual([question.answer_key, 201]);
    }
    expect(last!.json().data).toMatchObject({ next: null, message: 'Are the following details correct ?' });
  }

  it('serves the questions and the chats at /api/... as under /api/v1: one handler, with the API headers, not the web app', async () => {
    for (const type of ['signUp', 'login']) {
      const seed = await seedGet(`/api/questions?questionType=${type}`);
      const versioned = await seedGet(`/api/v1/questions?questionType=${type}`);
      expect([type, seed.statusCode, seed.headers['content-type']]).toEqual([type, 200, expect.stringContaining('application/json')]);
      expect(seed.json()).toEqual(versioned.json());
      expect(seed.headers['content-security-policy']).toBe(versioned.headers['content-security-policy']);
    }
    expect((await seedGet('/api/questions?questionType=chat')).json()).toMatchObject({ statusCode: 400, description: expect.any(String) });
    // A GET of a chat address is no page of the web app: the API's 404 body.
    for (const url of ['/api/signup/chats', '/api/login/chats', '/api/scholarships/chats', '/api/nothing-here']) {
      const res = await seedGet(url);
      expect([url, res.statusCode, res.body]).toEqual([url, 404, expect.not.stringContaining('<div id="root">')]);
      expect(res.json().description).toBe('This address does not exist.');
    }
  });

  it("asks the login by the seed's answer keys", async () => {
    expect((await questionsOf('login')).map((question) => question.answer_key)).toEqual(['email', 'password', 'generate_otp', 'otp', 'newPassword']);
  });

  it('signs up with only ?id= on later turns, ending with the full sign-up payload: 201 success, user, accessToken, refreshToken', async () => {
    const who = person();
    const chat = seedChat('signup');
    await answerEverySignUpQuestion(chat, who);
    const saved = await chat.post(payloadOf(who));
    expect(saved.statusCode).toBe(201);
    expect(saved.json()).toMatchObject({
      message: 'User Signed Up Successfully!! [Chat Ended]',
      data: {
        success: true,
        user: { email: who.email, firstName: 'Dorothy', lastName: 'Vaughan', isProfileUpdate: false },
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
      },
    });
    const [user] = (await t.sql.query('SELECT phone, applicant_type, accepted_terms_at FROM users WHERE email = $1', [who.email])).rows;
    expect(user).toMatchObject({ phone: '+12025550143', applicant_type: 'STUDENT', accepted_terms_at: expect.any(Date) });
    // The chat is over.
    expect((await chat.post(payloadOf(who))).statusCode).toBe(404);
  });

  it('refuses a final payload that differs from the answers given, naming the field, and changes nothing', async () => {
    const who = person();
    const chat = seedChat('signup');
    await answerEverySignUpQuestion(chat, who);

    const otherName = await chat.post(payloadOf({ ...who, lastName: 'Johnson' }));
    expect(otherName.statusCode).toBe(400);
    expect(otherName.json()).toMatchObject({
      errorCode: 'CHAT_ANSWER_MISMATCH',
      description: expect.stringContaining('(lastName)'),
      errors: [{ path: 'lastName' }],
    });
    const otherPassword = await chat.post(payloadOf({ ...who, password: 'another seed passphrase' }));
    expect(otherPassword.json()).toMatchObject({ errorCode: 'CHAT_ANSWER_MISMATCH', errors: [{ path: 'password' }] });
    expect(otherPassword.body).not.toContain(who.password);
    // Judged by the sign-up form, in its words.
    const letters = await chat.post(payloadOf({ ...who, phone: '202-555-0143' }));
    expect(letters.json()).toMatchObject({ errorCode: 'INVALID_ANSWER', description: 'Please enter only digits!', errors: [{ path: 'phone' }] });
    // An answer and the payload in one turn are one or the other.
    expect((await chat.post({ ...payloadOf(who), answer_key: 'lastName', answer: 'Vaughan' })).json().errorCode).toBe('TURN_AMBIGUOUS');
    expect((await t.sql.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [who.email])).rows[0].n).toBe(0);

    // The same payload with the chat's answers (a phone with the '+' the chat adds, too) signs up.
    const agreed = await chat.post(payloadOf({ ...who, phone: '+12025550143' }));
    expect(agreed.statusCode).toBe(201);
    expect(agreed.json().data.user.email).toBe(who.email);
  });

  it('signs up once when the final payload is sent several times at once: the others are refused (409 CHAT_BUSY)', async () => {
    const who = person();
    const chat = seedChat('signup');
    await answerEverySignUpQuestion(chat, who);
    const answers = await Promise.all(Array.from({ length: 4 }, () => chat.post(payloadOf(who))));
    const outcomes = answers.map((res) => (res.statusCode === 201 ? '201' : `${res.statusCode} ${res.json().errorCode}`));
    expect(outcomes.filter((outcome) => outcome === '201')).toHaveLength(1);
    // A copy that reads the chat only after the sign-up ended it finds no chat (404) instead.
    for (const outcome of outcomes.filter((outcome) => outcome !== '201')) expect(['409 CHAT_BUSY', '404 CHAT_NOT_FOUND']).toContain(outcome);
    expect(outcomes).toContain('409 CHAT_BUSY');
    expect((await t.sql.query('SELECT count(*)::int AS n FROM users WHERE email = $1', [who.email])).rows[0].n).toBe(1);
  });

  it('refuses the payload before every question is answered', async () => {
    const who = person();
    const chat = seedChat('signup');
    const [first] = await questionsOf('signUp');
    expect((await chat.answer(first, who.firstName)).statusCode).toBe(201);
    const early = await chat.post(payloadOf(who));
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ errorCode: 'CHAT_INCOMPLETE', description: expect.any(String) });
  });

  it("logs in with the seed's keys, email then password, after a wrong password", async () => {
    const { body } = await api.signUp();
    const questions = await questionsOf('login');
    const chat = seedChat('login');
    const email = await chat.answer(byKey(questions, 'email'), body.email);
    expect(email.json().data).toMatchObject({ _id: expect.any(String), next: { answer_key: 'password' } });
    const wrong = await chat.answer(byKey(questions, 'password'), 'not the password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: 'WRONG_PASSWORD', description: 'Your password is incorrect. Select from the options below to proceed further' });
    const signedIn = await chat.answer(byKey(questions, 'password'), body.password);
    expect(signedIn.statusCode).toBe(201);
    expect(signedIn.json()).toMatchObject({
      message: 'User Logged In Successfully!!',
      data: { success: true, message: 'User Logged In Successfully!!', user: { email: body.email }, accessToken: expect.any(String), refreshToken: expect.any(String) },
    });
    // A refused answer names the key the client sent.
    const other = seedChat('login');
    expect((await other.answer(byKey(questions, 'email'), 'not an e-mail')).json()).toMatchObject({ errorCode: 'INVALID_ANSWER', errors: [{ path: 'email' }] });
  });

  it("resets a forgotten password by OTP with the seed's keys: generate_otp, otp, newPassword", async () => {
    const { body } = await api.signUp();
    const questions = await questionsOf('login');
    const chat = seedChat('login');
    await chat.answer(byKey(questions, 'email'), body.email);
    const sent = await chat.answer(byKey(questions, 'generate_otp'), 'Forgot Password');
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ message: 'OTP sent successfully', data: { next: { answer_key: 'otp' } } });
    const code = await codeSentTo(body.email);
    const wrongCode = await chat.answer(byKey(questions, 'otp'), code === '000000' ? '111111' : '000000');
    expect(wrongCode.json()).toMatchObject({ errorCode: 'OTP_INCORRECT', description: 'Entered OTP is incorrect. Select from the options below to proceed further.' });
    const right = await chat.answer(byKey(questions, 'otp'), code);
    expect(right.json()).toMatchObject({ message: 'OTP submitted successfully!', data: { otp: true, next: { answer_key: 'newPassword' } } });
    const reset = await chat.answer(byKey(questions, 'newPassword'), 'reset by the seed client');
    expect(reset.statusCode).toBe(201);
    expect(reset.json()).toMatchObject({ message: 'Password reset successfully', data: { success: true, user: { email: body.email }, accessToken: expect.any(String) } });
    expect((await api.login(body.email, 'reset by the seed client', nextIp())).statusCode).toBe(201);
  });

  it("still takes the product's X-Chat-Token when sent, and refuses one that is not the chat's", async () => {
    const questions = await questionsOf('signUp');
    const first = await seedChat('signup').answer(questions[0], 'Mary');
    const { _id, chatToken } = first.json().data;
    const turn = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/signup/chats?id=${_id}`,
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ answer_key: 'lastName', answer: 'Jackson' }),
      });
    expect((await turn({ 'x-chat-token': 'A'.repeat(43) })).json().errorCode).toBe('CHAT_NOT_FOUND');
    expect((await turn({ 'x-chat-token': chatToken })).statusCode).toBe(201);
    expect((await turn({})).statusCode).toBe(201);
  });

  it('answers the dashboard assistant at /api/scholarships/chats, continuing its chat by ?id=', async () => {
    const { session } = await api.signUp();
    const ask = (chatId?: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/scholarships/chats${chatId ? `?id=${chatId}` : ''}`,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
        payload: JSON.stringify({ userID: session.user.id, questionAnswer: { scholarship_type: 'recommendation', question: 'Recommendations' } }),
      });
    const first = await ask();
    expect(first.statusCode).toBe(201);
    const chatId = first.json().data.chat_id;
    chatIds.add(chatId);
    expect((await ask(chatId)).json().data.chat_id).toBe(chatId);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/scholarships/chats', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('counts both addresses of a chat in one rate limit', async () => {
    // A second instance on the same database, with low limits: the counters are shared, per IP.
    const limited = await startTestAppOn(databaseUrlOf(t), { AUTH_RATE_LIMIT_PER_MINUTE: 2, CHAT_TURNS_PER_MINUTE: 2 });
    try {
      for (const kind of ['signup', 'login']) {
        const ip = nextIp();
        const turn = (prefix: string) =>
          limited.app.inject({ method: 'POST', url: `${prefix}/${kind}/chats`, remoteAddress: ip, headers: { 'content-type': 'application/json' }, payload: '{}' });
        const statuses = [(await turn('/api/v1')).statusCode, (await turn('/api')).statusCode, (await turn('/api')).statusCode, (await turn('/api/v1')).statusCode];
        expect([kind, statuses]).toEqual([kind, [400, 400, 429, 429]]);
      }
    } finally {
      await limited.close();
    }
  });

  it('never writes a chat id to the logs: the access log keeps ?id=[redacted]', async () => {
    expect(chatIds.size).toBeGreaterThan(5);
    const text = logged.join('');
    // The control: the turns above were logged, with the address they came to.
    expect(text).toMatch(/"url":"\/api\/signup\/chats\?id=\[redacted\]"/);
    expect(text).toMatch(/"url":"\/api\/login\/chats\?id=\[redacted\]"/);
    expect(text).toMatch(/"url":"\/api\/scholarships\/chats\?id=\[redacted\]"/);
    for (const id of chatIds) expect([id, text.includes(id)]).toEqual([id, false]);
  });
});

/** The database URL a test app was started on (its pool's connection string). */
function databaseUrlOf(t: TestApp): string {
  return (t.sql as unknown as { options: { connectionString: string } }).options.connectionString;
}
