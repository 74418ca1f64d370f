import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The inbox (docs/inbox.md): one row per message and recipient. The search reads sender name and
 * e-mail, subject, text and HTML: whole words through a full-text vector, parts of words through
 * trigrams, both over one stored lower-case text so an index serves each. The e-mail of every
 * message is sent by a job (InboxMailJob); `emailed_at` is set once it went out, `email_claimed_at`
 * while a run sends it.
 */
export class CreateInbox1795715000000 implements MigrationInterface {
  name = 'CreateInbox1795715000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`
      CREATE TABLE inbox_messages (
        id               uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id          uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind             varchar(32) NOT NULL CHECK (kind IN ('provider', 'application-received', 'status-changed', 'winner',
                                                              'not-selected', 'membership-receipt', 'reviewer-invitation')),
        scholarship_id   uuid        REFERENCES scholarships (id) ON DELETE SET NULL,
        from_name        text        NOT NULL,
        from_email       text        NOT NULL,
        subject          text        NOT NULL,
        body_html        text        NOT NULL,
        body_text        text        NOT NULL,
        sent_at          timestamptz NOT NULL DEFAULT now(),
        created_at       timestamptz NOT NULL DEFAULT now(),
        read_at          timestamptz,
        emailed_at       timestamptz,
        email_claimed_at timestamptz,
        search_text      text        GENERATED ALWAYS AS (lower(from_name || ' ' || from_email || ' ' || subject || ' ' || body_text || ' ' || body_html)) STORED,
        search_vector    tsvector    GENERATED ALWAYS AS (to_tsvector('simple', from_name || ' ' || from_email || ' ' || subject || ' ' || body_text)) STORED
      )`);
    await queryRunner.query(`CREATE INDEX inbox_by_recipient ON inbox_messages (user_id, sent_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX inbox_unread ON inbox_messages (user_id) WHERE read_at IS NULL`);
    await queryRunner.query(`CREATE INDEX inbox_mail_pending ON inbox_messages (created_at) WHERE emailed_at IS NULL`);
    await queryRunner.query(`CREATE INDEX inbox_search_words ON inbox_messages USING gin (search_vector)`);
    await queryRunner.query(`CREATE INDEX inbox_search_parts ON inbox_messages USING gin (search_text gin_trgm_ops)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE inbox_messages`);
  }
}
