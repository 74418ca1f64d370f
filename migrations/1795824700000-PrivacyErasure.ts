import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Privacy requests (docs/privacy.md): when an admin erased a person. The account's row stays, under
 * a pseudonym, because the payment and tax records that must be kept (subscriptions, payment
 * events, checkouts) point at it; this column says it is no longer a person's account.
 */
export class PrivacyErasure1795824700000 implements MigrationInterface {
  name = 'PrivacyErasure1795824700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN erased_at timestamptz`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP COLUMN erased_at`);
  }
}
