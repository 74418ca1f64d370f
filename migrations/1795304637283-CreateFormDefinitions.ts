import type { MigrationInterface, QueryRunner } from 'typeorm';
import { PROFILE_FIELDS, PROFILE_FORMS } from './data/profile-fields.js';

/**
 * Field definitions and form layouts: the data every form is compiled from. A trigger notifies
 * `form_definitions_changed` on any change so every server instance drops its compiled forms,
 * whether the change came through the API or straight SQL.
 */
export class CreateFormDefinitions1795304637283 implements MigrationInterface {
  name = 'CreateFormDefinitions1795304637283';

  async up(queryRunner: QueryRunner): Promise<void> {
    // Frozen copy of the vocabulary at this migration; a new type adds a migration that widens it.
    const types = [
      'text', 'textarea', 'editor', 'number', 'select', 'searchSelect', 'multiSelect', 'date', 'monthYear',
      'checkbox', 'boolean', 'file', 'link', 'email', 'phone', 'zip', 'grade',
    ].map((t) => `'${t}'`).join(', ');
    await queryRunner.query(`
      CREATE TABLE form_fields (
        id           serial PRIMARY KEY,
        key          varchar(64)  NOT NULL UNIQUE CHECK (key ~ '^[A-Za-z][A-Za-z0-9_]*$'),
        name         varchar(200) NOT NULL,
        data_type    varchar(32)  NOT NULL CHECK (data_type IN (${types})),
        options      jsonb        NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(options) = 'array'),
        validation   jsonb        NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(validation) = 'object'),
        ui           jsonb        NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(ui) = 'object'),
        section      varchar(64)  NOT NULL,
        "order"      integer      NOT NULL DEFAULT 0,
        target       varchar(16)  NOT NULL DEFAULT 'profile' CHECK (target IN ('account', 'profile')),
        visible_when jsonb,
        active       boolean      NOT NULL DEFAULT true,
        created_at   timestamptz  NOT NULL DEFAULT now(),
        updated_at   timestamptz  NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX form_fields_section_order ON form_fields (section, "order") WHERE active`);
    await queryRunner.query(`
      CREATE TABLE forms (
        key         varchar(64)  PRIMARY KEY CHECK (key ~ '^[a-z][a-z0-9-]*$'),
        title       varchar(200) NOT NULL,
        description text,
        sections    text[]       NOT NULL,
        created_at  timestamptz  NOT NULL DEFAULT now(),
        updated_at  timestamptz  NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE FUNCTION notify_form_definitions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('form_definitions_changed', TG_TABLE_NAME);
        RETURN NULL;
      END $$`);
    for (const table of ['form_fields', 'forms']) {
      await queryRunner.query(`
        CREATE TRIGGER ${table}_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${table}
        FOR EACH STATEMENT EXECUTE FUNCTION notify_form_definitions_changed()`);
    }

    for (const field of PROFILE_FIELDS) {
      await queryRunner.query(
        `INSERT INTO form_fields (key, name, data_type, options, validation, ui, section, "order", target, visible_when)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          field.key,
          field.name,
          field.dataType,
          JSON.stringify(field.options ?? []),
          JSON.stringify(field.validation ?? {}),
          JSON.stringify(field.ui ?? {}),
          field.section,
          field.order,
          field.target,
          field.visibleWhen ? JSON.stringify(field.visibleWhen) : null,
        ],
      );
    }
    for (const form of PROFILE_FORMS) {
      await queryRunner.query(`INSERT INTO forms (key, title, description, sections) VALUES ($1, $2, $3, $4)`, [
        form.key,
        form.title,
        form.description ?? null,
        form.sections,
      ]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE forms`);
    await queryRunner.query(`DROP TABLE form_fields`);
    await queryRunner.query(`DROP FUNCTION notify_form_definitions_changed()`);
  }
}
