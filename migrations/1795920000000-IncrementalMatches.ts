import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A profile save judges only what it changed (docs/matching.md, "A profile save"): each stored
 * state keeps the answer vector its matches were computed from (`applicant_answer_vectors.slots`
 * as it was then). NULL on the states stored before this migration: their next recomputation is
 * a full one, which writes it.
 */
export class IncrementalMatches1795920000000 implements MigrationInterface {
  name = 'IncrementalMatches1795920000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE applicant_match_state ADD COLUMN answer_slots integer[]`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE applicant_match_state DROP COLUMN answer_slots`);
  }
}
