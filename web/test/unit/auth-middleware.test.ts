import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { authMiddleware, endSession, isPublicPath } from '../../src/session/auth-middleware';
import { accessToken, clearSession, currentUser, refreshToken, saveSession, type StoredUser } from '../../src/session/session-store';

const USER: StoredUser = {
  id: 'u1', firstName: 'Maya', lastName: 'Lopez', email: 'maya@example.com', phone: null, dob: null, role: 'applicant',
  applicantType: 'STUDENT', isProfileUpdate: false, isScholarshipApplied: false, isActiveSubscription: false,
};

/** An unsigned token whose `exp` is `secondsFromNow` away (the browser only reads it). */
function tokenExpiringIn(secondsFromNow: number): string {
  const claims = btoa(JSON.stringify({ sub: 'u1', exp: Math.floor(Date.now() / 1000) + secondsFromNow }));
  return `e30.${claims.replace(/=+$/, '')}.sig`;
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

type Hooks = Required<Pick<typeof authMiddleware, 'onRequest' | 'onResponse'>>;
const hooks = authMiddleware as Hooks;
const context = (request: Request) => ({ request, schemaPath: '', params: {}, id: 'x', options: {} }) as unknown as Parameters<Hooks['onRequest']>[0];

describe('the API client session handling', () => {
  const realFetch = globalThis.fetch;
  let fetchMock: Mock<typeof fetch>;

  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
    saveSession({ user: USER, accessToken: tokenExpiringIn(600), refreshToken: 'refresh-1' });
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
    clearSession();
  });

  it('stores the session under the seed keys, and logout clears every one of them', () => {
    expect(localStorage.getItem('userInfo')).toContain('Maya');
    expect(localStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(localStorage.getItem('isActiveSubscription')).toBe('false');
    localStorage.setItem('formData', '{}');
    clearSession();
    for (const key of ['userInfo', 'token', 'refresh_token', 'isActiveSubscription', 'formData']) expect(localStorage.getItem(key)).toBeNull();
    expect(currentUser()).toBeNull();
  });

  it('sends the access token, renewing it first when it is about to expire, with one refresh for many calls', async () => {
    saveSession({ user: USER, accessToken: tokenExpiringIn(10), refreshToken: 'refresh-1' });
    fetchMock.mockResolvedValue(json(200, { data: { accessToken: 'fresh-access', refreshToken: 'refresh-2' } }));
    const [a, b] = await Promise.all([
      hooks.onRequest(context(new Request('http://x/api/v1/users/me'))),
      hooks.onRequest(context(new Request('http://x/api/v1/register-applicants/profile/minimal'))),
    ]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect((a as Request).headers.get('authorization')).toBe('Bearer fresh-access');
    expect((b as Request).headers.get('authorization')).toBe('Bearer fresh-access');
    expect(refreshToken()).toBe('refresh-2');
  });

  it('retries a 401 once with a renewed token', async () => {
    const request = (await hooks.onRequest(context(new Request('http://x/api/v1/users/me')))) as Request;
    fetchMock
      .mockResolvedValueOnce(json(200, { data: { accessToken: 'renewed', refreshToken: 'refresh-2' } }))
      .mockResolvedValueOnce(json(200, { data: { id: 'u1' } }));
    const response = await hooks.onResponse({ ...context(request), response: json(401, {}) } as never);
    expect((response as Response).status).toBe(200);
    expect(((fetchMock.mock.calls[1][0]) as Request).headers.get('authorization')).toBe('Bearer renewed');
    expect(accessToken()).toBe('renewed');
  });

  it('ends the session when the refresh fails, but never for a login answer', async () => {
    const login = (await hooks.onRequest(context(new Request('http://x/api/v1/users/auth/login', { method: 'POST' })))) as Request;
    await hooks.onResponse({ ...context(login), response: json(401, {}) } as never);
    expect(currentUser()).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();

    const me = (await hooks.onRequest(context(new Request('http://x/api/v1/users/me')))) as Request;
    fetchMock.mockResolvedValue(json(401, { description: 'Your session has ended. Please log in again.' }));
    const response = await hooks.onResponse({ ...context(me), response: json(401, {}) } as never);
    expect((response as Response).status).toBe(401);
    expect(currentUser()).toBeNull();
  });

  it("keeps the session on a 403: it means 'not allowed', not 'not signed in'", async () => {
    const request = (await hooks.onRequest(context(new Request('http://x/api/v1/register-applicants/other/update-password')))) as Request;
    const response = await hooks.onResponse({ ...context(request), response: json(403, { errorCode: 'NOT_OWNER' }) } as never);
    expect((response as Response).status).toBe(403);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(currentUser()).not.toBeNull();
  });

  it("uses the tokens another tab renewed instead of spending the refresh token twice", async () => {
    const { refreshAccessToken } = await import('../../src/session/auth-middleware');
    const outdated = accessToken();
    saveSession({ user: USER, accessToken: tokenExpiringIn(600) + 'x', refreshToken: 'refresh-from-other-tab' });
    expect(await refreshAccessToken(outdated)).toBe(accessToken());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a person to the login page only from a private page', () => {
    const assign = vi.fn();
    saveSession({ user: USER, accessToken: 'a', refreshToken: 'r' });
    endSession({ pathname: '/faq', assign });
    expect(assign).not.toHaveBeenCalled();
    endSession({ pathname: '/auth/dashboard/setting', assign });
    expect(assign).toHaveBeenCalledWith('/auth/login');
    expect(isPublicPath('/signup')).toBe(true);
    expect(isPublicPath('/auth/dashboard')).toBe(false);
  });
});
