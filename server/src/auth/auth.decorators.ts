import { createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Role } from '../users/user.entity.js';

export const IS_PUBLIC = 'auth:public';
export const ALLOWED_ROLES = 'auth:roles';

/** Reachable without a token. Every other route needs a valid access token (default deny). */
export const Public = () => SetMetadata(IS_PUBLIC, true);

/** Only these roles may call the route; others get 403. */
export const Roles = (...roles: Role[]) => SetMetadata(ALLOWED_ROLES, roles);

/** Who is calling, from the verified access token. */
export interface Caller {
  id: string;
  role: Role;
}

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): Caller => {
  return context.switchToHttp().getRequest<{ caller: Caller }>().caller;
});
