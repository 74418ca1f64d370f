import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Caller } from '../auth/auth.decorators.js';
import type { AuditActor } from './audit-entry.js';

/**
 * The staff member calling, as the audit log names them: id and role from the verified access
 * token, and the client's address (the proxy's forwarded one when TRUST_PROXY is set).
 */
export const Actor = createParamDecorator((_data: unknown, context: ExecutionContext): AuditActor => {
  const request = context.switchToHttp().getRequest<{ caller: Caller; ip?: string }>();
  return { id: request.caller.id, role: request.caller.role, ip: request.ip ?? null };
});
