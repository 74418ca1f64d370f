import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The applicants list's indexes (docs/review.md, "Applicants list"; measured by bench part
 * `review` at 10,000 applications): counts by status and eligibility from the index alone, the
 * best-score-first order, the applications not judged yet, the reference prefix, and names and
 * e-mails searched by trigrams (so a search starts from the few matching people, not from every
 * application).
 */
export class ReviewListIndexes1795720000001 implements MigrationInterface {
  name = 'ReviewListIndexes1795720000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE INDEX applications_review_counts ON applications (scholarship_id, review_status, eligibility) WHERE status = 'Received'`);
    await queryRunner.query(`CREATE INDEX applications_review_by_score_desc ON applications (scholarship_id, average_score DESC NULLS LAST, id DESC) WHERE status = 'Received'`);
    await queryRunner.query(`CREATE INDEX applications_unjudged ON applications (scholarship_id) WHERE status = 'Received' AND eligibility IS NULL`);
    await queryRunner.query(`CREATE INDEX applications_reference ON applications (scholarship_id, upper(left(id::text, 8)) text_pattern_ops) WHERE status = 'Received'`);
    await queryRunner.query(`CREATE INDEX users_review_search ON users USING gin (lower(first_name || ' ' || last_name || ' ' || email) gin_trgm_ops)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX users_review_search, applications_reference, applications_unjudged, applications_review_by_score_desc, applications_review_counts`);
  }
}
