import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Scholarships: a provider's offer with its eligibility criteria and requirements as
 * data. Amounts are whole US dollars. Description HTML is sanitised before it is stored.
 */
export class CreateScholarships1795316544750 implements MigrationInterface {
  name = 'CreateScholarships1795316544750';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE scholarships (
        id                uuid         PRIMARY KEY DEFAULT gen_random_uuid(),
        provider_id       uuid         NOT NULL REFERENCES users (id),
        title             varchar(200) NOT NULL,
        description       text         NOT NULL DEFAULT '',
        amounts           integer[]    NOT NULL DEFAULT '{}',
        award             integer      CHECK (award IS NULL OR award >= 0),
        deadline          date,
        recurrence_config jsonb        NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(recurrence_config) = 'object'),
        status            varchar(16)  NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'closed')),
        criteria          jsonb        NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(criteria) = 'array'),
        requirements      jsonb        NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(requirements) = 'array'),
        published_at      timestamptz,
        created_at        timestamptz  NOT NULL DEFAULT now(),
        updated_at        timestamptz  NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX scholarships_provider ON scholarships (provider_id, created_at DESC)`);
    await queryRunner.query(`CREATE INDEX scholarships_published ON scholarships (deadline) WHERE status = 'published'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE scholarships`);
  }
}
