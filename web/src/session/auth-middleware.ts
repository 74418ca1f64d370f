import type { Middleware } from 'openapi-fetch';
import type { components } from '@scholarmatch/sdk/schema';
import { fetchWithTimeout } from '../api/request-timeout';
import { accessToken, clearSession, refreshToken, saveTokens } from './session-store';

/** Calls whose 401/403 is an answer to show, not a lost session (as in the original product). */
const ANSWERS_NOT_SESSIONS = [
  '/api/v1/users/auth/login',
  '/api/v1/users/auth/refresh',
  '/api/v1/users/auth/logout',
  '/api/v1/register-applicants/forgot-password',
  '/api/v1/register-applicants/verify-otp',
  '/api/v1/register-applicants/reset-password',
];

/** Pages anyone may see (as in the original product): losing a session there does not move the visitor. */
const PUBLIC_PATHS = [
  '/', '/home', '/b2b', '/auth', '/auth/', '/auth/login', '/auth/register', '/auth/register1', '/signup', '/auth/register3',
  '/auth/apply', '/privacy', '/terms', '/faq', '/contact', '/partners', '/pricing', '/about-us', '/lennyAssistance',
  '/chatbot', '/forgot-password',
];

export const LOGIN_PATH = '/auth/login';

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname) || pathname.startsWith('/forms/');
}

/** Seconds until the access token expires (from its `exp` claim); -1 when unreadable. */
function secondsLeft(token: string): number {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof payload.exp === 'number' ? payload.exp - Date.now() / 1000 : -1;
  } catch {
    return -1;
  }
}

let refreshing: Promise<string | null> | null = null;

/** Runs `task` while holding a lock shared by every tab of this site (where the browser has Web Locks). */
function acrossTabs<T>(task: () => Promise<T>): Promise<T> {
  const locks = globalThis.navigator?.locks;
  return locks ? locks.request('scholarmatch-token-refresh', task) : task();
}

/**
 * Exchanges the refresh token once, however many calls (and tabs) ask at the same moment: it is
 * single use, and presenting it twice would make the server revoke the whole sign-in. A tab that
 * waited for the lock first looks whether another tab has renewed the tokens meanwhile.
 * `outdated` is the access token the caller found too old.
 */
export function refreshAccessToken(outdated: string | null = accessToken()): Promise<string | null> {
  refreshing ??= acrossTabs(async () => {
    const current = accessToken();
    if (current && current !== outdated && secondsLeft(current) >= 30) return current;
    const token = refreshToken();
    if (!token) return null;
    try {
      const response = await fetchWithTimeout('/api/v1/users/auth/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken: token }),
      });
      if (!response.ok) return null;
      const { data } = (await response.json()) as { data: components['schemas']['RenewedSessionDto'] };
      // Logged out (or someone else logged in) while this was under way: these tokens are nobody's now.
      if (refreshToken() !== token) return null;
      saveTokens(data);
      return data.accessToken;
    } catch {
      return null;
    }
  }).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** The session is gone: forget it, and send the person to log in unless the page is public. */
export function endSession(location: Pick<Location, 'pathname' | 'assign'> = globalThis.location): void {
  clearSession();
  if (!isPublicPath(location.pathname)) location.assign(LOGIN_PATH);
}

/** Copies of the requests sent with a token, to send once more after a refresh. */
const retryable = new WeakMap<Request, Request>();

/**
 * Sends the access token with every call, renewing it first when it is about to expire; a 401 is
 * retried once with a renewed token, and only then ends the session (as in the original product).
 */
export const authMiddleware: Middleware = {
  async onRequest({ request }) {
    let token = accessToken();
    if (!token) return request;
    if (secondsLeft(token) < 30) token = (await refreshAccessToken(token)) ?? token;
    request.headers.set('authorization', `Bearer ${token}`);
    if (!ANSWERS_NOT_SESSIONS.some((path) => request.url.includes(path))) retryable.set(request, request.clone());
    return request;
  },
  async onResponse({ request, response }) {
    // Only 401 means "not signed in": a 403 is this server's "not allowed" (another person's data,
    // an admin page) and keeps the session (docs/decisions.md).
    if (response.status !== 401) return response;
    const copy = retryable.get(request);
    if (!copy) return response;
    const renewed = await refreshAccessToken(copy.headers.get('authorization')?.replace(/^Bearer /, '') ?? null);
    if (renewed) {
      copy.headers.set('authorization', `Bearer ${renewed}`);
      const again = await fetchWithTimeout(copy);
      if (again.status !== 401) return again;
    }
    endSession();
    return response;
  },
};
