import { applicantSignUp, type ApiCall } from '@scholarmatch/testkit';
import type { TestApp } from './test-app.js';

export { dobYearsAgo } from '@scholarmatch/testkit';

/** HTTP helpers for the account specs: JSON calls from a chosen client IP, to a path under /api/v1. */
export function accountClient(t: TestApp) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, options: { body?: unknown; token?: string; ip?: string; raw?: string } = {}) =>
    t.app.inject({
      method,
      // Under /api/v1, unless an address outside it is given whole (the original chat addresses).
      url: url.startsWith('/api/') ? url : `/api/v1${url}`,
      remoteAddress: options.ip ?? '10.0.0.1',
      headers: {
        ...(options.body !== undefined || options.raw !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.raw !== undefined ? { payload: options.raw } : options.body !== undefined ? { payload: JSON.stringify(options.body) } : {}),
    });

  /** The same calls as the test kit's builders take them (docs/testing.md, "Building data"). */
  const kit: ApiCall = async (method, url, options = {}) => {
    const res = await call(method as 'GET', url, options);
    let body: unknown = res.body;
    try {
      body = res.json();
    } catch {
      /* not JSON: kept as text */
    }
    return { status: res.statusCode, body };
  };

  let counter = 0;
  const newApplicant = (overrides: Record<string, unknown> = {}) => applicantSignUp({ email: `maya.${Date.now()}.${++counter}@example.com`, ...overrides });

  /** Signs up a fresh applicant; returns the body sent and the session answered. */
  const signUp = async (overrides: Record<string, unknown> = {}, ip = `10.1.${counter % 250}.${(counter * 7) % 250}`) => {
    const body = newApplicant(overrides);
    const res = await call('POST', '/register-applicants', { body, ip });
    if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
    return { body, session: res.json().data as { user: { id: string; email: string }; accessToken: string; refreshToken: string } };
  };

  /** A fresh applicant, signed in: id, token and e-mail. */
  const person = async (overrides: Record<string, unknown> = {}) => {
    const { session } = await signUp(overrides);
    return { id: session.user.id, token: session.accessToken, email: session.user.email };
  };

  const login = (userName: string, password: string, ip = '10.0.0.1') =>
    call('POST', '/users/auth/login', { body: { userName, password, loginType: 'register_user' }, ip });

  /**
   * A second provider beside the demo one (DEMO_DATA), with the demo provider's password, signed
   * in: its access token. For the checks that one provider cannot reach another's data.
   */
  const otherProvider = async (email = 'other.provider@example.com') => {
    await t.sql.query(
      `INSERT INTO users (email, password_hash, role, first_name, last_name)
       SELECT $1, password_hash, 'provider', 'Other', 'Foundation' FROM users WHERE email = 'provider@demo.scholarmatch.test'`,
      [email],
    );
    return (await login(email, 'DemoProvider#2026')).json().data.accessToken as string;
  };

  return { call, kit, signUp, person, login, newApplicant, otherProvider };
}
