import type { LightMyRequestResponse } from 'fastify';
import { accountClient } from './accounts-helpers.js';
import { createTestDatabase, startTestAppOn, type TestApp } from './test-app.js';

/**
 * Parallel requests against the login lock-out and against one chat's turns, through two app
 * instances on one database as two replicas behind a balancer (docs/security.md, "Login
 * throttling"; docs/chat.md, "Sessions").
 */

const MAX_FAILURES = 10;
const LOCKED_WORDS = /^Too many failed login attempts\. Please try again in 15 minutes or reset your password\.$/;

interface Replicas {
  replicas: [TestApp, TestApp];
  close(): Promise<void>;
}

/** Two replicas on one fresh database; the per-IP limit is raised so only the lock-out answers 429. */
async function twoReplicas(overrides: Record<string, unknown> = {}): Promise<Replicas> {
  const database = await createTestDatabase();
  const settings = { AUTH_RATE_LIMIT_PER_MINUTE: 100000, CHAT_TURNS_PER_MINUTE: 100000, LOGIN_MAX_FAILURES: MAX_FAILURES, LOGIN_LOCK_MINUTES: 15, DEMO_DATA: 'true', ...overrides };
  const first = await startTestAppOn(database.url, settings);
  const second = await startTestAppOn(database.url, settings);
  return {
    replicas: [first, second],
    close: async () => {
      await first.close();
      await second.close();
      await database.drop();
    },
  };
}

/** A chat whose turns go to any replica: the id and token are the chat's, not the replica's. */
function chatOn(kind: 'signup' | 'login', ip: string) {
  const state: { id?: string; token?: string } = {};
  const turn = async (replica: TestApp, body: Record<string, unknown>) => {
    const res = await replica.app.inject({
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
  return { turn, state };
}

/** How many answers had each status and error code, e.g. { '400 WRONG_PASSWORD': 10, '429 LOGIN_LOCKED': 20 }. */
function tally(answers: LightMyRequestResponse[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const res of answers) {
    const key = res.statusCode === 201 ? '201' : `${res.statusCode} ${res.json().errorCode}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

let ipCounter = 0;
const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe('the login lock-out under parallel guesses', () => {
  /**
   * Sends `count` wrong passwords for `email` from one IP at once: every other one through the
   * form login, the rest as the last turn of a login chat opened beforehand, alternating replicas.
   */
  async function guessInParallel({ replicas }: Replicas, email: string, count: number, ip: string, password = 'not the password') {
    const chats: ReturnType<typeof chatOn>[] = [];
    for (let i = 0; i < count / 2; i++) {
      const chat = chatOn('login', ip);
      expect((await chat.turn(replicas[i % 2], { answer_key: 'userName', answer: email })).statusCode).toBe(201);
      chats.push(chat);
    }
    return Promise.all(
      Array.from({ length: count }, (_, i) => {
        const replica = replicas[i % 2];
        if (i % 2 === 0) return accountClient(replica).login(email, `${password} ${i}`, ip);
        return chats[(i - 1) / 2].turn(replica, { answer_key: 'currentPassword', answer: `${password} ${i}` });
      }),
    );
  }

  function expectAtMostTenJudged(answers: LightMyRequestResponse[]) {
    const counts = tally(answers);
    expect(counts).toEqual({ '400 WRONG_PASSWORD': MAX_FAILURES, '429 LOGIN_LOCKED': answers.length - MAX_FAILURES });
    for (const refused of answers.filter((res) => res.statusCode === 429)) expect(refused.json().description).toMatch(LOCKED_WORDS);
  }

  /** The right password from the locked IP is refused, through the form and through a chat. */
  async function expectLockedForTheOwnerToo({ replicas }: Replicas, email: string, password: string, ip: string) {
    for (const replica of replicas) {
      const form = await accountClient(replica).login(email, password, ip);
      expect(form.statusCode).toBe(429);
      expect(form.json()).toMatchObject({ errorCode: 'LOGIN_LOCKED', description: expect.stringMatching(LOCKED_WORDS) });
    }
    const chat = chatOn('login', ip);
    await chat.turn(replicas[1], { answer_key: 'userName', answer: email });
    expect((await chat.turn(replicas[0], { answer_key: 'currentPassword', answer: password })).json().errorCode).toBe('LOGIN_LOCKED');
  }

  describe('with the counters in PostgreSQL', () => {
    let two: Replicas;
    beforeAll(async () => {
      two = await twoReplicas();
    });
    afterAll(async () => {
      await two?.close();
    });

    it.each([30, 100])('judges at most 10 of %i parallel wrong passwords (form and chat, two replicas); the rest are locked out', async (count) => {
      const { body } = await accountClient(two.replicas[0]).signUp();
      const ip = freshIp();
      expectAtMostTenJudged(await guessInParallel(two, body.email, count, ip));
      await expectLockedForTheOwnerToo(two, body.email, body.password, ip);
      // The same account from another address is not locked.
      expect((await accountClient(two.replicas[1]).login(body.email, body.password, freshIp())).statusCode).toBe(201);
    });

    it('counts an unknown e-mail the same way', async () => {
      const answers = await guessInParallel(two, `nobody.${Date.now()}@example.com`, 30, freshIp());
      expect(tally(answers)).toEqual({ '400 EMAIL_NOT_FOUND': MAX_FAILURES, '429 LOGIN_LOCKED': 30 - MAX_FAILURES });
    });

    it('starts the count over after a successful login', async () => {
      const { body } = await accountClient(two.replicas[0]).signUp();
      const ip = freshIp();
      const first = await guessInParallel(two, body.email, MAX_FAILURES - 1, ip);
      expect(tally(first)).toEqual({ '400 WRONG_PASSWORD': MAX_FAILURES - 1 });
      expect((await accountClient(two.replicas[1]).login(body.email, body.password, ip)).statusCode).toBe(201);
      expectAtMostTenJudged(await guessInParallel(two, body.email, 30, ip));
    });
  });

  describe('with the per-IP limits in Redis (REDIS_URL)', () => {
    let two: Replicas;
    beforeAll(async () => {
      two = await twoReplicas({ REDIS_URL: 'redis://127.0.0.1:6379' });
    });
    afterAll(async () => {
      await two?.close();
    });

    it('still judges at most 10 of 30 parallel wrong passwords', async () => {
      const { body } = await accountClient(two.replicas[0]).signUp();
      const ip = freshIp();
      expectAtMostTenJudged(await guessInParallel(two, body.email, 30, ip));
      await expectLockedForTheOwnerToo(two, body.email, body.password, ip);
    });
  });
});

describe("a chat's last turn under parallel sends", () => {
  const PARALLEL = 6;
  let two: Replicas;
  let adminToken: string;
  beforeAll(async () => {
    two = await twoReplicas();
    adminToken = (await accountClient(two.replicas[0]).login('admin@demo.scholarmatch.test', 'DemoAdmin#2026', freshIp())).json().data.accessToken;
  });
  afterAll(async () => {
    await two?.close();
  });

  const sql = () => two.replicas[0].sql;
  const liveSessionsOf = async (email: string): Promise<number> =>
    (await sql().query(`SELECT count(*)::int AS n FROM refresh_tokens r JOIN users u ON u.id = r.user_id WHERE lower(u.email) = lower($1) AND r.revoked_at IS NULL`, [email])).rows[0].n;
  const sessionsOf = async (email: string): Promise<number> =>
    (await sql().query(`SELECT count(*)::int AS n FROM refresh_tokens r JOIN users u ON u.id = r.user_id WHERE lower(u.email) = lower($1)`, [email])).rows[0].n;
  const mailsTo = async (email: string): Promise<number> => (await sql().query(`SELECT count(*)::int AS n FROM mail_outbox WHERE lower(to_address) = lower($1)`, [email])).rows[0].n;

  /** The same turn sent PARALLEL times at once, alternating replicas. */
  const sendInParallel = (chat: ReturnType<typeof chatOn>, body: Record<string, unknown>) =>
    Promise.all(Array.from({ length: PARALLEL }, (_, i) => chat.turn(two.replicas[i % 2], body)));

  /**
   * One send wins; every other was refused while it worked (409), or, when the machine delayed it
   * past the winner's end of the turn, meets what the winner left (`lateOutcome`: by default the
   * chat gone, 404): never a second 201.
   */
  function expectOneWinner(answers: LightMyRequestResponse[], lateOutcome = '404 CHAT_NOT_FOUND') {
    const { '201': won, '409 CHAT_BUSY': busy = 0, [lateOutcome]: late = 0, ...other } = tally(answers);
    expect({ won, other }).toEqual({ won: 1, other: {} });
    expect(busy + late).toBe(PARALLEL - 1);
    for (const busy of answers.filter((res) => res.statusCode === 409)) {
      expect(busy.json().description).toBe('Another answer to this chat was being saved at the same moment. Please send yours again.');
    }
  }

  it('of a login chat: one sign-in, the others 409 CHAT_BUSY with no session', async () => {
    const { body } = await accountClient(two.replicas[0]).signUp();
    const sessionsBefore = await sessionsOf(body.email);
    const chat = chatOn('login', freshIp());
    await chat.turn(two.replicas[0], { answer_key: 'userName', answer: body.email });
    const answers = await sendInParallel(chat, { answer_key: 'currentPassword', answer: body.password });
    expectOneWinner(answers);
    expect(answers.find((res) => res.statusCode === 201)!.json().message).toBe('User Logged In Successfully!!');
    expect((await sessionsOf(body.email)) - sessionsBefore).toBe(1);
    expect(await mailsTo(body.email)).toBe(0);
  });

  it('of a sign-up chat: one account and one session, the others 409 CHAT_BUSY', async () => {
    const email = `race.${Date.now()}@example.com`;
    const chat = chatOn('signup', freshIp());
    const answers: [string, string][] = [
      ['firstName', 'Ada'], ['lastName', 'Lovelace'], ['email', email], ['phone', '12025550143'],
      ['password', 'chat passphrase 1'], ['confirmPassword', 'chat passphrase 1'], ['consentToContact', 'true'], ['acceptTerms', 'true'],
    ];
    for (const [i, [answer_key, answer]] of answers.entries()) expect((await chat.turn(two.replicas[i % 2], { answer_key, answer })).statusCode).toBe(201);
    const submits = await sendInParallel(chat, { action: 'submit' });
    expectOneWinner(submits);
    expect(submits.find((res) => res.statusCode === 201)!.json().message).toBe('User Signed Up Successfully!! [Chat Ended]');
    expect((await sql().query(`SELECT count(*)::int AS n FROM users WHERE lower(email) = lower($1)`, [email])).rows[0].n).toBe(1);
    expect(await sessionsOf(email)).toBe(1);
    expect(await mailsTo(email)).toBe(0);
  });

  it('refuses every turn while one is working, and frees the chat when the turn fails or its claim lapses', async () => {
    const { body } = await accountClient(two.replicas[0]).signUp();
    const chat = chatOn('login', freshIp());
    await chat.turn(two.replicas[0], { answer_key: 'userName', answer: body.email });
    // A failed turn gives the chat back at once.
    expect((await chat.turn(two.replicas[1], { answer_key: 'currentPassword', answer: 'not the password' })).json().errorCode).toBe('WRONG_PASSWORD');
    // A turn claimed by a server that then stopped (the claim is made in the database, as it would have been).
    await sql().query(`UPDATE chat_sessions SET turns = turns + 1, claimed_until = now() + interval '2 minutes' WHERE id = $1`, [chat.state.id]);
    const busy = await chat.turn(two.replicas[0], { answer_key: 'currentPassword', answer: body.password });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().errorCode).toBe('CHAT_BUSY');
    // Two minutes later (moved in the database, not waited for) the claim has lapsed.
    await sql().query(`UPDATE chat_sessions SET claimed_until = now() - interval '1 second' WHERE id = $1`, [chat.state.id]);
    expect((await chat.turn(two.replicas[1], { answer_key: 'currentPassword', answer: body.password })).statusCode).toBe(201);
  });

  it('of a recovery in a login chat: one code e-mailed, one reset and one session, the others 409 CHAT_BUSY', async () => {
    const { body } = await accountClient(two.replicas[0]).signUp();
    const chat = chatOn('login', freshIp());
    await chat.turn(two.replicas[0], { answer_key: 'userName', answer: body.email });
    // A send delayed past the winner's finds the chat waiting for the code just sent: a second code is refused as too soon.
    expectOneWinner(await sendInParallel(chat, { action: 'forgotPassword' }), '429 OTP_RESEND_TOO_SOON');
    expect(await mailsTo(body.email)).toBe(1);
    const outbox = await accountClient(two.replicas[1]).call('GET', `/admin/mail-outbox?to=${encodeURIComponent(body.email)}&limit=1`, { token: adminToken });
    const code = /\b(\d{6})\b/.exec(outbox.json().data[0].text)![1];
    expect((await chat.turn(two.replicas[1], { answer_key: 'otp', answer: code })).statusCode).toBe(201);

    const resets = await sendInParallel(chat, { answer_key: 'newPassword', answer: 'recovered in a race' });
    expectOneWinner(resets);
    expect(resets.find((res) => res.statusCode === 201)!.json().message).toBe('Password reset successfully');
    // A reset ends every other sign-in and starts one.
    expect(await liveSessionsOf(body.email)).toBe(1);
    expect(await mailsTo(body.email)).toBe(1);
  });
});
