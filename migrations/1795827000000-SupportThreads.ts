import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Support as a conversation (docs/support.md, "The thread"): every staff answer and every reply of
 * the person is a row of `support_messages`, oldest first after the request itself. A request
 * waits for staff from `waiting_since`: when it was sent, or the person's reply that reopened it,
 * which is what the 24-hour promise counts from. An inbox message that carried an answer names its
 * request, so the person can reply under it. Answers given before this become the threads' first
 * staff messages and are tied to the inbox messages that carried them.
 */
export class SupportThreads1795827000000 implements MigrationInterface {
  name = 'SupportThreads1795827000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE support_messages (
        id          uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
        request_id  uuid        NOT NULL REFERENCES support_requests (id) ON DELETE CASCADE,
        author      varchar(8)  NOT NULL CHECK (author IN ('staff', 'person')),
        author_id   uuid        REFERENCES users (id) ON DELETE SET NULL,
        body_html   text        NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX support_messages_request ON support_messages (request_id, created_at, id)`);
    await queryRunner.query(`
      INSERT INTO support_messages (request_id, author, author_id, body_html, created_at)
      SELECT id, 'staff', answered_by, answer_html, answered_at FROM support_requests WHERE answered_at IS NOT NULL AND answer_html IS NOT NULL`);

    await queryRunner.query(`ALTER TABLE support_requests ADD COLUMN waiting_since timestamptz`);
    await queryRunner.query(`UPDATE support_requests SET waiting_since = created_at`);
    await queryRunner.query(`ALTER TABLE support_requests ALTER COLUMN waiting_since SET NOT NULL, ALTER COLUMN waiting_since SET DEFAULT now()`);
    // The queue's waiting order and its count of overdue requests read the wait, no longer the sending time:
    // one status kept reads (status, waiting_since); all statuses read the ranked order, whose index an
    // earlier migration may have made on the sending time.
    await queryRunner.query(`DROP INDEX support_requests_queue`);
    await queryRunner.query(`CREATE INDEX support_requests_queue ON support_requests (status, waiting_since, id)`);
    await queryRunner.query(`DROP INDEX IF EXISTS support_requests_waiting`);
    await queryRunner.query(
      `CREATE INDEX support_requests_waiting ON support_requests ((CASE status WHEN 'open' THEN 0 WHEN 'answered' THEN 1 ELSE 2 END), waiting_since, id)`,
    );

    // A guest is owed every answer now, not only the first: the mail job's claim reads this predicate.
    await queryRunner.query(`DROP INDEX support_requests_mail_pending`);
    await queryRunner.query(`
      CREATE INDEX support_requests_mail_pending ON support_requests (created_at)
      WHERE staff_emailed_at IS NULL OR (answered_at IS NOT NULL AND user_id IS NULL AND (answer_emailed_at IS NULL OR answer_emailed_at < answered_at))`);

    await queryRunner.query(`ALTER TABLE inbox_messages ADD COLUMN support_request_id uuid REFERENCES support_requests (id) ON DELETE SET NULL`);
    await queryRunner.query(`CREATE INDEX inbox_messages_support_request ON inbox_messages (support_request_id) WHERE support_request_id IS NOT NULL`);
    await queryRunner.query(`
      UPDATE inbox_messages m SET support_request_id = r.id
      FROM support_requests r
      WHERE m.kind = 'support-answer' AND m.user_id = r.user_id AND m.body_html = r.answer_html`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX inbox_messages_support_request`);
    await queryRunner.query(`ALTER TABLE inbox_messages DROP COLUMN support_request_id`);
    await queryRunner.query(`DROP INDEX support_requests_mail_pending`);
    await queryRunner.query(`
      CREATE INDEX support_requests_mail_pending ON support_requests (created_at)
      WHERE staff_emailed_at IS NULL OR (answered_at IS NOT NULL AND user_id IS NULL AND answer_emailed_at IS NULL)`);
    await queryRunner.query(`DROP INDEX support_requests_waiting`);
    await queryRunner.query(
      `CREATE INDEX support_requests_waiting ON support_requests ((CASE status WHEN 'open' THEN 0 WHEN 'answered' THEN 1 ELSE 2 END), created_at, id)`,
    );
    await queryRunner.query(`DROP INDEX support_requests_queue`);
    await queryRunner.query(`CREATE INDEX support_requests_queue ON support_requests (status, created_at, id)`);
    await queryRunner.query(`ALTER TABLE support_requests DROP COLUMN waiting_since`);
    await queryRunner.query(`DROP TABLE support_messages`);
  }
}
