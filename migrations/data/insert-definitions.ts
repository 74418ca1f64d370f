import type { FieldDefinition, FormLayout } from '@scholarmatch/schemas';
import type { QueryRunner } from 'typeorm';

/** A field definition as a migration adds it: no id yet, and whether the code relies on it. */
export type SeedField = Omit<FieldDefinition, 'id'> & { system: boolean };

/** Adds field definitions and the forms that show them, as a migration seeds them. */
export async function insertFormDefinitions(queryRunner: QueryRunner, fields: readonly SeedField[], forms: readonly FormLayout[]): Promise<void> {
  for (const field of fields) {
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
  for (const form of forms) {
    await queryRunner.query(`INSERT INTO forms (key, title, description, sections, field_keys) VALUES ($1, $2, $3, $4, $5)`, [
      form.key, form.title, form.description ?? null, form.sections, form.fields ?? [],
    ]);
  }
}

/** Takes them away again (a migration's `down`). */
export async function deleteFormDefinitions(queryRunner: QueryRunner, fields: readonly SeedField[], forms: readonly FormLayout[]): Promise<void> {
  await queryRunner.query(`DELETE FROM forms WHERE key = ANY($1)`, [forms.map((form) => form.key)]);
  await queryRunner.query(`DELETE FROM form_fields WHERE key = ANY($1)`, [fields.map((field) => field.key)]);
}
