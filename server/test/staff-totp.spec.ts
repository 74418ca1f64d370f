import { Secret, TOTP } from 'otpauth';
import { accountClient } from './accounts-helpers.js';
import { createTestDatabase, startTestAppOn, type TestApp } from './test-app.js';

/**
 * The staff's second factor (docs/staff-security.md, "Second factor"): enrolment, the login's code step,
 * one use per code and per recovery code, the lock-out, the admin gate with STAFF_MFA_REQUIRED,
 * and the login chat refusing staff. Two app instances on one database: A as in the other specs
 * (STAFF_MFA_REQUIRED unset, so false outside production), B with it on.
 */

const password = 'correct horse battery';
type Res = { statusCode: number; body: string; json: () => any };

describe('staff second factor (TOTP)', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let a: TestApp;
  let b: TestApp;
  let onA: ReturnType<typeof accountClient>;
  let onB: ReturnType<typeof accountClient>;
  let counter = 0;
  const nextIp = () => `10.52.${1 + (++counter % 250)}.${counter % 200}`;

  const expectStatus = (res: Res, status: number) => expect([res.statusCode, res.body]).toEqual([status, expect.any(String)]);
  /** The code of the step `offset` steps from now (the server accepts -1, 0 and +1). */
  const codeOf = (secret: string, offset = 0) => TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offset * 30_000 });

  /** A fresh account of this role, signed in on A. */
  const staff = async (role: 'admin' | 'support') => {
    const { session } = await onA.signUp({ password });
    await a.sql.query(`UPDATE users SET role = $2 WHERE id = $1`, [session.user.id, role]);
    const res = await onA.login(session.user.email, password, nextIp());
    expectStatus(res, 201);
    return { email: session.user.email as string, id: session.user.id as string, token: res.json().data.accessToken as string };
  };
  /** Enrols: the secret (base32) and the recovery codes. The confirming code is the previous step's, so the current one is still unused. */
  const enrol = async (api: ReturnType<typeof accountClient>, token: string) => {
    const started = await api.call('POST', '/users/me/totp', { token });
    expectStatus(started, 201);
    const { secret } = started.json().data;
    const confirmed = await api.call('POST', '/users/me/totp/confirm', { token, body: { code: codeOf(secret, -1) } });
    expectStatus(confirmed, 200);
    return { secret: secret as string, recoveryCodes: confirmed.json().data.recoveryCodes as string[] };
  };
  const challengeFor = async (email: string, ip: string) => {
    const res = await onA.login(email, password, ip);
    expectStatus(res, 200);
    expect(res.json().data).toEqual({ mfaRequired: true, challenge: expect.any(String) });
    return res.json().data.challenge as string;
  };
  const finish = (body: Record<string, unknown>, ip: string) => onA.call('POST', '/users/auth/login/totp', { body, ip });

  beforeAll(async () => {
    database = await createTestDatabase();
    const settings = { AUTH_RATE_LIMIT_PER_MINUTE: 100000, LOGIN_MAX_FAILURES: 4, LOGIN_LOCK_MINUTES: 15 };
    a = await startTestAppOn(database.url, settings);
    b = await startTestAppOn(database.url, { ...settings, STAFF_MFA_REQUIRED: true });
    onA = accountClient(a);
    onB = accountClient(b);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('enrols a staff member: a sealed secret, confirmed by a code, ten recovery codes once; applicants may not', async () => {
    const person = await staff('support');
    expect((await onA.call('GET', '/users/me/totp', { token: person.token })).json().data).toEqual({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const started = (await onA.call('POST', '/users/me/totp', { token: person.token })).json().data;
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauthUri).toMatch(/^otpauth:\/\/totp\/ScholarMatch:/);
    expect(started.otpauthUri).toContain(`secret=${started.secret}`);
    const { rows } = await a.sql.query<{ secret_sealed: Buffer }>(`SELECT secret_sealed FROM staff_totp WHERE user_id = $1`, [person.id]);
    expect(rows[0].secret_sealed.includes(Buffer.from(Secret.fromBase32(started.secret).bytes))).toBe(false);

    const wrong = await onA.call('POST', '/users/me/totp/confirm', { token: person.token, body: { code: codeOf(started.secret, 5) } });
    expectStatus(wrong, 400);
    expect(wrong.json().errorCode).toBe('WRONG_CODE');
    const confirmed = await onA.call('POST', '/users/me/totp/confirm', { token: person.token, body: { code: codeOf(started.secret) } });
    expectStatus(confirmed, 200);
    const codes = confirmed.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await a.sql.query<{ code_hash: Buffer }>(`SELECT code_hash FROM staff_recovery_codes WHERE user_id = $1`, [person.id]);
    expect(stored.rows.map((r) => r.code_hash.toString('utf8'))).not.toContain(codes[0]);

    expect((await onA.call('POST', '/users/me/totp', { token: person.token })).json().errorCode).toBe('TOTP_ALREADY_ON');
    expect((await onA.call('GET', '/users/me/totp', { token: person.token })).json().data).toEqual({ enabled: true, required: false, recoveryCodesLeft: 10 });

    const { session } = await onA.signUp({ password });
    expect((await onA.call('POST', '/users/me/totp', { token: session.accessToken })).statusCode).toBe(403);
  });

  it('answers a challenge instead of tokens, logs in with a code, and refuses the same code again', async () => {
    const person = await staff('support');
    const { secret } = await enrol(onA, person.token);
    const ip = nextIp();
    const challenge = await challengeFor(person.email, ip);
    const code = codeOf(secret);
    const session = await finish({ challenge, code }, ip);
    expectStatus(session, 201);
    expect(session.json().data).toMatchObject({ user: { id: person.id }, accessToken: expect.any(String), refreshToken: expect.any(String) });

    const replay = await finish({ challenge: await challengeFor(person.email, ip), code }, ip);
    expectStatus(replay, 400);
    expect(replay.json().errorCode).toBe('CODE_USED');
    expect((await finish({ challenge: 'not.a.challenge', code: codeOf(secret, 1) }, ip)).json().errorCode).toBe('CHALLENGE_INVALID');
    // An access token is not a challenge.
    expect((await finish({ challenge: session.json().data.accessToken, code: codeOf(secret, 1) }, ip)).json().errorCode).toBe('CHALLENGE_INVALID');
  });

  it('takes each recovery code once', async () => {
    const person = await staff('support');
    const { recoveryCodes } = await enrol(onA, person.token);
    const ip = nextIp();
    expectStatus(await finish({ challenge: await challengeFor(person.email, ip), recoveryCode: recoveryCodes[3].toUpperCase() }, ip), 201);
    const again = await finish({ challenge: await challengeFor(person.email, ip), recoveryCode: recoveryCodes[3] }, ip);
    expect(again.json().errorCode).toBe('WRONG_RECOVERY_CODE');
    expect((await onA.call('GET', '/users/me/totp', { token: person.token })).json().data.recoveryCodesLeft).toBe(9);
  });

  it('counts wrong codes toward the login lock-out', async () => {
    const person = await staff('support');
    const { secret } = await enrol(onA, person.token);
    const ip = nextIp();
    // LOGIN_MAX_FAILURES 4: the password step stays counted until a code passes; three wrong codes make four.
    const challenge = await challengeFor(person.email, ip);
    for (let i = 0; i < 3; i++) expect((await finish({ challenge, code: '000000' === codeOf(secret) ? '111111' : '000000' }, ip)).json().errorCode).toBe('WRONG_CODE');
    const locked = await finish({ challenge, code: codeOf(secret) }, ip);
    expectStatus(locked, 429);
    expect(locked.json().errorCode).toBe('LOGIN_LOCKED');
    expect((await onA.login(person.email, password, ip)).statusCode).toBe(429);
  });

  it('does not let the login chat, or a session without the code, in', async () => {
    const person = await staff('admin');
    const ip = nextIp();
    const chat = async (body: Record<string, unknown>, id?: string, chatToken?: string) =>
      a.app.inject({
        method: 'POST',
        url: `/api/v1/login/chats${id ? `?id=${id}` : ''}`,
        remoteAddress: ip,
        headers: { 'content-type': 'application/json', ...(chatToken ? { 'x-chat-token': chatToken } : {}) },
        payload: JSON.stringify(body),
      });
    const opened = await chat({ answer_key: 'userName', answer: person.email });
    expectStatus(opened, 201);
    const { _id, chatToken } = opened.json().data;
    const refused = await chat({ answer_key: 'currentPassword', answer: password }, _id, chatToken);
    expectStatus(refused, 403);
    expect(refused.json()).toMatchObject({ errorCode: 'STAFF_USE_LOGIN_PAGE', description: 'Staff accounts sign in on the login page, not in the chat.' });
    expect(refused.body).not.toContain('accessToken');
  });

  it('with STAFF_MFA_REQUIRED, gives an admin without it a session that reaches only enrolment until it is on', async () => {
    const person = await staff('admin');
    const login = await onB.login(person.email, password, nextIp());
    expectStatus(login, 201);
    const { accessToken, refreshToken } = login.json().data;
    const gated = await onB.call('GET', '/admin/staff', { token: accessToken });
    expectStatus(gated, 403);
    expect(gated.json().errorCode).toBe('SECOND_FACTOR_ENROLMENT_REQUIRED');
    expect((await onB.call('GET', '/users/me', { token: accessToken })).statusCode).toBe(200);
    expect((await onB.call('GET', '/users/me/totp', { token: accessToken })).json().data).toMatchObject({ enabled: false, required: true });
    const { secret } = await enrol(onB, accessToken);
    // A refresh after enrolment gives a token that reaches the console.
    const renewed = await onB.call('POST', '/users/auth/refresh', { body: { refreshToken } });
    expectStatus(renewed, 200);
    expect((await onB.call('GET', '/admin/staff', { token: renewed.json().data.accessToken })).statusCode).toBe(200);
    const off = await onB.call('DELETE', '/users/me/totp', { token: renewed.json().data.accessToken, body: { code: codeOf(secret) } });
    expect(off.json().errorCode).toBe('TOTP_REQUIRED');
  });

  it('lets support staff turn it off with a current code, after which the password is enough', async () => {
    const person = await staff('support');
    const { secret } = await enrol(onA, person.token);
    expect((await onA.call('DELETE', '/users/me/totp', { token: person.token, body: { code: '12345' } })).statusCode).toBe(400);
    expectStatus(await onA.call('DELETE', '/users/me/totp', { token: person.token, body: { code: codeOf(secret) } }), 200);
    expectStatus(await onA.login(person.email, password, nextIp()), 201);
  });
});
