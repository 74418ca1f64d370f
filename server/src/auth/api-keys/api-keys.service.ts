import { Injectable } from '@nestjs/common';
import type { Caller } from '../auth.decorators.js';
import { ApiError } from '../../common/error-body.js';
import { type KeyScope, PERMISSIONS_BY_ROLE } from '../permissions.js';
import { ApiKeyGrants } from './api-key-grants.js';
import { lastFour, newSecret, secretHash } from './api-key-secrets.js';
import { type ApiKeyRow, ApiKeysRepository } from './api-keys.repository.js';
import type { ApiKeyDto, CreatedApiKeyDto } from './dto/api-key.dto.js';

/** Live keys one owner may hold: enough to roll each integration's key, few enough to review. */
export const MAX_KEYS_PER_OWNER = 25;

/** An owner's API keys: made, listed and revoked (docs/api.md, "API keys"). */
@Injectable()
export class ApiKeysService {
  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly grants: ApiKeyGrants,
  ) {}

  async list(caller: Caller): Promise<ApiKeyDto[]> {
    return (await this.keys.listOf(caller.id)).map(keyOf);
  }

  /** A new key whose scopes the caller holds itself; the secret is in this answer only. */
  async create(caller: Caller, input: { name: string; scopes: KeyScope[]; expiresAt?: string }): Promise<CreatedApiKeyDto> {
    const held = PERMISSIONS_BY_ROLE[caller.role];
    const beyond = input.scopes.filter((scope) => !held.includes(scope));
    if (beyond.length) {
      throw new ApiError(403, `You cannot give a key a permission you do not have yourself: ${beyond.join(', ')}.`, { errorCode: 'SCOPE_NOT_HELD' });
    }
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= Date.now()) {
      throw new ApiError(400, 'The expiry must be in the future.', { errorCode: 'EXPIRY_IN_PAST', errors: [{ path: 'expiresAt', message: 'The expiry must be in the future.' }] });
    }
    if ((await this.keys.listOf(caller.id)).length >= MAX_KEYS_PER_OWNER) {
      throw new ApiError(409, `You already have ${MAX_KEYS_PER_OWNER} API keys. Revoke one you no longer use first.`, { errorCode: 'TOO_MANY_KEYS' });
    }
    const secret = newSecret();
    const row = await this.keys.create({ ownerId: caller.id, name: input.name.trim(), scopes: input.scopes, secretHash: secretHash(secret), last4: lastFour(secret), expiresAt });
    return { ...keyOf(row), secret };
  }

  /** Revokes the caller's key: refused everywhere from the next request on. */
  async revoke(caller: Caller, id: string): Promise<{ revoked: true }> {
    if (!(await this.grants.revoke(caller.id, id))) throw new ApiError(404, 'No such API key.', { errorCode: 'KEY_NOT_FOUND' });
    return { revoked: true };
  }
}

function keyOf(row: ApiKeyRow): ApiKeyDto {
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as KeyScope[],
    last4: row.last4,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
  };
}

/** What an idempotent replay of a create keeps and answers: the key, without its secret. */
export function withoutSecret(answer: unknown): unknown {
  const { data, statusCode } = answer as { statusCode: number; data: CreatedApiKeyDto };
  const { secret: _secret, ...key } = data;
  return {
    statusCode,
    message: 'This API key was already created by an earlier request with this Idempotency-Key. Its secret was shown once, in that answer, and is not shown again: if it was lost, revoke the key and create another.',
    data: key,
  };
}
