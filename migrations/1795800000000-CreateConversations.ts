import type { MigrationInterface, QueryRunner } from 'typeorm';
import { CONVERSATION_FORMS, MESSAGE_REPLY_FIELDS } from './data/conversation-fields.js';
import { deleteFormDefinitions, insertFormDefinitions } from './data/insert-definitions.js';

/** The kinds of message an organisation sends (its name is the sender; docs/inbox.md, "Who a message is from"). */
const ORGANISATION_KINDS = `('provider', 'status-changed', 'winner', 'not-selected')`;

/**
 * Conversations between an applicant and a provider (docs/inbox.md, "Conversations"), one per
 * application: the provider's messages are the applicant's inbox messages tied to the application
 * (`inbox_messages.application_id`, filled in for those already sent), the applicant's replies are
 * `applicant_replies`, read by the provider when `read_at` is set. Messages from an organisation no
 * longer carry the provider's own address (the view shows the product's), the stored ones are
 * cleared; the outbox keeps the sender's name of each e-mail.
 */
export class CreateConversations1795800000000 implements MigrationInterface {
  name = 'CreateConversations1795800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE inbox_messages ADD COLUMN application_id uuid REFERENCES applications (id) ON DELETE SET NULL`);
    await queryRunner.query(`
      UPDATE inbox_messages m SET application_id = a.id
        FROM applications a
       WHERE m.kind = 'provider' AND a.user_id = m.user_id AND a.scholarship_id = m.scholarship_id`);
    await queryRunner.query(`CREATE INDEX inbox_messages_of_application ON inbox_messages (application_id, sent_at) WHERE application_id IS NOT NULL`);
    await queryRunner.query(`UPDATE inbox_messages SET from_email = '' WHERE kind IN ${ORGANISATION_KINDS}`);

    await queryRunner.query(`
      CREATE TABLE applicant_replies (
        id             uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
        application_id uuid        NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        in_reply_to    uuid        REFERENCES inbox_messages (id) ON DELETE SET NULL,
        subject        text        NOT NULL,
        body_html      text        NOT NULL,
        body_text      text        NOT NULL,
        created_at     timestamptz NOT NULL DEFAULT now(),
        read_at        timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX applicant_replies_of_application ON applicant_replies (application_id, created_at)`);
    await queryRunner.query(`CREATE INDEX applicant_replies_unread ON applicant_replies (application_id) WHERE read_at IS NULL`);

    await queryRunner.query(`ALTER TABLE mail_outbox ADD COLUMN from_name text`);
    await insertFormDefinitions(queryRunner, MESSAGE_REPLY_FIELDS, CONVERSATION_FORMS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await deleteFormDefinitions(queryRunner, MESSAGE_REPLY_FIELDS, CONVERSATION_FORMS);
    await queryRunner.query(`ALTER TABLE mail_outbox DROP COLUMN from_name`);
    await queryRunner.query(`DROP TABLE applicant_replies`);
    await queryRunner.query(`ALTER TABLE inbox_messages DROP COLUMN application_id`);
  }
}
