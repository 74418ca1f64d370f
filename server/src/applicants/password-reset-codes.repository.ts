import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** A stored reset code as its check judges it. */
export interface ResetCodeRow {
  code_hash: string;
  failed_tries: number;
  /** Used already, or expired. */
  spent: boolean;
}

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
  async storeUnlessTooSoon(userId: string, codeHash: string, validMinutes: number, resendAfterSeconds: number): Promise<boolean> {
    const stored = (await this.db.query(
      `INSERT INTO password_reset_codes AS c (user_id, code_hash, sent_at, expires_at)
       VALUES ($1, $2, now(), now() + make_interval(mins => $3))
       ON CONFLICT (user_id) DO UPDATE
         SET code_hash = EXCLUDED.code_hash, sent_at = now(), expires_at = EXCLUDED.expires_at, failed_tries = 0, used_at = NULL
         WHERE c.sent_at <= now() - make_interval(secs => $4)
       RETURNING user_id`,
      [userId, codeHash, validMinutes, resendAfterSeconds],
    )) as unknown[];
    return stored.length > 0;
  }

  async remove(userId: string): Promise<void> {
    await this.db.query(`DELETE FROM password_reset_codes WHERE user_id = $1`, [userId]);
  }

  /** The user's code, locked until the transaction ends; undefined when there is none. */
  async findForUpdate(tx: EntityManager, userId: string): Promise<ResetCodeRow | undefined> {
    const [row] = (await tx.query(
      `SELECT code_hash, failed_tries, used_at IS NOT NULL OR expires_at <= now() AS spent
         FROM password_reset_codes WHERE user_id = $1 FOR UPDATE`,
      [userId],
    )) as ResetCodeRow[];
    return row;
  }

  async countWrongTry(tx: EntityManager, userId: string): Promise<void> {
    await tx.query(`UPDATE password_reset_codes SET failed_tries = failed_tries + 1 WHERE user_id = $1`, [userId]);
  }

  /** Spends the code and sets the user's new password, in the caller's transaction. */
  async spendAndSetPassword(tx: EntityManager, userId: string, passwordHash: string | undefined): Promise<void> {
    await tx.query(`UPDATE password_reset_codes SET used_at = now() WHERE user_id = $1`, [userId]);
    await tx.query(`UPDATE users SET password_hash = $2, password_changed_at = now() WHERE id = $1`, [userId, passwordHash]);
  }
}
