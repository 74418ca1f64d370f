import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql, type Selectable } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import type { PasswordResetCodes } from '../database/database-types.js';
import { kyselyIn, kyselyOf } from '../database/kysely.js';
import { Statement } from '../database/statement.js';

/** A stored reset code as its check judges it. */
export type ResetCodeRow = Pick<Selectable<PasswordResetCodes>, 'code_hash' | 'failed_tries'> & {
  /** Used already, or expired. */
  spent: boolean;
};

/** Stores a fresh code ($2) for the user ($1) valid $3 minutes, unless the last one went less than $4 seconds ago. */
const STORE_UNLESS_TOO_SOON = new Statement<
  Pick<Selectable<PasswordResetCodes>, 'user_id'>,
  readonly [userId: string, codeHash: string, validMinutes: number, resendAfterSeconds: number]
>(
  `INSERT INTO password_reset_codes AS c (user_id, code_hash, sent_at, expires_at)
       VALUES ($1, $2, now(), now() + make_interval(mins => $3))
       ON CONFLICT (user_id) DO UPDATE
         SET code_hash = EXCLUDED.code_hash, sent_at = now(), expires_at = EXCLUDED.expires_at, failed_tries = 0, used_at = NULL
         WHERE c.sent_at <= now() - make_interval(secs => $4)
       RETURNING user_id`,
);

/** The `password_reset_codes` rows (one per user, the code stored as an HMAC), and the new password a code sets. */
@Injectable()
export class PasswordResetCodesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * Stores a fresh code valid `validMinutes`, replacing the user's last one unless that was sent
   * less than `resendAfterSeconds` ago; false when it was (one statement decides "too soon").
   */
  async storeUnlessTooSoon(userId: string, codeHash: string, validMinutes: number, resendAfterSeconds: number, tx?: EntityManager): Promise<boolean> {
    const stored = await STORE_UNLESS_TOO_SOON.rows(tx ?? this.db, [userId, codeHash, validMinutes, resendAfterSeconds]);
    return stored.length > 0;
  }

  async remove(userId: string): Promise<void> {
    await kyselyOf(this.db).deleteFrom('password_reset_codes').where('user_id', '=', userId).execute();
  }

  /** The user's code, locked until the transaction ends; undefined when there is none. */
  async findForUpdate(tx: EntityManager, userId: string): Promise<ResetCodeRow | undefined> {
    return kyselyIn(tx)
      .selectFrom('password_reset_codes')
      .select(['code_hash', 'failed_tries', sql<boolean>`used_at IS NOT NULL OR expires_at <= now()`.as('spent')])
      .where('user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
  }

  async countWrongTry(tx: EntityManager, userId: string): Promise<void> {
    await kyselyIn(tx)
      .updateTable('password_reset_codes')
      .set((eb) => ({ failed_tries: eb('failed_tries', '+', 1) }))
      .where('user_id', '=', userId)
      .execute();
  }

  /** Spends the code and sets the user's new password, in the caller's transaction. */
  async spendAndSetPassword(tx: EntityManager, userId: string, passwordHash: string | undefined): Promise<void> {
    const db = kyselyIn(tx);
    await db.updateTable('password_reset_codes').set({ used_at: sql<Date>`now()` }).where('user_id', '=', userId).execute();
    await db
      .updateTable('users')
      .set((eb) => ({ password_hash: eb.val(passwordHash), password_changed_at: sql<Date>`now()` }))
      .where('id', '=', userId)
      .execute();
  }
}
