import { Injectable } from '@nestjs/common';
import { ApiError } from '../../common/error-body.js';
import { KeyRateLimit } from '../../common/key-rate-limit.js';
import { AppConfig } from '../../config/app-config.js';
import type { Caller } from '../auth.decorators.js';
import { type KeyScope, PERMISSIONS_BY_ROLE } from '../permissions.js';
import { RateLimitCountersRepository } from '../rate-limit-counters.repository.js';
import { SessionVersions } from '../session-versions.js';
import { ApiKeyGrants } from './api-key-grants.js';
import { secretHash } from './api-key-secrets.js';

/** Unknown, revoked, or its creator can no longer sign in: the same answer, so nothing is learnt by trying. */
const keyInvalid = () => new ApiError(401, 'This API key is not valid: it was revoked, or never existed.', { errorCode: 'KEY_INVALID' });

/** A key as the guard resolved it: who it acts as, and what it may do. */
export interface KeyCaller {
  caller: Caller;
  keyId: string;
  scopes: KeyScope[];
}

interface HeaderReply {
  header(name: string, value: string | number): unknown;
}

/**
 * Turns `Authorization: Bearer smk_…` into its caller (docs/api.md, "API keys"): the key's creator,
 * with the role the creator has now, limited to the key's scopes that role still holds, and to the
 * route's scope. Key and account state come from per-process caches that every replica's LISTEN
 * keeps current, so a revocation, a lock or a role change applies at once.
 */
@Injectable()
export class ApiKeyCallers {
  private readonly limit: KeyRateLimit;

  constructor(
    private readonly grants: ApiKeyGrants,
    private readonly versions: SessionVersions,
    counters: RateLimitCountersRepository,
    config: AppConfig,
  ) {
    this.limit = new KeyRateLimit(counters, config.API_KEY_RATE_LIMIT_PER_MINUTE);
  }

  /** The key's caller for a route needing `routeScope` (none: no key may call it). */
  async resolve(secret: string, routeScope: KeyScope | undefined, reply: HeaderReply): Promise<KeyCaller> {
    const grant = await this.grants.grantOf(secretHash(secret));
    if (!grant || grant.revoked) throw keyInvalid();
    if (grant.expiresAt && grant.expiresAt.getTime() <= Date.now()) {
      throw new ApiError(401, 'This API key has expired. Create a new one in the studio.', { errorCode: 'KEY_EXPIRED' });
    }
    const owner = await this.versions.current(grant.ownerId);
    if (!owner || owner.locked) throw keyInvalid();
    await this.limit.take(grant.id, reply);
    const held = PERMISSIONS_BY_ROLE[owner.role];
    const scopes = grant.scopes.filter((scope): scope is KeyScope => held.includes(scope as KeyScope));
    if (!routeScope) {
      throw new ApiError(403, 'This operation cannot be called with an API key: sign in as a person to use it.', { errorCode: 'KEY_SCOPE_MISSING' });
    }
    if (!scopes.includes(routeScope)) {
      throw new ApiError(403, `This API key does not have the ${routeScope} scope this operation needs. Create a key with it.`, { errorCode: 'KEY_SCOPE_MISSING' });
    }
    this.grants.used(grant);
    return { caller: { id: grant.ownerId, role: owner.role }, keyId: grant.id, scopes };
  }
}
