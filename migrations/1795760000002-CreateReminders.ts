import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reminders the product has sent (docs/automation.md "Reminders"): one row per applicant,
 * scholarship and kind, written in the same transaction as the inbox message it stands for, so
 * each reminder goes once whatever crashes or runs twice. Kinds: a Draft's 7-day and 1-day
 * deadline reminders, and a saved scholarship closing soon.
 *
 * The wishlist gets an index by scholarship: the closing-soon reminder starts from the few
 * scholarships closing in the next days and looks up who saved them.
 */
export class CreateReminders1795760000002 implements MigrationInterface {
  name = 'CreateReminders1795760000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE reminders (
        user_id        uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        scholarship_id uuid        NOT NULL REFERENCES scholarships (id) ON DELETE CASCADE,
        kind           varchar(16) NOT NULL CHECK (kind IN ('deadline-7-days', 'deadline-1-day', 'closing-soon')),
        deadline       date        NOT NULL,
        sent_at        timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, scholarship_id, kind)
      )`);
    await queryRunner.query(`CREATE INDEX reminders_by_scholarship ON reminders (scholarship_id)`);
    await queryRunner.query(`CREATE INDEX wishlist_by_scholarship ON wishlist (scholarship_id)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX wishlist_by_scholarship`);
    await queryRunner.query(`DROP TABLE reminders`);
  }
}
