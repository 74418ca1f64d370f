import { Injectable } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../common/error-body.js';
import { AppConfig } from '../config/app-config.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';

function hashOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const SESSION_ENDED = 'Your session has ended. Please log in again.';

/**
 * Refresh tokens: 256 random bits, stored only as a SHA-256 hash, valid REFRESH_TOKEN_TTL_DAYS,
 * and single use. Each use spends the token and issues the next one of the same family (one
 * family per sign-in). Presenting a spent token means it was copied: the whole family is revoked,
 * so neither the thief nor the victim keeps the session (RFC 9700, section 4.14.2).
 */
@Injectable()
export class RefreshTokens {
  constructor(
    private readonly tokens: RefreshTokensRepository,
    private readonly config: AppConfig,
  ) {}

  /** A new family (a new sign-in); returns the token to give the client. */
  issue(userId: string): Promise<string> {
    return this.insert(userId, randomUUID());
  }

  /** Spends `token` and returns its successor, or fails with 401 (revoking the family on replay). */
  async rotate(token: string): Promise<{ userId: string; token: string }> {
    const outcome = await this.tokens.transaction(async (tx) => {
      // The user's row is locked first (shared), and every revocation locks it exclusively: a
      // token issued here can never slip past a logout, password change or reset running at once.
      const owner = await this.tokens.ownerOf(tx, hashOf(token));
      if (!owner) return { failed: 'TOKEN_INVALID' as const };
      await this.tokens.lockOwnerShared(tx, owner);
      const row = await this.tokens.findForUpdate(tx, hashOf(token));
      if (!row || row.revoked_at || row.expired) return { failed: 'TOKEN_INVALID' as const };
      if (row.used_at) {
        await this.tokens.revokeFamily(tx, row.family_id);
        return { failed: 'TOKEN_REUSED' as const };
      }
      await this.tokens.markUsed(tx, row.id);
      return { userId: row.user_id, token: await this.insert(row.user_id, row.family_id, tx) };
    });
    // Thrown after the transaction so that a replay's revocation is committed.
    if ('failed' in outcome) throw new ApiError(401, SESSION_ENDED, { errorCode: outcome.failed });
    return outcome;
  }

  /** Ends the sign-in `token` belongs to (logout). Unknown tokens are ignored: logging out twice is fine. */
  revokeFamilyOf(token: string): Promise<void> {
    return this.tokens.revokeFamilyOfToken(hashOf(token));
  }

  /** Ends every sign-in of the user (password changed or reset). */
  revokeAllOf(userId: string): Promise<void> {
    return this.tokens.revokeAllOfUser(userId);
  }

  private async insert(userId: string, familyId: string, tx?: EntityManager): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.tokens.insert(userId, familyId, hashOf(token), this.config.REFRESH_TOKEN_TTL_DAYS, tx);
    return token;
  }
}
