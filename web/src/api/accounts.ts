import type { components } from '@scholarmatch/sdk/schema';
import { ApiError } from './api-error';
import { api } from './client';
import { refreshToken as storedRefreshToken, clearSession, saveSession, type StoredSession } from '../session/session-store';
import { queryClient } from '../ui/query-client';

export type SignUpBody = components['schemas']['SignUpDto'];
type Session = components['schemas']['SessionDto'];

/** Unwraps `{ data }` or throws the error body as an ApiError (its message is the description). */
function sessionOf(result: { data?: { data: Session }; error?: unknown; response: Response }): StoredSession {
  if (!result.data) throw new ApiError(result.error, result.response.status);
  return result.data.data as StoredSession;
}

/** The cached data of whoever is signed in: an applicant's (profile, scholarships) and a provider's studio (docs/providers.md). */
function forgetPersonalData(): void {
  queryClient.removeQueries({ queryKey: ['register-applicants'] });
  queryClient.removeQueries({ queryKey: ['studio'] });
  queryClient.removeQueries({ queryKey: ['review'] });
}

/**
 * Stores a new sign-in. Cached server data belongs to whoever was signed in before (a profile,
 * later scholarships): it is dropped, so the next person in this tab never sees or saves it.
 */
export function startSession(session: StoredSession): StoredSession {
  forgetPersonalData();
  saveSession(session);
  return session;
}

/** Signs up, stores the session under the original keys and returns it. */
export async function signUp(body: SignUpBody): Promise<StoredSession> {
  return startSession(sessionOf(await api.POST('/api/v1/register-applicants', { body })));
}

/** The login form's call is `logInWithPassword` (api/staff-totp.ts): it may answer a second-factor challenge instead of a session. */

export async function requestResetCode(email: string): Promise<void> {
  const { error, response } = await api.POST('/api/v1/register-applicants/forgot-password', { body: { email } });
  if (!response.ok) throw new ApiError(error, response.status);
}

export async function checkResetCode(email: string, otp: string): Promise<void> {
  const { error, response } = await api.POST('/api/v1/register-applicants/verify-otp', { body: { email, otp } });
  if (!response.ok) throw new ApiError(error, response.status);
}

export async function resetPassword(email: string, otp: string, newPassword: string): Promise<StoredSession> {
  return startSession(sessionOf(await api.POST('/api/v1/register-applicants/reset-password', { body: { email, otp, newPassword } })));
}

/** Changes the password; the server ends other sign-ins and returns a new session for this one. */
export async function changePassword(userId: string, lastPwd: string, password: string): Promise<StoredSession> {
  const result = await api.PUT('/api/v1/register-applicants/{id}/update-password', {
    params: { path: { id: userId } },
    body: { lastPwd, password },
  });
  const session = sessionOf(result);
  saveSession(session);
  return session;
}

/** Forgets the session here at once and asks the server to revoke it (a failure there changes nothing here). */
export async function logOut(): Promise<void> {
  const refreshToken = storedRefreshToken();
  clearSession();
  forgetPersonalData();
  if (refreshToken) await api.POST('/api/v1/users/auth/logout', { body: { refreshToken } }).catch(() => undefined);
}

/**
 * A provider's sign-up (docs/providers.md, "Accounts and the organisation"): the served
 * `provider-signup` form's answers as they are (`{ answers }`, keyed by field key); stores the session it answers.
 */
export async function providerSignUp(answers: Record<string, unknown>): Promise<StoredSession> {
  return startSession(sessionOf(await api.POST('/api/v1/users/provider-signup', { body: { answers } })));
}
