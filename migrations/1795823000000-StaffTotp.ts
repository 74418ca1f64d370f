import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff's second factor (docs/security.md, "Second factor"): one TOTP secret per account,
 * sealed with a key of the server's, on from `enabled_at`; `last_step` is the last time step a code
 * was accepted for, so a code works once. Recovery codes are kept only as keyed hashes, each
 * spent once.
 */
export class StaffTotp1795823000000 implements MigrationInterface {
  name = 'StaffTotp1795823000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE staff_totp (
        user_id       uuid        PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        secret_sealed bytea       NOT NULL,
        enabled_at    timestamptz,
        last_step     bigint,
        created_at    timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE staff_recovery_codes (
        id         uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        code_hash  bytea       NOT NULL,
        used_at    timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, code_hash)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE staff_recovery_codes`);
    await queryRunner.query(`DROP TABLE staff_totp`);
  }
}
