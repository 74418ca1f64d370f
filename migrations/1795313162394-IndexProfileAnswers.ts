import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Profile answers live in `users.profile` (jsonb keyed by field key). A GIN index serves the
 * containment queries matching runs (`profile @> '{"country":"us"}'`); matching adds expression
 * indexes for its range rules (GPA, dates) where it needs them.
 */
export class IndexProfileAnswers1795313162394 implements MigrationInterface {
  name = 'IndexProfileAnswers1795313162394';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX users_profile_answers ON users USING gin (profile jsonb_path_ops)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX users_profile_answers`);
  }
}
