import type { StoredUser } from './session-store';

/** Where a signed-in person's own area starts: the provider studio (docs/providers.md) or the applicant's dashboard. */
export type HomePath = '/app' | '/auth/dashboard';

export function isProvider(user: Pick<StoredUser, 'role'> | null | undefined): boolean {
  return user?.role === 'provider';
}

export function homePathOf(user: Pick<StoredUser, 'role'>): HomePath {
  return isProvider(user) ? '/app' : '/auth/dashboard';
}
