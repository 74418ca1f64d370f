import type { MigrationInterface, QueryRunner } from 'typeorm';

const KINDS_BEFORE = ['provider', 'application-received', 'status-changed', 'winner', 'not-selected', 'membership-receipt', 'reviewer-invitation', 'support-answer'];
const KINDS = [...KINDS_BEFORE, 'auto-applied', 'deadline-reminder', 'closing-soon', 'new-cycle'];

function inList(values: string[]): string {
  return values.map((v) => `'${v}'`).join(', ');
}

/**
 * What the product does on its own (docs/automation.md): a member's switch for automatic
 * application (on until they turn it off), the mark on an application it sent, and the inbox's
 * kinds for what it tells people: an automatic application, a deadline reminder, a saved
 * scholarship closing soon, a recurring scholarship's new cycle.
 */
export class CreateAutomation1795760000000 implements MigrationInterface {
  name = 'CreateAutomation1795760000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN auto_apply boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`ALTER TABLE applications ADD COLUMN applied_automatically boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE inbox_messages DROP CONSTRAINT inbox_messages_kind_check`);
    await queryRunner.query(`ALTER TABLE inbox_messages ADD CONSTRAINT inbox_messages_kind_check CHECK (kind IN (${inList(KINDS)}))`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM inbox_messages WHERE kind IN ('auto-applied', 'deadline-reminder', 'closing-soon', 'new-cycle')`);
    await queryRunner.query(`ALTER TABLE inbox_messages DROP CONSTRAINT inbox_messages_kind_check`);
    await queryRunner.query(`ALTER TABLE inbox_messages ADD CONSTRAINT inbox_messages_kind_check CHECK (kind IN (${inList(KINDS_BEFORE)}))`);
    await queryRunner.query(`ALTER TABLE applications DROP COLUMN applied_automatically`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN auto_apply`);
  }
}
