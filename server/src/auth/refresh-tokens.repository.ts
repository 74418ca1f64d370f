import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql, type Selectable } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import type { RefreshTokens } from '../database/database-types.js';
import { type Db, kyselyFor, kyselyIn } from '../database/kysely.js';

/** A stored refresh token as its rotation judges it. */
export type RefreshTokenRow = Pick<Selectable<RefreshTokens>, 'id' | 'user_id' | 'family_id' | 'used_at' | 'revoked_at'> & { expired: boolean };

/** Locks the user's row until the transaction ends: shared while a token is spent, exclusive for a revocation. */
async function lockUser(db: Db, userId: string, mode: 'share' | 'update'): Promise<void> {
  const query = db.selectFrom('users').select(sql<number>`1`.as('one')).where('id', '=', userId);
  await (mode === 'share' ? query.forShare() : query.forUpdate()).execute();
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
    await kyselyFor(tx)
      .insertInto('refresh_tokens')
      .values({ user_id: userId, family_id: familyId, token_hash: tokenHash, expires_at: sql<Date>`now() + make_interval(days => ${ttlDays})` })
      .execute();
  }

  /** Whose token this is; undefined for an unknown one. */
  async ownerOf(tx: EntityManager, tokenHash: string): Promise<string | undefined> {
    const owner = await kyselyIn(tx).selectFrom('refresh_tokens').select('user_id').where('token_hash', '=', tokenHash).executeTakeFirst();
    return owner?.user_id;
  }

  /** Locks the owner's row shared until the transaction ends (a rotation). */
  async lockOwnerShared(tx: EntityManager, userId: string): Promise<void> {
    await lockUser(kyselyIn(tx), userId, 'share');
  }

  /** The token, locked until the transaction ends. */
  async findForUpdate(tx: EntityManager, tokenHash: string): Promise<RefreshTokenRow | undefined> {
    return kyselyIn(tx)
      .selectFrom('refresh_tokens')
      .select(['id', 'user_id', 'family_id', 'used_at', 'revoked_at', sql<boolean>`expires_at < now()`.as('expired')])
      .where('token_hash', '=', tokenHash)
      .forUpdate()
      .executeTakeFirst();
  }

  async revokeFamily(tx: EntityManager, familyId: string): Promise<void> {
    await kyselyIn(tx).updateTable('refresh_tokens').set({ revoked_at: sql<Date>`now()` }).where('family_id', '=', familyId).where('revoked_at', 'is', null).execute();
  }

  async markUsed(tx: EntityManager, id: string): Promise<void> {
    await kyselyIn(tx).updateTable('refresh_tokens').set({ used_at: sql<Date>`now()` }).where('id', '=', id).execute();
  }

  /** Revokes the family of the token with this hash (nothing for an unknown one), its owner locked first. */
  async revokeFamilyOfToken(tokenHash: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const userId = await this.ownerOf(tx, tokenHash);
      if (!userId) return;
      const db = kyselyIn(tx);
      await lockUser(db, userId, 'update');
      await db
        .updateTable('refresh_tokens')
        .set({ revoked_at: sql<Date>`now()` })
        .where('revoked_at', 'is', null)
        .where('family_id', '=', (eb) => eb.selectFrom('refresh_tokens').select('family_id').where('token_hash', '=', tokenHash))
        .execute();
    });
  }

  /** Revokes every token of the user, the user's row locked first. */
  async revokeAllOfUser(userId: string): Promise<void> {
    await this.db.transaction((tx) => this.revokeAllOfUserIn(tx, userId));
  }

  /** Revokes every token of the user in the caller's transaction, the user's row locked first. */
  async revokeAllOfUserIn(tx: EntityManager, userId: string): Promise<void> {
    const db = kyselyIn(tx);
    await lockUser(db, userId, 'update');
    await db.updateTable('refresh_tokens').set({ revoked_at: sql<Date>`now()` }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  }
}
