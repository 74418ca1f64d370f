import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** A stored refresh token as its rotation judges it. */
export interface RefreshTokenRow {
  id: string;
  user_id: string;
  family_id: string;
  used_at: Date | null;
  revoked_at: Date | null;
  expired: boolean;
}

/**
 * The `refresh_tokens` rows, found by the token's hash (the token itself is never stored). Lock
 * order: the user's row first, shared while a token is spent and exclusive for every revocation,
 * so a token issued by a rotation can never slip past a logout, password change or reset running
 * at the same moment.
 */
@Injectable()
export class RefreshTokensRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Stores a new token of the family, valid `ttlDays`; on the caller's transaction when given one. */
  async insert(userId: string, familyId: string, tokenHash: string, ttlDays: number, tx: EntityManager = this.db.manager): Promise<void> {
    await tx.query(
      `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at)
       VALUES ($1, $2, $3, now() + make_interval(days => $4))`,
      [userId, familyId, tokenHash, ttlDays],
    );
  }

  /** Whose token this is; undefined for an unknown one. */
  async ownerOf(tx: EntityManager, tokenHash: string): Promise<string | undefined> {
    const [owner] = (await tx.query(`SELECT user_id FROM refresh_tokens WHERE token_hash = $1`, [tokenHash])) as { user_id: string }[];
    return owner?.user_id;
  }

  /** Locks the owner's row shared until the transaction ends (a rotation). */
  async lockOwnerShared(tx: EntityManager, userId: string): Promise<void> {
    await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR SHARE`, [userId]);
  }

  /** The token, locked until the transaction ends. */
  async findForUpdate(tx: EntityManager, tokenHash: string): Promise<RefreshTokenRow | undefined> {
    const [row] = (await tx.query(
      `SELECT id, user_id, family_id, used_at, revoked_at, expires_at < now() AS expired
         FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
      [tokenHash],
    )) as RefreshTokenRow[];
    return row;
  }

  async revokeFamily(tx: EntityManager, familyId: string): Promise<void> {
    await tx.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL`, [familyId]);
  }

  async markUsed(tx: EntityManager, id: string): Promise<void> {
    await tx.query(`UPDATE refresh_tokens SET used_at = now() WHERE id = $1`, [id]);
  }

  /** Revokes the family of the token with this hash (nothing for an unknown one), its owner locked first. */
  async revokeFamilyOfToken(tokenHash: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const userId = await this.ownerOf(tx, tokenHash);
      if (!userId) return;
      await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
      await tx.query(
        `UPDATE refresh_tokens SET revoked_at = now()
          WHERE revoked_at IS NULL AND family_id = (SELECT family_id FROM refresh_tokens WHERE token_hash = $1)`,
        [tokenHash],
      );
    });
  }

  /** Revokes every token of the user, the user's row locked first. */
  async revokeAllOfUser(userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [userId]);
      await tx.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
    });
  }
}
