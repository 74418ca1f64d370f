import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Fields the code relies on are system fields (docs/decisions.md, "System fields"): the account's
 * columns (names, date of birth, e-mail, phone, and the sign-up's password and consents), the
 * country and ZIP code that checkout reads, and the school and field of study the essay facts
 * read. Admins may still rename them, reword their messages or move them, but not deactivate them
 * or change their type (409 SYSTEM_FIELD).
 */
const SYSTEM_PROFILE_KEYS = ['country', 'zipCode', 'highSchoolName', 'collegeName', 'fieldOfStudy'];

export class SystemFields1795548034761 implements MigrationInterface {
  name = 'SystemFields1795548034761';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE form_fields ADD COLUMN system boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`UPDATE form_fields SET system = true WHERE target = 'account' OR key = ANY($1)`, [SYSTEM_PROFILE_KEYS]);
    // An account field is a column of users: it is always a system field.
    await queryRunner.query(`ALTER TABLE form_fields ADD CONSTRAINT form_fields_account_is_system CHECK (target <> 'account' OR system)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE form_fields DROP CONSTRAINT form_fields_account_is_system`);
    await queryRunner.query(`ALTER TABLE form_fields DROP COLUMN system`);
  }
}
