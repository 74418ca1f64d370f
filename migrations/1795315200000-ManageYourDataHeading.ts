import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The Education tab's privacy checkboxes open with the original 'Manage your data' heading (a UI hint, data like the rest). */
export class ManageYourDataHeading1795315200000 implements MigrationInterface {
  name = 'ManageYourDataHeading1795315200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE form_fields SET ui = ui || '{"heading":"Manage your data"}'::jsonb WHERE key = 'privacyStateResident'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE form_fields SET ui = ui - 'heading' WHERE key = 'privacyStateResident'`);
  }
}
