import type { MigrationInterface, QueryRunner } from 'typeorm';
import { deleteFormDefinitions, insertFormDefinitions } from './data/insert-definitions.js';
import { CONTACT_MESSAGE_FIELDS, SUPPORT_FORMS, SUPPORT_REQUEST_FIELDS } from './data/support-fields.js';

const TARGETS_BEFORE = ['account', 'profile', 'organisation', 'scholarship', 'requirement', 'rank-criterion', 'message'];
const TARGETS = [...TARGETS_BEFORE, 'support'];
const FIELDS = [...SUPPORT_REQUEST_FIELDS, ...CONTACT_MESSAGE_FIELDS];
const KINDS_BEFORE = ['provider', 'application-received', 'status-changed', 'winner', 'not-selected', 'membership-receipt', 'reviewer-invitation'];
const KINDS = [...KINDS_BEFORE, 'support-answer'];

function inList(values: string[]): string {
  return values.map((v) => `'${v}'`).join(', ');
}

/**
 * Support and contact (docs/support.md): the requests, kept before anything is sent (the staff's
 * e-mail goes out from the stored row, so a failed send loses nothing), the admins' answers, the
 * served forms, and the inbox's kind of message for an answer.
 */
export class CreateSupport1795740000000 implements MigrationInterface {
  name = 'CreateSupport1795740000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE support_requests (
        id                uuid         PRIMARY KEY DEFAULT gen_random_uuid(),
        kind              varchar(16)  NOT NULL CHECK (kind IN ('support', 'contact')),
        user_id           uuid         REFERENCES users (id) ON DELETE SET NULL,
        name              text         NOT NULL,
        email             varchar(320) NOT NULL,
        phone             varchar(32),
        query             text,
        description       text         NOT NULL,
        answers           jsonb        NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(answers) = 'object'),
        client_ip         text,
        created_at        timestamptz  NOT NULL DEFAULT now(),
        staff_emailed_at  timestamptz,
        email_claimed_at  timestamptz,
        answer_html       text,
        answered_at       timestamptz,
        answered_by       uuid         REFERENCES users (id) ON DELETE SET NULL,
        answer_emailed_at timestamptz
      )`);
    await queryRunner.query(`CREATE INDEX support_requests_newest ON support_requests (created_at DESC, id DESC)`);
    await queryRunner.query(`CREATE INDEX support_requests_unanswered ON support_requests (created_at) WHERE answered_at IS NULL`);
    await queryRunner.query(`
      CREATE INDEX support_requests_mail_pending ON support_requests (created_at)
      WHERE staff_emailed_at IS NULL OR (answered_at IS NOT NULL AND user_id IS NULL AND answer_emailed_at IS NULL)`);

    await queryRunner.query(`ALTER TABLE inbox_messages DROP CONSTRAINT inbox_messages_kind_check`);
    await queryRunner.query(`ALTER TABLE inbox_messages ADD CONSTRAINT inbox_messages_kind_check CHECK (kind IN (${inList(KINDS)}))`);

    await queryRunner.query(`ALTER TABLE form_fields DROP CONSTRAINT form_fields_target_check`);
    await queryRunner.query(`ALTER TABLE form_fields ADD CONSTRAINT form_fields_target_check CHECK (target IN (${inList(TARGETS)}))`);
    await insertFormDefinitions(queryRunner, FIELDS, SUPPORT_FORMS);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await deleteFormDefinitions(queryRunner, FIELDS, SUPPORT_FORMS);
    await queryRunner.query(`ALTER TABLE form_fields DROP CONSTRAINT form_fields_target_check`);
    await queryRunner.query(`ALTER TABLE form_fields ADD CONSTRAINT form_fields_target_check CHECK (target IN (${inList(TARGETS_BEFORE)}))`);
    await queryRunner.query(`DELETE FROM inbox_messages WHERE kind = 'support-answer'`);
    await queryRunner.query(`ALTER TABLE inbox_messages DROP CONSTRAINT inbox_messages_kind_check`);
    await queryRunner.query(`ALTER TABLE inbox_messages ADD CONSTRAINT inbox_messages_kind_check CHECK (kind IN (${inList(KINDS_BEFORE)}))`);
    await queryRunner.query(`DROP TABLE support_requests`);
  }
}
