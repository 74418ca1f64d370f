import { ApiError } from './api-error';
import { api } from './client';
import type { components } from '@scholarmatch/sdk/schema';
import { startSession } from './accounts';
import type { StoredSession } from '../session/session-store';

export type TotpStatus = components['schemas']['TotpStatusDto'];
export type TotpEnrolment = components['schemas']['TotpEnrolmentDto'];

/** What the login's password step answers: a session, or a challenge to finish with a code (docs/staff-security.md, "Second factor"). */
export type LoginOutcome = { session: StoredSession } | { challenge: string };

function unwrap<T>(result: { data?: { data: T }; error?: unknown; response: Response }): T {
  if (!result.data) throw new ApiError(result.error, result.response.status);
  return result.data.data;
}

export async function logInWithPassword(userName: string, password: string): Promise<LoginOutcome> {
  const result = await api.POST('/api/v1/users/auth/login', { body: { userName, password, loginType: 'register_user' } });
  const data = unwrap<StoredSession | { mfaRequired: true; challenge: string }>(result);
  if ('mfaRequired' in data) return { challenge: data.challenge };
  return { session: startSession(data) };
}

/** The login's second step: the app's code, or a recovery code. */
export async function finishLogIn(challenge: string, answer: { code: string } | { recoveryCode: string }): Promise<StoredSession> {
  return startSession(unwrap(await api.POST('/api/v1/users/auth/login/totp', { body: { challenge, ...answer } })) as StoredSession);
}

export async function totpStatus(): Promise<TotpStatus> {
  return unwrap(await api.GET('/api/v1/users/me/totp'));
}

export async function startTotp(): Promise<TotpEnrolment> {
  return unwrap(await api.POST('/api/v1/users/me/totp'));
}

export async function confirmTotp(code: string): Promise<string[]> {
  return unwrap(await api.POST('/api/v1/users/me/totp/confirm', { body: { code } })).recoveryCodes;
}

/** Where a staff member goes after signing in: the security page while an admin must still turn the second factor on. */
export async function enrolmentPathFor(session: StoredSession): Promise<string | undefined> {
  if (session.access?.role !== 'admin') return undefined;
  const status = await totpStatus().catch(() => undefined);
  return status && status.required && !status.enabled ? '/admin/security' : undefined;
}

/** Turns the second factor off with a current code from the app (400 WRONG_CODE, 409 TOTP_REQUIRED for an admin who must keep it). */
export async function disableTotp(code: string): Promise<void> {
  const result = await api.DELETE('/api/v1/users/me/totp', { body: { code } });
  if (result.error !== undefined || !result.response.ok) throw new ApiError(result.error, result.response.status);
}
