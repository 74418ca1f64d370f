import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An applicant's application to a scholarship (My Scholarships and the
 * detail gate read it; the requirement forms write it: docs/applications.md). One per applicant and
 * scholarship; 'Draft' until every required requirement is filled, then 'Received'.
 */
export class CreateApplications1795320522072 implements MigrationInterface {
  name = 'CreateApplications1795320522072';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE applications (
        id             uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id        uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        scholarship_id uuid        NOT NULL REFERENCES scholarships (id) ON DELETE CASCADE,
        status         varchar(16) NOT NULL CHECK (status IN ('Draft', 'Received')),
        form_version   varchar(32),
        answers        jsonb       NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(answers) = 'object'),
        submitted_at   timestamptz,
        created_at     timestamptz NOT NULL DEFAULT now(),
        updated_at     timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, scholarship_id)
      )`);
    await queryRunner.query(`CREATE INDEX applications_by_scholarship ON applications (scholarship_id, status)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE applications`);
  }
}
