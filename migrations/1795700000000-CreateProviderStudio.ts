import type { MigrationInterface, QueryRunner } from 'typeorm';
import { ORGANISATION_FIELDS, REQUIREMENT_EDITOR_FIELDS, SCHOLARSHIP_EDITOR_FIELDS, STUDIO_FORMS } from './data/studio-fields.js';

const TARGETS_BEFORE = ['account', 'profile'];
const TARGETS = [...TARGETS_BEFORE, 'organisation', 'scholarship', 'requirement'];
const FIELDS = [...ORGANISATION_FIELDS, ...SCHOLARSHIP_EDITOR_FIELDS, ...REQUIREMENT_EDITOR_FIELDS];

function targetCheck(targets: string[]): string {
  return `CHECK (target IN (${targets.map((t) => `'${t}'`).join(', ')}))`;
}

/**
 * The provider studio (docs/providers.md): the organisation behind a provider account, a
 * scholarship's public address and the answers of fields admins add to its editor, and the
 * studio's served forms (provider sign-up, organisation, scholarship editor, requirement editor).
 */
export class CreateProviderStudio1795700000000 implements MigrationInterface {
  name = 'CreateProviderStudio1795700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE form_fields DROP CONSTRAINT form_fields_target_check`);
    await queryRunner.query(`ALTER TABLE form_fields ADD CONSTRAINT form_fields_target_check ${targetCheck(TARGETS)}`);

    await queryRunner.query(`
      CREATE TABLE organisations (
        user_id    uuid        PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        answers    jsonb       NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(answers) = 'object'),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);

    await queryRunner.query(`ALTER TABLE scholarships ADD COLUMN slug varchar(80) CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$')`);
    await queryRunner.query(`CREATE UNIQUE INDEX scholarships_slug ON scholarships (slug) WHERE slug IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE scholarships ADD COLUMN details jsonb NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(details) = 'object')`);

    for (const field of FIELDS) {
      await queryRunner.query(
        `INSERT INTO form_fields (key, name, data_type, options, validation, ui, section, "order", target, visible_when, system)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
        [
          field.key, field.name, field.dataType, JSON.stringify(field.options ?? []), JSON.stringify(field.validation ?? {}),
          JSON.stringify(field.ui ?? {}), field.section, field.order, field.target,
          field.visibleWhen ? JSON.stringify(field.visibleWhen) : null, field.system,
        ],
      );
    }
    for (const form of STUDIO_FORMS) {
      await queryRunner.query(`INSERT INTO forms (key, title, description, sections, field_keys) VALUES ($1, $2, $3, $4, $5)`, [
        form.key, form.title, form.description ?? null, form.sections, form.fields ?? [],
      ]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM forms WHERE key = ANY($1)`, [STUDIO_FORMS.map((form) => form.key)]);
    await queryRunner.query(`DELETE FROM form_fields WHERE key = ANY($1)`, [FIELDS.map((field) => field.key)]);
    await queryRunner.query(`ALTER TABLE scholarships DROP COLUMN details`);
    await queryRunner.query(`DROP INDEX scholarships_slug`);
    await queryRunner.query(`ALTER TABLE scholarships DROP COLUMN slug`);
    await queryRunner.query(`DROP TABLE organisations`);
    await queryRunner.query(`ALTER TABLE form_fields DROP CONSTRAINT form_fields_target_check`);
    await queryRunner.query(`ALTER TABLE form_fields ADD CONSTRAINT form_fields_target_check ${targetCheck(TARGETS_BEFORE)}`);
  }
}
