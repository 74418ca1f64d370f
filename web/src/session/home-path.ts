import type { StoredUser } from './session-store';

/** Where a signed-in person's own area starts: the provider studio (docs/providers.md) or the applicant's dashboard. */
export type HomePath = '/app' | '/auth/dashboard';

/** A reviewer an organisation invited (docs/review.md, "Reviewers"): in the studio, without the owner's actions. */
export function isReviewer(user: Pick<StoredUser, 'role'> | null | undefined): boolean {
  return (user?.role as string | undefined) === 'reviewer';
}

/** Someone who works in the studio: a provider, or one of its reviewers (docs/review.md: "a reviewer goes to /app like a provider"). */
export function isProvider(user: Pick<StoredUser, 'role'> | null | undefined): boolean {
  return user?.role === 'provider' || isReviewer(user);
}

/** The scholarship's owner: only a provider (its reviewers get 403 `OWNER_ONLY` on the owner's actions). */
export function isOwner(user: Pick<StoredUser, 'role'> | null | undefined): boolean {
  return user?.role === 'provider';
}

export function homePathOf(user: Pick<StoredUser, 'role'>): HomePath {
  return isProvider(user) ? '/app' : '/auth/dashboard';
}
