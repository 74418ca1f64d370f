import { refreshAccessToken } from './auth-middleware';
import { accessToken, lacksAccess } from './session-store';

/**
 * A session the app stored before it kept `access` (user_access) gets it from one refresh, whose
 * answer carries it: the person stays signed in across the deploy, and the menus and guards read
 * permissions from then on. Runs before every route (root-route.tsx); a no-op once access is stored.
 * When the refresh fails the person has no permissions here until the next one: the pages' own
 * calls end a session the server no longer knows (auth-middleware.ts).
 */
export async function ensureAccess(): Promise<void> {
  if (!lacksAccess()) return;
  // The current token passed as outdated: a renewal is made even when that token is still fresh.
  await refreshAccessToken(accessToken());
}
