import { createHmac } from 'node:crypto';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

const JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-keys';

/** Sign-up, login, tokens, password change and the security figures of docs/security.md, over HTTP on a real database. */
describe('accounts', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  beforeAll(async () => {
    t = await startTestApp({ JWT_SECRET, DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 30 });
    api = accountClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('sign-up', () => {
    it('creates an applicant and signs it in (201 with tokens, user and clientIp)', async () => {
      const body = api.newApplicant({ consentToContact: true, acceptTerms: true });
      const res = await api.call('POST', '/register-applicants', { body, ip: '10.9.0.1' });
      expect(res.statusCode).toBe(201);
      const { data } = res.json();
      expect(data).toMatchObject({ clientIp: '10.9.0.1', user: { email: body.email, role: 'applicant', applicantType: 'STUDENT', isProfileUpdate: false } });
      expect(data.accessToken.split('.')).toHaveLength(3);
      expect(data.refreshToken.length).toBeGreaterThan(40);
      expect(data.user).not.toHaveProperty('passwordHash');
      const [row] = (await t.sql.query('SELECT accepted_terms_at, consented_to_contact_at FROM users WHERE id = $1', [data.user.id])).rows;
      expect(row.accepted_terms_at).toBeInstanceOf(Date);
      expect(row.consented_to_contact_at).toBeInstanceOf(Date);
    });

    it('stores an argon2id hash at or above the OWASP floor (m >= 19 MiB, t >= 2)', async () => {
      const { session } = await api.signUp();
      const [row] = (await t.sql.query('SELECT password_hash FROM users WHERE id = $1', [session.user.id])).rows;
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$/);
      const parameters = Object.fromEntries(row.password_hash.split('$')[3].split(',').map((pair: string) => pair.split('=')));
      expect(Number(parameters.m)).toBeGreaterThanOrEqual(19 * 1024);
      expect(Number(parameters.t)).toBeGreaterThanOrEqual(2);
      expect(row.password_hash).not.toContain('correct horse');
    });

    it("refuses an e-mail already registered, in any letter case, with the seed's words (409)", async () => {
      const { body } = await api.signUp();
      const again = await api.call('POST', '/register-applicants', { body: { ...body, email: body.email.toUpperCase() }, ip: '10.9.0.2' });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ errorCode: 'EMAIL_TAKEN', description: 'Email already exist!! Please login or try with another email' });
    });

    it('wants at least 8 characters, and accepts and never truncates a long passphrase', async () => {
      const short = await api.call('POST', '/register-applicants', { body: api.newApplicant({ password: 'seven77' }), ip: '10.9.0.3' });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors).toEqual([{ path: 'password', message: 'Password must be at least 8 characters long!' }]);

      const long = 'a'.repeat(64) + 'tail-that-matters-' + 'z'.repeat(30);
      const { body } = await api.signUp({ password: long });
      expect((await api.login(body.email, long, '10.9.0.4')).statusCode).toBe(201);
      expect((await api.login(body.email, long.slice(0, 64), '10.9.0.4')).json().errorCode).toBe('WRONG_PASSWORD');
      expect((await api.login(body.email, long.slice(0, 72), '10.9.0.4')).json().errorCode).toBe('WRONG_PASSWORD');
    });

    it('is judged by the served sign-up form, with its words: what the Contact tab would refuse is refused here', async () => {
      const refused: [Record<string, unknown>, { path: string; message: string }][] = [
        [{ phone: '+1 (202) 555-0143' }, { path: 'phone', message: 'Please enter only digits!' }],
        [{ phone: '+123' }, { path: 'phone', message: 'Please enter only digits!' }],
        [{ phone: '+1234567890123456' }, { path: 'phone', message: 'Please enter only digits!' }],
        [{ email: 'maya@' }, { path: 'email', message: 'Please enter a validate email!' }],
        [{ email: `${'m'.repeat(250)}@example.com` }, { path: 'email', message: 'Please enter a validate email!' }],
        [{ firstName: '   ' }, { path: 'firstName', message: 'Please input your first name!' }],
        [{ lastName: 'x'.repeat(101) }, { path: 'lastName', message: 'Please use at most 100 characters!' }],
        [{ password: 'x'.repeat(1025) }, { path: 'password', message: 'Password must be at most 1024 characters long!' }],
      ];
      const form = (await api.call('GET', '/forms/signup')).json().data;
      for (const [index, [overrides, error]] of refused.entries()) {
        const res = await api.call('POST', '/register-applicants', { body: api.newApplicant(overrides), ip: `10.9.1.${index}` });
        expect([overrides, res.statusCode, res.json().errors]).toEqual([overrides, 400, [error]]);
        expect(res.json()).toMatchObject({ errorCode: 'INVALID_ANSWERS', description: error.message });
        // The same words the served form carries (the browser shows them before sending).
        expect(JSON.stringify(form.schema)).toContain(JSON.stringify(error.message));
      }
      // A phone sent without its '+' is the same number (the original client may send it so).
      const { session } = await api.signUp({ phone: '12025550143' }, '10.9.1.99');
      expect(session.user).toMatchObject({ phone: '+12025550143' });
    });

    it('checks the confirmation and the consents the seed does not send only when they are sent, and records them', async () => {
      const mismatch = await api.call('POST', '/register-applicants', { body: api.newApplicant({ confirmPassword: 'something else' }), ip: '10.9.2.1' });
      expect(mismatch.json().errors).toEqual([{ path: 'confirmPassword', message: 'Passwords do not match!' }]);
      const declined = await api.call('POST', '/register-applicants', { body: api.newApplicant({ acceptTerms: false }), ip: '10.9.2.2' });
      expect(declined.json().errors).toEqual([{ path: 'acceptTerms', message: 'Please Select!' }]);

      const { session } = await api.signUp({ confirmPassword: 'correct horse battery', consentToContact: true }, '10.9.2.3');
      const [row] = (await t.sql.query('SELECT accepted_terms_at, consented_to_contact_at FROM users WHERE id = $1', [session.user.id])).rows;
      expect(row.consented_to_contact_at).toBeInstanceOf(Date);
      expect(row.accepted_terms_at).toBeNull();
    });

    it('answers every malformed body with a 4xx and a description, never a 500', async () => {
      const bodies = [
        {},
        [],
        'null',
        api.newApplicant({ email: 'not-an-email' }),
        api.newApplicant({ phone: '12-34' }),
        api.newApplicant({ firstName: 42 }),
        api.newApplicant({ password: { $gt: '' } }),
        api.newApplicant({ applicantType: 'ADMIN' }),
        api.newApplicant({ role: 'admin' }),
        api.newApplicant({ isProfileUpdate: 'true' }),
        api.newApplicant({ firstName: 'x'.repeat(10_000) }),
      ];
      for (const [index, body] of bodies.entries()) {
        const res = await api.call('POST', '/register-applicants', typeof body === 'string' ? { raw: body, ip: `10.8.0.${index}` } : { body, ip: `10.8.0.${index}` });
        expect(res.statusCode).toBe(400);
        expect(typeof res.json().description).toBe('string');
      }
      const unknownField = await api.call('POST', '/register-applicants', { body: api.newApplicant({ role: 'admin' }), ip: '10.8.1.1' });
      expect(unknownField.json().description).toContain('role');
      const malformedJson = await api.call('POST', '/users/auth/login', { raw: '{"userName":', ip: '10.8.1.2' });
      expect(malformedJson.statusCode).toBe(400);
      expect(malformedJson.json().description).toContain('not valid JSON');
    });
  });

  describe('login', () => {
    it('signs in with the e-mail in any case, and tells an unknown e-mail from a wrong password', async () => {
      const { body } = await api.signUp();
      const ok = await api.login(body.email.toUpperCase(), body.password, '10.7.0.1');
      expect(ok.statusCode).toBe(201);
      expect(ok.json().data).toMatchObject({ user: { email: body.email }, clientIp: '10.7.0.1' });

      const unknown = await api.login('nobody@example.com', 'whatever123', '10.7.0.1');
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({ errorCode: 'EMAIL_NOT_FOUND', description: expect.any(String) });
      const wrong = await api.login(body.email, 'not the password', '10.7.0.1');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toMatchObject({ errorCode: 'WRONG_PASSWORD', description: expect.any(String) });
      const missing = await api.call('POST', '/users/auth/login', { body: { userName: '', password: '' }, ip: '10.7.0.1' });
      expect(missing.json().errors).toEqual(
        expect.arrayContaining([
          { path: 'userName', message: 'Please input your username' },
          { path: 'password', message: 'Please input your password' },
        ]),
      );
    });

    it('locks one account for one IP after 10 failures (429 for 15 minutes, even with the right password); another IP still logs in', async () => {
      const { body } = await api.signUp();
      for (let i = 0; i < 10; i++) expect((await api.login(body.email, `wrong-${i}-password`, '10.6.0.1')).statusCode).toBe(400);
      const locked = await api.login(body.email, body.password, '10.6.0.1');
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ errorCode: 'LOGIN_LOCKED', description: expect.stringContaining('15 minutes') });
      const [row] = (await t.sql.query(`SELECT extract(epoch FROM locked_until - now()) AS seconds FROM login_failures WHERE login = $1 AND ip = '10.6.0.1'`, [body.email])).rows;
      expect(Number(row.seconds)).toBeGreaterThan(14 * 60);
      expect(Number(row.seconds)).toBeLessThanOrEqual(15 * 60);

      expect((await api.login(body.email, body.password, '10.6.0.2')).statusCode).toBe(201);

      // Fifteen minutes later (moved in the database, not waited for): the right password works again.
      await t.sql.query(`UPDATE login_failures SET locked_until = now() - interval '1 second' WHERE login = $1`, [body.email]);
      expect((await api.login(body.email, body.password, '10.6.0.1')).statusCode).toBe(201);
    });

    it('limits sign-up, login, forgot and reset calls per IP (429 with a description)', async () => {
      const routes = [
        // A different account each time, so the per-account lock-out is not what answers 429.
        ['/users/auth/login', (i: number) => ({ userName: `nobody${i}@example.com`, password: 'x', loginType: 'register_user' })],
        ['/register-applicants/forgot-password', () => ({ email: 'nobody@example.com' })],
        ['/register-applicants/reset-password', () => ({ email: 'nobody@example.com', otp: '123456', newPassword: 'whatever-123' })],
        ['/register-applicants', () => ({ firstName: '' })],
      ] as const;
      for (const [url, bodyOf] of routes) {
        for (let i = 0; i < 30; i++) expect((await api.call('POST', url, { body: bodyOf(i), ip: '10.5.0.1' })).statusCode).not.toBe(429);
        const body = bodyOf(30);
        const limited = await api.call('POST', url, { body, ip: '10.5.0.1' });
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toMatchObject({ statusCode: 429, errorCode: 'RATE_LIMITED', description: expect.stringContaining('Too many requests') });
        expect((await api.call('POST', url, { body, ip: '10.5.0.2' })).statusCode).not.toBe(429);
      }
    });
  });

  describe('bad input on every account call', () => {
    it('answers 4xx with a description (never 5xx) for wrong types, missing and unknown fields, and junk JSON', async () => {
      const { session } = await api.signUp();
      const routes: [method: 'POST' | 'PUT', url: string][] = [
        ['POST', '/users/auth/login'],
        ['POST', '/users/auth/refresh'],
        ['POST', '/users/auth/logout'],
        ['POST', '/register-applicants/forgot-password'],
        ['POST', '/register-applicants/verify-otp'],
        ['POST', '/register-applicants/reset-password'],
        ['PUT', `/register-applicants/${session.user.id}/update-password`],
      ];
      const bodies: ({ body: unknown } | { raw: string })[] = [
        { body: {} },
        { body: [] },
        { body: { unexpected: true } },
        { body: { userName: 1, password: [], refreshToken: {}, email: 5, otp: 123456, newPassword: null, lastPwd: false } },
        { body: { email: 'x'.repeat(5000), refreshToken: 'y'.repeat(5000), otp: '1'.repeat(5000) } },
        { body: { email: "a@b.co' OR 1=1 --", otp: "1' OR '1'='1", refreshToken: "'; DROP TABLE users; --" } },
        { raw: '{"email":' },
        { raw: '"just a string"' },
        { raw: 'null' },
      ];
      let calls = 0;
      for (const [method, url] of routes) {
        for (const [index, input] of bodies.entries()) {
          const res = await api.call(method, url, { ...input, token: session.accessToken, ip: `10.10.${calls % 250}.${index}` });
          calls++;
          expect([url, res.statusCode]).toEqual([url, expect.any(Number)]);
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          expect(typeof res.json().description).toBe('string');
          expect(res.body).not.toMatch(/at \w+ \(|node_modules|SELECT |QueryFailedError/);
        }
      }
      expect(calls).toBe(routes.length * bodies.length);
      expect((await t.sql.query('SELECT count(*)::int AS n FROM users')).rows[0].n).toBeGreaterThan(0);
    });
  });

  describe('access tokens', () => {
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const key = createHmac('sha256', JWT_SECRET).update('access-tokens').digest().toString('base64url');
    const forge = (header: object, claims: object, secret = key) => {
      const unsigned = `${b64(header)}.${b64(claims)}`;
      return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
    };

    it('are HS256 JWTs with issuer, audience and at most 15 minutes of life', async () => {
      const { session } = await api.signUp();
      const [header, claims] = session.accessToken.split('.').slice(0, 2).map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
      expect(header.alg).toBe('HS256');
      expect(claims).toMatchObject({ sub: session.user.id, role: 'applicant', iss: 'scholarmatch', aud: 'scholarmatch-api' });
      expect(claims.exp - claims.iat).toBeLessThanOrEqual(15 * 60);
      expect((await api.call('GET', '/users/me', { token: session.accessToken })).json().data.id).toBe(session.user.id);
    });

    it('are refused when missing, expired, of another algorithm, issuer or audience, or badly signed (401 with the error body)', async () => {
      const { session } = await api.signUp();
      const now = Math.floor(Date.now() / 1000);
      const good = { sub: session.user.id, role: 'applicant', iss: 'scholarmatch', aud: 'scholarmatch-api', iat: now, exp: now + 600 };
      expect((await api.call('GET', '/users/me', { token: forge({ alg: 'HS256', typ: 'JWT' }, good) })).statusCode).toBe(200);

      const refused = [
        undefined,
        'not-a-token',
        forge({ alg: 'HS256', typ: 'JWT' }, { ...good, exp: now - 10, iat: now - 1000 }),
        forge({ alg: 'HS256', typ: 'JWT' }, { ...good, iss: 'someone-else' }),
        forge({ alg: 'HS256', typ: 'JWT' }, { ...good, aud: 'another-api' }),
        forge({ alg: 'HS256', typ: 'JWT' }, good, 'a-guessed-secret'),
        forge({ alg: 'HS256', typ: 'JWT' }, { ...good, role: 'superuser' }),
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64(good)}.`,
        forge({ alg: 'HS512', typ: 'JWT' }, good),
      ];
      for (const token of refused) {
        const res = await api.call('GET', '/users/me', { token });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized', description: expect.any(String) });
      }
      const expired = await api.call('GET', '/users/me', { token: forge({ alg: 'HS256', typ: 'JWT' }, { ...good, exp: now - 10, iat: now - 1000 }) });
      expect(expired.json().errorCode).toBe('TOKEN_EXPIRED');
    });
  });

  describe('refresh tokens', () => {
    const refresh = (refreshToken: string) => api.call('POST', '/users/auth/refresh', { body: { refreshToken } });

    it('rotate on every use; replaying a spent one revokes the whole family', async () => {
      const { session } = await api.signUp();
      const tokens = [session.refreshToken];
      for (let i = 0; i < 3; i++) {
        const res = await refresh(tokens[i]);
        expect(res.statusCode).toBe(200);
        expect(res.json().data.accessToken.split('.')).toHaveLength(3);
        tokens.push(res.json().data.refreshToken);
      }
      expect(new Set(tokens).size).toBe(4);

      const replay = await refresh(tokens[0]);
      expect(replay.statusCode).toBe(401);
      expect(replay.json().errorCode).toBe('TOKEN_REUSED');
      for (const token of tokens) expect((await refresh(token)).statusCode).toBe(401);

      // Stored hashed: the database never holds a usable token.
      const stored = (await t.sql.query('SELECT token_hash FROM refresh_tokens WHERE user_id = $1', [session.user.id])).rows.map((r) => r.token_hash);
      expect(stored).toHaveLength(4);
      for (const token of tokens) expect(stored).not.toContain(token);
    });

    it('leave other sign-ins alone when one family is revoked, and end at logout', async () => {
      const { body, session } = await api.signUp();
      const other = (await api.login(body.email, body.password, '10.4.0.1')).json().data;
      const logout = await api.call('POST', '/users/auth/logout', { body: { refreshToken: session.refreshToken } });
      expect(logout.statusCode).toBe(200);
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);
      expect((await refresh(other.refreshToken)).statusCode).toBe(200);
      expect((await api.call('POST', '/users/auth/logout', { body: { refreshToken: session.refreshToken } })).statusCode).toBe(200);
    });

    it('fail once expired', async () => {
      const { session } = await api.signUp();
      await t.sql.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE user_id = $1`, [session.user.id]);
      expect((await refresh(session.refreshToken)).statusCode).toBe(401);
    });
  });

  describe('change password', () => {
    const change = (id: string, token: string, body: object) => api.call('PUT', `/register-applicants/${id}/update-password`, { body, token });

    it("needs the old password ('Old Password Not Matched'), then ends every other sign-in and keeps this one", async () => {
      const { body, session } = await api.signUp();
      const otherDevice = (await api.login(body.email, body.password, '10.3.0.1')).json().data;

      const wrong = await change(session.user.id, session.accessToken, { lastPwd: 'not it at all', password: 'a brand new one' });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().description).toBe('Old Password Not Matched');

      const res = await change(session.user.id, session.accessToken, { lastPwd: body.password, password: 'a brand new one' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ statusCode: 200, message: 'Password changed successfully' });
      expect((await api.call('POST', '/users/auth/refresh', { body: { refreshToken: otherDevice.refreshToken } })).statusCode).toBe(401);
      expect((await api.call('POST', '/users/auth/refresh', { body: { refreshToken: session.refreshToken } })).statusCode).toBe(401);
      expect((await api.call('POST', '/users/auth/refresh', { body: { refreshToken: res.json().data.refreshToken } })).statusCode).toBe(200);
      expect((await api.login(body.email, body.password, '10.3.0.2')).json().errorCode).toBe('WRONG_PASSWORD');
      expect((await api.login(body.email, 'a brand new one', '10.3.0.2')).statusCode).toBe(201);
    });

    it("is refused for another user's id (403), without a token (401), and for a malformed id (400)", async () => {
      const a = await api.signUp();
      const b = await api.signUp();
      const body = { lastPwd: a.body.password, password: 'hijacked password' };
      const other = await change(a.session.user.id, b.session.accessToken, body);
      expect(other.statusCode).toBe(403);
      expect(other.json().description).toBe('You can only change your own password.');
      expect((await api.call('PUT', `/register-applicants/${a.session.user.id}/update-password`, { body })).statusCode).toBe(401);
      expect((await change('not-a-uuid', a.session.accessToken, body)).statusCode).toBe(400);
      expect((await api.login(a.body.email, a.body.password, '10.3.0.3')).statusCode).toBe(201);
    });
  });

  describe('roles and the minimal profile', () => {
    it('lets only admins read the mail outbox', async () => {
      const { session } = await api.signUp();
      expect((await api.call('GET', '/admin/mail-outbox')).statusCode).toBe(401);
      const asApplicant = await api.call('GET', '/admin/mail-outbox', { token: session.accessToken });
      expect(asApplicant.statusCode).toBe(403);
      expect(asApplicant.json().description).toEqual(expect.any(String));
      const admin = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026', '10.2.0.1')).json().data;
      expect(admin.user.role).toBe('admin');
      expect((await api.call('GET', '/admin/mail-outbox', { token: admin.accessToken })).statusCode).toBe(200);
      // The console's search (docs/console.md, "Mail outbox page"): part of the address or subject, any letter case, wildcards as plain characters.
      await t.sql.query(`INSERT INTO mail_outbox (to_address, subject, text_body) VALUES ('find.me_50%@example.com', 'Outbox search probe', 'x'), ('findXme_50x@example.com', 'Other', 'y')`);
      const found = async (search: string) =>
        (await api.call('GET', `/admin/mail-outbox?search=${encodeURIComponent(search)}&limit=100`, { token: admin.accessToken })).json().data.map((m: { to: string }) => m.to);
      expect(await found('ME_50%')).toEqual(['find.me_50%@example.com']);
      expect(await found('outbox SEARCH probe')).toEqual(['find.me_50%@example.com']);
    });

    it('serves the minimal profile of the caller', async () => {
      const { body, session } = await api.signUp();
      await t.sql.query(`UPDATE users SET profile = '{"country":"us","zipCode":"10001"}' WHERE id = $1`, [session.user.id]);
      const res = await api.call('GET', '/register-applicants/profile/minimal', { token: session.accessToken });
      expect(res.json().data).toEqual({
        id: session.user.id, firstName: body.firstName, lastName: body.lastName, email: body.email,
        country: 'us', zipcode: '10001', providerUserId: null, providerAddressId: null,
      });
      expect((await api.call('GET', '/register-applicants/profile/minimal')).statusCode).toBe(401);
    });

    it('has the demo provider and admin', async () => {
      expect((await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026', '10.2.0.2')).json().data.user.role).toBe('provider');
      expect((await api.login('student@demo.scholarmatch.test', 'DemoStudent#2026', '10.2.0.2')).json().data.user.role).toBe('applicant');
    });
  });
});
