import type { MigrationInterface, QueryRunner } from 'typeorm';

/** An applicant's saved scholarships (the Wishlist, or Saved, of docs/decisions.md). One row per pair: adding twice is harmless. */
export class CreateWishlist1795317949370 implements MigrationInterface {
  name = 'CreateWishlist1795317949370';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE wishlist (
        user_id        uuid        NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        scholarship_id uuid        NOT NULL REFERENCES scholarships (id) ON DELETE CASCADE,
        created_at     timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, scholarship_id)
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE wishlist`);
  }
}
