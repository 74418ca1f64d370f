import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The searchable catalogues whose options stay on the server, searched as the person types. */
const SEARCHED_FIELDS = ['highSchoolName', 'collegeName'];

/**
 * High schools and colleges are searched through `GET /register-applicants/form-fields/{key}/options`
 * instead of travelling whole with every form (they were most of the Education tab's 79 kB).
 */
export class SearchLongCatalogues1795314416284 implements MigrationInterface {
  name = 'SearchLongCatalogues1795314416284';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const key of SEARCHED_FIELDS) {
      await queryRunner.query(`UPDATE form_fields SET ui = ui || jsonb_build_object('searchUrl', $2::text) WHERE key = $1`, [
        key,
        `/api/v1/register-applicants/form-fields/${key}/options`,
      ]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE form_fields SET ui = ui - 'searchUrl' WHERE key = ANY($1)`, [SEARCHED_FIELDS]);
  }
}
