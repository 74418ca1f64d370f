import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

/** Password recovery by e-mailed OTP (as in the original product), with the code read from the stored outbox as an admin would. */
describe('password reset by e-mailed OTP', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let adminToken: string;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    adminToken = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026', '10.20.0.1')).json().data.accessToken;
  });
  afterAll(async () => {
    await t?.close();
  });

  const forgot = (email: string) => api.call('POST', '/register-applicants/forgot-password', { body: { email } });
  const verify = (email: string, otp: string) => api.call('POST', '/register-applicants/verify-otp', { body: { email, otp } });
  const reset = (email: string, otp: string, newPassword = 'my new passphrase') =>
    api.call('POST', '/register-applicants/reset-password', { body: { email, otp, newPassword } });

  /** The code of the newest e-mail to `email`, through the admin's outbox route. */
  const codeSentTo = async (email: string): Promise<string> => {
    const res = await api.call('GET', `/admin/mail-outbox?to=${encodeURIComponent(email)}&limit=1`, { token: adminToken });
    const [message] = res.json().data;
    return /\b(\d{6})\b/.exec(message.text)![1];
  };
  /** Moves the last send a minute back, instead of waiting for it. */
  const aMinuteLater = (userId: string) =>
    t.sql.query(`UPDATE password_reset_codes SET sent_at = sent_at - interval '61 seconds' WHERE user_id = $1`, [userId]);

  it('sends a 6-digit code, accepts it once, signs the user in and ends other sign-ins', async () => {
    const { body, session } = await api.signUp();
    const sent = await forgot(body.email);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toBe('OTP sent successfully');
    const code = await codeSentTo(body.email);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = (await t.sql.query('SELECT code_hash FROM password_reset_codes WHERE user_id = $1', [session.user.id])).rows;
    expect(row.code_hash).not.toContain(code);

    expect((await verify(body.email, code)).json().message).toBe('OTP submitted successfully!');
    const done = await reset(body.email, code);
    expect(done.statusCode).toBe(201);
    expect(done.json()).toMatchObject({ message: 'Password reset successfully', data: { user: { email: body.email } } });
    expect(done.json().data.accessToken).toEqual(expect.any(String));

    expect((await reset(body.email, code, 'another passphrase')).json().errorCode).toBe('OTP_EXPIRED');
    expect((await api.call('POST', '/users/auth/refresh', { body: { refreshToken: session.refreshToken } })).statusCode).toBe(401);
    expect((await api.login(body.email, body.password)).json().errorCode).toBe('WRONG_PASSWORD');
    expect((await api.login(body.email, 'my new passphrase')).statusCode).toBe(201);
  });

  it('re-sends at most once a minute; a new code replaces the old one', async () => {
    const { body, session } = await api.signUp();
    expect((await forgot(body.email)).statusCode).toBe(201);
    const first = await codeSentTo(body.email);
    const tooSoon = await forgot(body.email);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ errorCode: 'OTP_RESEND_TOO_SOON', description: expect.any(String) });

    await aMinuteLater(session.user.id);
    expect((await forgot(body.email)).statusCode).toBe(201);
    const second = await codeSentTo(body.email);
    if (second !== first) expect((await verify(body.email, first)).json().errorCode).toBe('OTP_INCORRECT');
    expect((await verify(body.email, second)).statusCode).toBe(201);
  });

  it('voids the code after 5 wrong tries, even for the right code', async () => {
    const { body } = await api.signUp();
    await forgot(body.email);
    const code = await codeSentTo(body.email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await verify(body.email, wrong);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ errorCode: 'OTP_INCORRECT', description: expect.stringContaining('OTP is incorrect') });
    }
    expect((await reset(body.email, wrong)).json().errorCode).toBe('OTP_LOCKED');
    expect((await reset(body.email, code)).json().errorCode).toBe('OTP_LOCKED');
    expect((await api.login(body.email, body.password)).statusCode).toBe(201);
  });

  it('expires the code after 10 minutes', async () => {
    const { body, session } = await api.signUp();
    await forgot(body.email);
    const code = await codeSentTo(body.email);
    const [row] = (await t.sql.query(`SELECT extract(epoch FROM expires_at - sent_at) AS seconds FROM password_reset_codes WHERE user_id = $1`, [session.user.id])).rows;
    expect(Number(row.seconds)).toBe(600);
    await t.sql.query(`UPDATE password_reset_codes SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [session.user.id]);
    const res = await reset(body.email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().errorCode).toBe('OTP_EXPIRED');
  });

  it('answers an unknown e-mail and bad input with 400 and a description', async () => {
    const unknown = await forgot('nobody-here@example.com');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ errorCode: 'EMAIL_NOT_FOUND', description: expect.any(String) });
    const invalid = await forgot('not an email');
    expect(invalid.json().description).toBe('Please input your email address!');
    const { body } = await api.signUp();
    const short = await reset(body.email, '12345');
    expect(short.statusCode).toBe(400);
    const weak = await reset(body.email, '123456', 'short');
    expect(weak.json().errors).toEqual([{ path: 'newPassword', message: 'Password must be at least 8 characters long!' }]);
  });
});
