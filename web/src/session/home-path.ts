import { can, type Access, type Permission } from './session-store';

/** Where a signed-in person's own area starts: the provider studio (docs/providers.md) or the applicant's dashboard. */
export type HomePath = '/app' | '/auth/dashboard';

/**
 * Someone who works in the studio: a provider, or one of its reviewers (docs/review.md: "a
 * reviewer goes to /app like a provider"), told by what they may do, not by the role's name.
 */
export function worksInStudio(access: Access): boolean {
  return can('review_applicants', access) || can('manage_scholarships', access);
}

/** Staff: an admin or a support account, whose sign-in lands in the staff console (docs/console.md). */
export function worksInConsole(access: Access): boolean {
  return access.role === 'admin' || access.role === 'support';
}

/** Where the person's own area starts; without any permission (a session not known yet), the dashboard. */
export function homePathOf(access: Access): HomePath {
  return worksInStudio(access) ? '/app' : '/auth/dashboard';
}

/**
 * The permission a page needs, for the route guards (app/*-routes.tsx): the permission of the
 * menu entry that leads there, else the first rule that matches. A frame's home needs none, so a
 * guard that sends someone home never sends them round in a circle.
 */
export function permissionOfPage(pathname: string, rules: readonly (readonly [RegExp, Permission])[]): Permission | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return rules.find(([pattern]) => pattern.test(path))?.[1];
}
