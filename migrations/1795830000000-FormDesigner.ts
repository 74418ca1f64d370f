import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The staff form designer (docs/form-designer.md): edits to field definitions are drafted in
 * `form_field_drafts` (one row per changed field: `field_id` null for a field that does not exist
 * yet) and reach `form_fields` only when published as a numbered `form_versions` row, which keeps
 * every definition as it stood after it and the diff staff saw. Version 1 is today's definitions.
 */
export class FormDesigner1795830000000 implements MigrationInterface {
  name = 'FormDesigner1795830000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE form_field_drafts (
        id          serial      PRIMARY KEY,
        field_id    integer     UNIQUE REFERENCES form_fields (id) ON DELETE CASCADE,
        key         varchar(64) NOT NULL UNIQUE,
        definition  jsonb       NOT NULL CHECK (jsonb_typeof(definition) = 'object'),
        removed     boolean     NOT NULL DEFAULT false,
        updated_by  uuid        REFERENCES users (id),
        updated_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE form_versions (
        number       integer     PRIMARY KEY CHECK (number > 0),
        kind         varchar(16) NOT NULL CHECK (kind IN ('publish', 'rollback')),
        note         text        CHECK (length(note) <= 500),
        published_at timestamptz NOT NULL DEFAULT now(),
        published_by uuid        REFERENCES users (id),
        definitions  jsonb       NOT NULL CHECK (jsonb_typeof(definitions) = 'array'),
        changes      jsonb       NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(changes) = 'array')
      )`);
    // The definitions as the server reads them (FormDefinitionsRepository's toFieldDefinition).
    await queryRunner.query(`
      INSERT INTO form_versions (number, kind, note, definitions)
      SELECT 1, 'publish', 'Initial version', coalesce(jsonb_agg(
               jsonb_build_object('id', id, 'key', key, 'name', name, 'dataType', data_type, 'options', options,
                                  'validation', validation, 'ui', ui, 'section', section, 'order', "order",
                                  'target', target, 'active', active)
               || CASE WHEN visible_when IS NOT NULL THEN jsonb_build_object('visibleWhen', visible_when) ELSE '{}' END
               || CASE WHEN system THEN '{"system": true}'::jsonb ELSE '{}' END
               ORDER BY id), '[]')
        FROM form_fields`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE form_versions`);
    await queryRunner.query(`DROP TABLE form_field_drafts`);
  }
}
