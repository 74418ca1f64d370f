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

/** The address of Google's sign-in page for a sign-in this server has just started. */
export async function googleSignInUrl(): Promise<string> {
  return dataOf(await api.GET('/api/v1/users/auth/google')).url;
}

/** Finishes a Google sign-in with what Google sent the browser back with; stores the session. */
export async function finishGoogleSignIn(code: string, state: string): Promise<{ session: StoredSession; isNewUser: boolean }> {
  const { data, error, response } = await api.POST('/api/v1/users/auth/user-google', { body: { code, state } });
  if (!data) throw new ApiError(error, response.status);
  const { isNewUser, ...session } = data.data;
  return { session: startSession(session as StoredSession), isNewUser };
}
