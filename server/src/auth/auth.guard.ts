import { type CanActivate, type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../common/error-body.js';
import type { Role } from '../users/user.entity.js';
import { AccessTokens, notSignedIn, sessionEnded } from './access-tokens.js';
import { ApiKeyCallers, type KeyCaller } from './api-keys/api-key-callers.js';
import { isApiKey } from './api-keys/api-key-secrets.js';
import { ALLOWED_ROLES, type Caller, DURING_ENROLMENT, IS_PUBLIC, KEY_SCOPE, SIGNED_IN_OPTIONAL } from './auth.decorators.js';
import type { KeyScope } from './permissions.js';
import { SessionVersions } from './session-versions.js';
import { noteUser } from '../telemetry/request-context.js';

/**
 * Global guard: a route is public only when marked @Public(); every other one needs a valid
 * bearer access token (401 otherwise), and a role listed by @Roles() if it names any (403). A
 * @SignedInOptional() route takes no token at all, or a valid one. A token whose session version
 * is not the account's current one (its sessions were ended, it was locked or its role changed)
 * is refused with 401 SESSION_ENDED; the version comes from a per-process cache that every
 * replica's LISTEN keeps current (docs/staff-security.md, "Session control"). An admin who must still turn on
 * the second factor holds a token that reaches only the @DuringEnrolment() routes (403
 * SECOND_FACTOR_ENROLMENT_REQUIRED elsewhere; docs/staff-security.md, "Second factor"). A bearer
 * `smk_…` is an API key: it acts as its creator on the routes whose @KeyScope() it holds
 * (ApiKeyCallers; docs/api.md, "API keys"), and the request carries its `apiKey`.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: AccessTokens,
    private readonly versions: SessionVersions,
    private readonly keys: ApiKeyCallers,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;

    const request = context.switchToHttp().getRequest<FastifyRequest & { caller?: Caller; apiKey?: Omit<KeyCaller, 'caller'> }>();
    const [scheme, token] = (request.headers.authorization ?? '').split(' ');
    if (!request.headers.authorization && this.reflector.getAllAndOverride<boolean>(SIGNED_IN_OPTIONAL, targets)) return true;
    if (scheme?.toLowerCase() !== 'bearer' || !token) {
      throw new ApiError(401, 'Please log in to continue.', { errorCode: 'TOKEN_MISSING' });
    }
    if (isApiKey(token)) {
      const scope = this.reflector.getAllAndOverride<KeyScope | undefined>(KEY_SCOPE, targets);
      const { caller, ...key } = await this.keys.resolve(token, scope, context.switchToHttp().getResponse<FastifyReply>());
      request.caller = caller;
      request.apiKey = key;
    } else {
      request.caller = await this.sessionCaller(token, targets);
    }
    // Every later log line of this request names who it acts for.
    noteUser(request.caller.id);

    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ALLOWED_ROLES, targets);
    if (roles?.length && !roles.includes(request.caller.role)) {
      throw new ApiError(403, 'You do not have access to this.', { errorCode: 'FORBIDDEN_ROLE' });
    }
    return true;
  }

  /** The person holding a session's access token. */
  private async sessionCaller(token: string, targets: Parameters<Reflector['getAllAndOverride']>[1]): Promise<Caller> {
    const { caller, sessionVersion, enrolmentOnly } = await this.tokens.verify(token);
    const current = await this.versions.current(caller.id);
    if (!current) throw notSignedIn();
    if (current.locked || current.version !== sessionVersion) throw sessionEnded();
    if (enrolmentOnly && !this.reflector.getAllAndOverride<boolean>(DURING_ENROLMENT, targets)) {
      throw new ApiError(403, 'Turn on two-step verification to continue.', { errorCode: 'SECOND_FACTOR_ENROLMENT_REQUIRED' });
    }
    return caller;
  }
}
