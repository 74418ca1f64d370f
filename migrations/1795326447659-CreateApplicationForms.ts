import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The vocabulary as of this migration (CreateFormDefinitions froze the first list). */
const FIELD_TYPES = [
  'text', 'textarea', 'editor', 'number', 'select', 'searchSelect', 'multiSelect', 'date', 'monthYear',
  'checkbox', 'boolean', 'file', 'link', 'email', 'phone', 'zip', 'grade', 'essay',
];

/**
 * Requirement forms are versioned (docs/applications.md) (an application keeps the version it was started on,
 * so a provider's later edit never breaks a draft), the `essay` field type joins the vocabulary,
 * and sweepstakes entries are recorded.
 */
export class CreateApplicationForms1795326447659 implements MigrationInterface {
  name = 'CreateApplicationForms1795326447659';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE form_fields DROP CONSTRAINT form_fields_data_type_check`);
    await queryRunner.query(
      `ALTER TABLE form_fields ADD CONSTRAINT form_fields_data_type_check CHECK (data_type IN (${FIELD_TYPES.map((t) => `'${t}'`).join(', ')}))`,
    );
    // Every version of a scholarship's requirement form ever served: never changed, never deleted
    // while the scholarship exists.
    await queryRunner.query(`
      CREATE TABLE requirement_form_versions (
        scholarship_id uuid        NOT NULL REFERENCES scholarships (id) ON DELETE CASCADE,
        version        varchar(32) NOT NULL,
        requirements   jsonb       NOT NULL,
        schema         jsonb       NOT NULL,
        ui_schema      jsonb       NOT NULL,
        created_at     timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scholarship_id, version)
      )`);
    await queryRunner.query(`
      CREATE TABLE sweepstakes (
        id          uuid         PRIMARY KEY DEFAULT gen_random_uuid(),
        title       varchar(200) NOT NULL,
        description text         NOT NULL DEFAULT '',
        starts_at   timestamptz  NOT NULL DEFAULT now(),
        ends_at     timestamptz  NOT NULL,
        created_at  timestamptz  NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE sweepstakes_entries (
        sweepstakes_id uuid        NOT NULL REFERENCES sweepstakes (id) ON DELETE CASCADE,
        user_id        uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at     timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (sweepstakes_id, user_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE sweepstakes_entries`);
    await queryRunner.query(`DROP TABLE sweepstakes`);
    await queryRunner.query(`DROP TABLE requirement_form_versions`);
    await queryRunner.query(`ALTER TABLE form_fields DROP CONSTRAINT form_fields_data_type_check`);
    await queryRunner.query(
      `ALTER TABLE form_fields ADD CONSTRAINT form_fields_data_type_check CHECK (data_type IN (${FIELD_TYPES.slice(0, -1).map((t) => `'${t}'`).join(', ')}))`,
    );
  }
}
