import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { ALLOWED_ROLES, IS_PUBLIC, KEY_SCOPE } from '../common/route-access.js';
import type { KeyScope as Scope } from './permissions.js';
import type { Role } from '../users/user.entity.js';

export { ALLOWED_ROLES, IS_PUBLIC, KEY_SCOPE };
export const SIGNED_IN_OPTIONAL = 'auth:optional';
export const DURING_ENROLMENT = 'auth:during-enrolment';

/** Reachable without a token. Every other route needs a valid access token (default deny). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/**
 * Reachable without a token, and a token when sent must be valid: the caller is known then
 * (`@CurrentUser()` is undefined otherwise). For a route that serves visitors and signed-in people
 * differently (the support and contact forms).
 */
export const SignedInOptional = () => SetMetadata(SIGNED_IN_OPTIONAL, true);

/** Reachable by an admin who must still turn on the second factor (docs/staff-security.md, "Second factor"). */
export const DuringEnrolment = () => SetMetadata(DURING_ENROLMENT, true);

/** Only these roles may call the route; others get 403. */
export const Roles = (...roles: Role[]) => SetMetadata(ALLOWED_ROLES, roles);

/**
 * An API key holding `scope` may call the route, as the key's creator would (docs/api.md, "API
 * keys"). A route without it refuses every key (403 KEY_SCOPE_MISSING); roles still apply.
 */
export const KeyScope = (scope: Scope) => SetMetadata(KEY_SCOPE, scope);

/** Who is calling, from the verified access token. */
export interface Caller {
  id: string;
  role: Role;
}

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  return context.switchToHttp().getRequest<{ caller: Caller }>().caller;
});
