import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A provider's status move waits a few seconds before its message leaves (docs/review.md,
 * "Status"): one row per application whose applicant has not been told yet. The row is written in
 * the move's own transaction (the outbox of the message) and removed either by the job that
 * delivers the message or by the undo that cancels it.
 *
 * - `from_status`: what the applicant was last told (the status an undo restores);
 * - `to_status`: the status the message will announce (the latest move);
 * - `last_event_id`: the newest status event of the application before the first untold move; an
 *   undo removes the events after it, and the applicant's tracker leaves them out meanwhile;
 * - `changed_by`: the provider who moved it (the message is sent in its scholarship's name);
 * - `due_at`: when the message leaves (the last move plus STATUS_MESSAGE_DELAY_SECONDS).
 */
export class QueueStatusMessages1795791290000 implements MigrationInterface {
  name = 'QueueStatusMessages1795791290000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE pending_status_messages (
        application_id uuid        PRIMARY KEY REFERENCES applications (id) ON DELETE CASCADE,
        scholarship_id uuid        NOT NULL REFERENCES scholarships (id) ON DELETE CASCADE,
        from_status    varchar(16) NOT NULL,
        to_status      varchar(16) NOT NULL,
        last_event_id  bigint      NOT NULL,
        changed_by     uuid        NOT NULL,
        changed_at     timestamptz NOT NULL DEFAULT now(),
        due_at         timestamptz NOT NULL,
        CHECK (from_status <> to_status)
      )`);
    await queryRunner.query(`CREATE INDEX pending_status_messages_due ON pending_status_messages (due_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE pending_status_messages`);
  }
}
