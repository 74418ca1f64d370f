import { queryOptions } from '@tanstack/react-query';
import { ApiError, dataOf } from './api-error';
import { startSession } from './accounts';
import { api } from './client';
import type { StoredSession } from '../session/session-store';

/** Which social sign-ins the server offers (docs/chat.md, "Social sign-in"); none when it cannot say. */
export const socialProvidersQueryOptions = queryOptions({
  queryKey: ['social-providers'],
  queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/users/auth/social-providers', { signal })),
  staleTime: 10 * 60_000,
  retry: false,
});

/** Where this tab keeps the binding of the Google sign-in it started (docs/chat.md, "Social sign-in"). */
const BINDING_KEY = 'googleSignInBinding';

/**
 * Starts a Google sign-in: keeps the server's binding in this tab (only this browser can finish
 * the sign-in) and answers the address of Google's page.
 */
export async function googleSignInUrl(): Promise<string> {
  const { url, binding } = dataOf(await api.GET('/api/v1/users/auth/google'));
  sessionStorage.setItem(BINDING_KEY, binding);
  return url;
}

/** Finishes a Google sign-in with what Google sent the browser back with, and this tab's binding; stores the session. */
export async function finishGoogleSignIn(code: string, state: string): Promise<{ session: StoredSession; isNewUser: boolean }> {
  const binding = sessionStorage.getItem(BINDING_KEY) ?? '';
  sessionStorage.removeItem(BINDING_KEY);
  const { data, error, response } = await api.POST('/api/v1/users/auth/user-google', { body: { code, state, binding } });
  if (!data) throw new ApiError(error, response.status);
  const { isNewUser, ...session } = data.data;
  return { session: startSession(session as StoredSession), isNewUser };
}
