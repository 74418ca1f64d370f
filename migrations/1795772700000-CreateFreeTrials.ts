import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One free trial per person (docs/payments.md, "One free trial"). `free_trials` keeps, for each
 * person who has had one, when and through which subscription; a checkout for them asks the
 * provider for no trial. People who had a trial before this table existed count: every applicant
 * whose membership ever had a trial gets the row of their first such subscription, dated when the
 * server first stored it.
 *
 * `trial_card_fingerprints` keeps the cards (as the provider's fingerprint; Stripe only, the
 * sandbox's test cards are shared) that paid for a trial: a trial started on one of them again,
 * by anyone, ends at once. A fingerprint outlives its account (user_id set null), or deleting the
 * account and signing up again would bring the card's trial back.
 */
export class CreateFreeTrials1795772700000 implements MigrationInterface {
  name = 'CreateFreeTrials1795772700000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE free_trials (
        user_id                 uuid        PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        used_at                 timestamptz NOT NULL,
        gateway                 text        NOT NULL,
        gateway_subscription_id text        NOT NULL
      )`);
    await queryRunner.query(`
      INSERT INTO free_trials (user_id, used_at, gateway, gateway_subscription_id)
      SELECT DISTINCT ON (user_id) user_id, created_at, gateway, gateway_subscription_id
        FROM subscriptions
       WHERE trial_ends_at IS NOT NULL OR status = 'trialing'
       ORDER BY user_id, created_at`);
    await queryRunner.query(`
      CREATE TABLE trial_card_fingerprints (
        gateway                 text        NOT NULL,
        fingerprint             text        NOT NULL,
        user_id                 uuid        REFERENCES users (id) ON DELETE SET NULL,
        gateway_subscription_id text        NOT NULL,
        created_at              timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (gateway, fingerprint)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE trial_card_fingerprints`);
    await queryRunner.query(`DROP TABLE free_trials`);
  }
}
