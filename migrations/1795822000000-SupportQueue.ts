import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff's support queue (docs/console.md, "Support queue"): a request's status (open,
 * answered, solved), when it was solved, the staff member it is assigned to, and the staff's
 * internal notes, which the person never sees. Requests answered before this start as answered.
 */
export class SupportQueue1795822000000 implements MigrationInterface {
  name = 'SupportQueue1795822000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE support_requests
        ADD COLUMN status      varchar(16) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'answered', 'solved')),
        ADD COLUMN solved_at   timestamptz,
        ADD COLUMN assigned_to uuid REFERENCES users (id) ON DELETE SET NULL`);
    await queryRunner.query(`UPDATE support_requests SET status = 'answered' WHERE answered_at IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX support_requests_queue ON support_requests (status, created_at, id)`);
    await queryRunner.query(`
      CREATE TABLE support_request_notes (
        id          uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
        request_id  uuid        NOT NULL REFERENCES support_requests (id) ON DELETE CASCADE,
        author_id   uuid        REFERENCES users (id) ON DELETE SET NULL,
        text        text        NOT NULL CHECK (length(text) BETWEEN 1 AND 5000),
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX support_request_notes_request ON support_request_notes (request_id, created_at)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE support_request_notes`);
    await queryRunner.query(`DROP INDEX support_requests_queue`);
    await queryRunner.query(`ALTER TABLE support_requests DROP COLUMN assigned_to, DROP COLUMN solved_at, DROP COLUMN status`);
  }
}
