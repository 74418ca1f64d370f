import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ApiError } from '../common/error-body.js';
import { AppConfig } from '../config/app-config.js';

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
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  /** A new family (a new sign-in); returns the token to give the client. */
  issue(userId: string): Promise<string> {
    return this.insert(this.db, userId, randomUUID());
  }

  /** Spends `token` and returns its successor, or fails with 401 (revoking the family on replay). */
  async rotate(token: string): Promise<{ userId: string; token: string }> {
    const outcome = await this.db.transaction(async (tx) => {
      // The user's row is locked first (shared), and every revocation locks it exclusively: a
      // token issued here can never slip past a logout, password change or reset running at once.
      const [owner] = (await tx.query(`SELECT user_id FROM refresh_tokens WHERE token_hash = $1`, [hashOf(token)])) as { user_id: string }[];
      if (!owner) return { failed: 'TOKEN_INVALID' as const };
      await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR SHARE`, [owner.user_id]);
      const [row] = (await tx.query(
        `SELECT id, user_id, family_id, used_at, revoked_at, expires_at < now() AS expired
           FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
        [hashOf(token)],
      )) as { id: string; user_id: string; family_id: string; used_at: Date | null; revoked_at: Date | null; expired: boolean }[];
      if (!row || row.revoked_at || row.expired) return { failed: 'TOKEN_INVALID' as const };
      if (row.used_at) {
        await tx.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`, [row.family_id]);
        return { failed: 'TOKEN_REUSED' as const };
      }
      await tx.query(`UPDATE refresh_tokens SET used_at = now() WHERE id = $1`, [row.id]);
      return { userId: row.user_id, token: await this.insert(tx, row.user_id, row.family_id) };
    });
    // Thrown after the transaction so that a replay's revocation is committed.
    if ('failed' in outcome) throw new ApiError(401, SESSION_ENDED, { errorCode: outcome.failed });
    return outcome;
  }

  /** Ends the sign-in `token` belongs to (logout). Unknown tokens are ignored: logging out twice is fine. */
  async revokeFamilyOf(token: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [owner] = (await tx.query(`SELECT user_id FROM refresh_tokens WHERE token_hash = $1`, [hashOf(token)])) as { user_id: string }[];
      if (!owner) return;
      await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [owner.user_id]);
      await tx.query(
        `UPDATE refresh_tokens SET revoked_at = now()
          WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1)`,
        [hashOf(token)],
      );
    });
  }

  /** Ends every sign-in of the user (password changed or reset). */
  async revokeAllOf(userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
      await tx.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
    });
  }

  private async insert(runner: Pick<DataSource, 'query'>, userId: string, familyId: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await runner.query(
      `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(days => $4))`,
      [userId, familyId, hashOf(token), this.config.REFRESH_TOKEN_TTL_DAYS],
    );
    return token;
  }
}
