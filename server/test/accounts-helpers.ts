import type { TestApp } from './test-app.js';

/** A date of birth that makes someone `years` old today (the first of this month, `years` ago). */
export function dobYearsAgo(years: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), 1)).toISOString().slice(0, 10);
}

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

  let counter = 0;
  const newApplicant = (overrides: Record<string, unknown> = {}) => ({
    firstName: 'Maya',
    lastName: 'Lopez',
    email: `maya.${Date.now()}.${++counter}@example.com`,
    phone: '+12025550143',
    password: 'correct horse battery',
    applicantType: 'STUDENT',
    isProfileUpdate: 'false',
    isScholarshipApplied: 'false',
    ...overrides,
  });

  /** Signs up a fresh applicant; returns the body sent and the session answered. */
  const signUp = async (overrides: Record<string, unknown> = {}, ip = `10.1.${counter % 250}.${(counter * 7) % 250}`) => {
    const body = newApplicant(overrides);
    const res = await call('POST', '/register-applicants', { body, ip });
    if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
    return { body, session: res.json().data as { user: { id: string; email: string }; accessToken: string; refreshToken: string } };
  };

  const login = (userName: string, password: string, ip = '10.0.0.1') =>
    call('POST', '/users/auth/login', { body: { userName, password, loginType: 'register_user' }, ip });

  return { call, signUp, login, newApplicant };
}
