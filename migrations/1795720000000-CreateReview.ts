import type { MigrationInterface, QueryRunner } from 'typeorm';
import { PROVIDER_MESSAGE_FIELDS, RANK_CRITERION_FIELDS, REVIEW_FORMS } from './data/review-fields.js';

const TARGETS_BEFORE = ['account', 'profile', 'organisation', 'scholarship', 'requirement'];
const TARGETS = [...TARGETS_BEFORE, 'rank-criterion', 'message'];
const FIELDS = [...RANK_CRITERION_FIELDS, ...PROVIDER_MESSAGE_FIELDS];
const REVIEW_STATUSES = ['Received', 'Under review', 'Shortlisted', 'Winner', 'Not selected'];

function inList(values: string[]): string {
  return values.map((v) => `'${v}'`).join(', ');
}

/**
 * Provider review (docs/review.md): the review status, stored eligibility verdict and average
 * score of a submitted application; a scholarship's blind-review switch and rubric; reviewers of
 * an organisation and their invitations; each reviewer's points; winner decisions with the seed
 * of a draw; the review's served forms.
 */
export class CreateReview1795720000000 implements MigrationInterface {
  name = 'CreateReview1795720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users DROP CONSTRAINT users_role_check`);
    await queryRunner.query(`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('applicant', 'provider', 'admin', 'reviewer'))`);

    await queryRunner.query(`
      ALTER TABLE applications
        ADD COLUMN review_status varchar(16) NOT NULL DEFAULT 'Received' CHECK (review_status IN (${inList(REVIEW_STATUSES)})),
        ADD COLUMN eligibility   varchar(10) CHECK (eligibility IN ('eligible', 'missing', 'ineligible')),
        ADD COLUMN average_score numeric(5, 2),
        ADD COLUMN review_count  integer NOT NULL DEFAULT 0`);
    // The applicants list's orders (docs/review.md): one scholarship's submitted applications.
    await queryRunner.query(`CREATE INDEX applications_review_by_date ON applications (scholarship_id, submitted_at DESC, id DESC) WHERE status = 'Received'`);
    await queryRunner.query(`CREATE INDEX applications_review_by_score ON applications (scholarship_id, average_score, id) WHERE status = 'Received'`);

    await queryRunner.query(`
      ALTER TABLE scholarships
        ADD COLUMN blind_review boolean NOT NULL DEFAULT false,
        ADD COLUMN eligibility_judged_on date,
        ADD COLUMN eligibility_judged_criteria jsonb`);

    await queryRunner.query(`
      CREATE TABLE rank_criteria (
        id             uuid         PRIMARY KEY DEFAULT gen_random_uuid(),
        scholarship_id uuid         NOT NULL REFERENCES scholarships (id) ON DELETE CASCADE,
        position       integer      NOT NULL,
        name           varchar(200) NOT NULL,
        description    text,
        weight         integer      NOT NULL CHECK (weight BETWEEN 1 AND 100),
        max_points     integer      NOT NULL CHECK (max_points BETWEEN 1 AND 100),
        extra          jsonb        NOT NULL DEFAULT '{}'::jsonb CHECK (jsonb_typeof(extra) = 'object')
      )`);
    await queryRunner.query(`CREATE INDEX rank_criteria_of_scholarship ON rank_criteria (scholarship_id, position)`);

    await queryRunner.query(`
      CREATE TABLE organisation_reviewers (
        reviewer_id uuid        PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        provider_id uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX organisation_reviewers_of_provider ON organisation_reviewers (provider_id)`);

    await queryRunner.query(`
      CREATE TABLE reviewer_invitations (
        id          uuid         PRIMARY KEY DEFAULT gen_random_uuid(),
        provider_id uuid         NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        email       varchar(320) NOT NULL,
        token_hash  bytea        NOT NULL UNIQUE,
        expires_at  timestamptz  NOT NULL,
        accepted_at timestamptz,
        created_at  timestamptz  NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX reviewer_invitations_of_provider ON reviewer_invitations (provider_id, lower(email))`);

    await queryRunner.query(`
      CREATE TABLE application_points (
        application_id uuid        NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        reviewer_id    uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        criterion_id   uuid        NOT NULL REFERENCES rank_criteria (id) ON DELETE CASCADE,
        points         integer     NOT NULL CHECK (points >= 0),
        updated_at     timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (application_id, reviewer_id, criterion_id)
      )`);
    await queryRunner.query(`CREATE INDEX application_points_by_reviewer ON application_points (reviewer_id, application_id)`);

    await queryRunner.query(`
      CREATE TABLE winner_decisions (
        id             uuid        PRIMARY KEY DEFAULT gen_random_uuid(),
        scholarship_id uuid        NOT NULL REFERENCES scholarships (id) ON DELETE CASCADE,
        method         varchar(8)  NOT NULL CHECK (method IN ('hand', 'draw')),
        seed           char(64)    CHECK ((method = 'draw') = (seed IS NOT NULL)),
        count          integer     NOT NULL,
        candidate_ids  uuid[]      NOT NULL,
        winner_ids     uuid[]      NOT NULL,
        decided_by     uuid        REFERENCES users (id) ON DELETE SET NULL,
        decided_at     timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX winner_decisions_of_scholarship ON winner_decisions (scholarship_id, decided_at)`);

    await queryRunner.query(`ALTER TABLE form_fields DROP CONSTRAINT form_fields_target_check`);
    await queryRunner.query(`ALTER TABLE form_fields ADD CONSTRAINT form_fields_target_check CHECK (target IN (${inList(TARGETS)}))`);
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
    for (const form of REVIEW_FORMS) {
      await queryRunner.query(`INSERT INTO forms (key, title, description, sections, field_keys) VALUES ($1, $2, $3, $4, $5)`, [
        form.key, form.title, form.description ?? null, form.sections, form.fields ?? [],
      ]);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM forms WHERE key = ANY($1)`, [REVIEW_FORMS.map((form) => form.key)]);
    await queryRunner.query(`DELETE FROM form_fields WHERE key = ANY($1)`, [FIELDS.map((field) => field.key)]);
    await queryRunner.query(`ALTER TABLE form_fields DROP CONSTRAINT form_fields_target_check`);
    await queryRunner.query(`ALTER TABLE form_fields ADD CONSTRAINT form_fields_target_check CHECK (target IN (${inList(TARGETS_BEFORE)}))`);
    await queryRunner.query(`DROP TABLE winner_decisions, application_points, reviewer_invitations, organisation_reviewers, rank_criteria`);
    await queryRunner.query(`ALTER TABLE scholarships DROP COLUMN blind_review, DROP COLUMN eligibility_judged_on, DROP COLUMN eligibility_judged_criteria`);
    await queryRunner.query(`DROP INDEX applications_review_by_date, applications_review_by_score`);
    await queryRunner.query(`ALTER TABLE applications DROP COLUMN review_status, DROP COLUMN eligibility, DROP COLUMN average_score, DROP COLUMN review_count`);
    await queryRunner.query(`DELETE FROM users WHERE role = 'reviewer'`);
    await queryRunner.query(`ALTER TABLE users DROP CONSTRAINT users_role_check`);
    await queryRunner.query(`ALTER TABLE users ADD CONSTRAINT users_role_check CHECK (role IN ('applicant', 'provider', 'admin'))`);
  }
}
