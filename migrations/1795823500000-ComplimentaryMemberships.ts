import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Complimentary memberships (docs/payments.md, "Complimentary memberships"): an admin grants a
 * membership at no price, a `subscriptions` row of the gateway 'complimentary'. Only those rows
 * may have a price of 0; every membership sold keeps a positive one.
 */
export class ComplimentaryMemberships1795823500000 implements MigrationInterface {
  name = 'ComplimentaryMemberships1795823500000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_monthly_amount_cents_check`);
    await queryRunner.query(`
      ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_monthly_amount_cents_check
        CHECK (monthly_amount_cents > 0 OR (gateway = 'complimentary' AND monthly_amount_cents = 0))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM subscriptions WHERE gateway = 'complimentary'`);
    await queryRunner.query(`ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_monthly_amount_cents_check`);
    await queryRunner.query(`ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_monthly_amount_cents_check CHECK (monthly_amount_cents > 0)`);
  }
}
