import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource } from 'typeorm';
import { kyselyIn, kyselyOf } from '../../database/kysely.js';

/** An account's second factor as stored: the sealed secret, whether it is on, the last step a code was accepted for. */
export interface StoredTotp {
  secretSealed: Buffer;
  enabled: boolean;
  lastStep: number | null;
}

/** The staff's TOTP secrets and recovery codes (docs/staff-security.md, "Second factor"). */
@Injectable()
export class StaffTotpRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async find(userId: string): Promise<StoredTotp | undefined> {
    const row = await kyselyOf(this.db)
      .selectFrom('staff_totp')
      .select(['secret_sealed', 'enabled_at', 'last_step'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row && { secretSealed: row.secret_sealed, enabled: row.enabled_at !== null, lastStep: row.last_step === null ? null : Number(row.last_step) };
  }

  async isEnabled(userId: string): Promise<boolean> {
    const row = await kyselyOf(this.db)
      .selectFrom('staff_totp')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('enabled_at', 'is not', null)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** A new secret waiting for its first code; replaces one still waiting. False when a second factor is already on. */
  async startEnrolment(userId: string, secretSealed: Buffer): Promise<boolean> {
    const row = await kyselyOf(this.db)
      .insertInto('staff_totp')
      .values({ user_id: userId, secret_sealed: secretSealed })
      .onConflict((c) => c.column('user_id').doUpdateSet({ secret_sealed: secretSealed, last_step: null, created_at: sql`now()` }).where('staff_totp.enabled_at', 'is', null))
      .returning('user_id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Records that a code of this time step was accepted, only when no code of this step or a later
   * one was: one atomic update, so a code presented twice at the same moment passes once.
   */
  async acceptStep(userId: string, step: number): Promise<boolean> {
    const result = await kyselyOf(this.db)
      .updateTable('staff_totp')
      .set({ last_step: String(step) })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', String(step))]))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Turns the waiting secret on and stores the recovery codes' hashes, replacing any older ones. */
  async enable(userId: string, recoveryHashes: Buffer[]): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const trx = kyselyIn(tx);
      const enabled = await trx
        .updateTable('staff_totp')
        .set({ enabled_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('enabled_at', 'is', null)
        .executeTakeFirst();
      if (enabled.numUpdatedRows === 0n) return false;
      await trx.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
      await trx
        .insertInto('staff_recovery_codes')
        .values(recoveryHashes.map((code_hash) => ({ user_id: userId, code_hash })))
        .execute();
      return true;
    });
  }

  async disable(userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      const trx = kyselyIn(tx);
      await trx.deleteFrom('staff_recovery_codes').where('user_id', '=', userId).execute();
      await trx.deleteFrom('staff_totp').where('user_id', '=', userId).execute();
    });
  }

  /** Spends one unused recovery code; false when it is unknown or already spent. */
  async spendRecoveryCode(userId: string, codeHash: Buffer): Promise<boolean> {
    const result = await kyselyOf(this.db)
      .updateTable('staff_recovery_codes')
      .set({ used_at: sql`now()` })
      .where('user_id', '=', userId)
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async recoveryCodesLeft(userId: string): Promise<number> {
    const row = await kyselyOf(this.db)
      .selectFrom('staff_recovery_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
