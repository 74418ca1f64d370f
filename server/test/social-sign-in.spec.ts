import { accountClient } from './accounts-helpers.js';
import { FakeOidcIssuer } from './fake-oidc-issuer.js';
import { startTestApp, type TestApp } from './test-app.js';

/** Google sign-in through OpenID Connect (docs/chat.md, "Social sign-in"), against a loopback provider. */
describe('Google sign-in', () => {
  let issuer: FakeOidcIssuer;
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  beforeAll(async () => {
    issuer = await FakeOidcIssuer.start();
    t = await startTestApp({
      AUTH_RATE_LIMIT_PER_MINUTE: 1000,
      GOOGLE_CLIENT_ID: issuer.clientId,
      GOOGLE_CLIENT_SECRET: issuer.clientSecret,
      GOOGLE_ISSUER: issuer.url,
      PUBLIC_URL: 'http://app.example.test',
    });
    api = accountClient(t);
  });
  afterAll(async () => {
    await t?.close();
    await issuer?.close();
  });

  /** What a browser does: start (keeping the binding), follow Google's page (which signs the person in), and come back with the code. */
  async function signInThroughGoogle(): Promise<{ code: string; state: string; binding: string }> {
    const started = await api.call('GET', '/users/auth/google');
    expect(started.statusCode).toBe(200);
    const page = await fetch(started.json().data.url, { redirect: 'manual' });
    expect(page.status).toBe(302);
    const back = new URL(page.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe('http://app.example.test/auth/google/callback');
    return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, binding: started.json().data.binding };
  }

  const finish = (callback: { code: string; state: string; binding: string }) => api.call('POST', '/users/auth/user-google', { body: callback, ip: '10.40.0.1' });

  it('says it is offered, and sends the browser to the provider with PKCE, a state and a nonce', async () => {
    expect((await api.call('GET', '/users/auth/social-providers')).json().data).toEqual({ google: true });
    await signInThroughGoogle();
    const request = issuer.authorizations.at(-1)!;
    expect(request.get('code_challenge_method')).toBe('S256');
    expect(request.get('scope')).toBe('openid email profile');
    expect(request.get('state')!.length).toBeGreaterThan(20);
    expect(request.get('nonce')!.length).toBeGreaterThan(20);
  });

  it('makes a new applicant the first time, who continues to the registration step; the same account the next time', async () => {
    issuer.person = { sub: 'google-new-1', email: `g.${Date.now()}@example.com`, email_verified: true, given_name: 'Grace', family_name: 'Hopper' };
    const first = await finish(await signInThroughGoogle());
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toMatchObject({ isNewUser: true, user: { email: issuer.person.email, firstName: 'Grace', lastName: 'Hopper', role: 'applicant', isProfileUpdate: false } });
    expect(first.json().data.accessToken.split('.')).toHaveLength(3);
    // The original access comes with this sign-in as with every other (server/test/access.spec.ts).
    expect(first.json().data.access).toEqual({ role: 'applicant', permissions: expect.arrayContaining(['apply_scholarship', 'read_inbox']) });
    const again = await finish(await signInThroughGoogle());
    expect(again.json().data).toMatchObject({ isNewUser: false, user: { id: first.json().data.user.id } });
    const rows = (await t.sql.query(`SELECT provider, subject FROM user_identities WHERE user_id = $1`, [first.json().data.user.id])).rows;
    expect(rows).toEqual([{ provider: 'google', subject: 'google-new-1' }]);
  });

  it("opens an existing account only when Google vouches its owner has the address, and ends that account's password and sign-ins", async () => {
    // Someone signed up with this address (sign-up does not prove it), and keeps a password and a session.
    const { body, session } = await api.signUp();
    issuer.person = { sub: 'google-unverified', email: body.email as string, email_verified: false, given_name: 'M', family_name: 'L' };
    expect((await finish(await signInThroughGoogle())).json().errorCode).toBe('GOOGLE_EMAIL_UNVERIFIED');
    // Verified once, but neither a Gmail nor a Workspace address: not enough to open the account.
    issuer.person = { sub: 'google-verified-only', email: body.email as string, email_verified: true, given_name: 'M', family_name: 'L' };
    const notTrusted = await finish(await signInThroughGoogle());
    expect(notTrusted.statusCode).toBe(409);
    expect(notTrusted.json().errorCode).toBe('GOOGLE_EMAIL_NOT_TRUSTED');

    issuer.person = { sub: 'google-existing', email: (body.email as string).toUpperCase(), email_verified: true, given_name: 'Maya', family_name: 'Lopez', hd: 'example.com' };
    const linked = await finish(await signInThroughGoogle());
    expect(linked.statusCode).toBe(201);
    expect(linked.json().data).toMatchObject({ isNewUser: false, user: { id: session.user.id } });
    // The password and the sign-in made before no longer work.
    expect((await api.login(body.email as string, body.password as string, '10.40.0.2')).json().errorCode).toBe('WRONG_PASSWORD');
    expect((await api.call('POST', '/users/auth/refresh', { body: { refreshToken: session.refreshToken } })).statusCode).toBe(401);
    // The next time, the identity is known: nothing more ends.
    const again = await finish(await signInThroughGoogle());
    expect((await api.call('POST', '/users/auth/refresh', { body: { refreshToken: linked.json().data.refreshToken } })).statusCode).toBe(200);
    expect(again.json().data.user.id).toBe(session.user.id);
  });

  it("answers 'Error in Google Login' for a used, unknown or forged callback", async () => {
    issuer.person = { sub: 'google-replay', email: `r.${Date.now()}@example.com`, email_verified: true, given_name: 'R', family_name: 'P' };
    const callback = await signInThroughGoogle();
    expect((await finish(callback)).statusCode).toBe(201);
    const replay = await finish(callback);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ errorCode: 'GOOGLE_LOGIN_FAILED', description: 'Error in Google Login' });
    expect((await finish({ code: 'made-up', state: 'made-up', binding: 'made-up' })).json().errorCode).toBe('GOOGLE_LOGIN_FAILED');
    const other = await signInThroughGoogle();
    expect((await finish({ ...other, code: 'not-the-code' })).json().description).toBe('Error in Google Login');
    // Login CSRF: a callback someone else started, sent from another browser (without its binding), is refused.
    const attackers = await signInThroughGoogle();
    expect((await finish({ ...attackers, binding: 'the-victims-browser-has-another' })).json().errorCode).toBe('GOOGLE_LOGIN_FAILED');
    expect((await finish({ code: '', state: '', binding: '' })).statusCode).toBe(400);
  });
});

describe('Google sign-in, not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({});
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is not offered, and its routes answer 404', async () => {
    const api = accountClient(t);
    expect((await api.call('GET', '/users/auth/social-providers')).json().data).toEqual({ google: false });
    expect((await api.call('GET', '/users/auth/google')).statusCode).toBe(404);
    const finish = await api.call('POST', '/users/auth/user-google', { body: { code: 'c', state: 's', binding: 'b' } });
    expect(finish.statusCode).toBe(404);
    expect(finish.json().errorCode).toBe('SOCIAL_SIGN_IN_OFF');
  });
});
