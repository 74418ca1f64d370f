import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The embeddable scholarship card (docs/embedding.md): the sites an organisation lets frame its
 * cards (origins, checked by the API; an empty list frames nowhere), and on each application how
 * the applicant came to it: 'embed' when through the sponsor's card on the sponsor's own site.
 * Kept from the application's first save, so the sponsor's count is of applications, not clicks.
 */
export class EmbedReferrals1795910000000 implements MigrationInterface {
  name = 'EmbedReferrals1795910000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE organisations ADD COLUMN embed_origins text[] NOT NULL DEFAULT '{}'`);
    await queryRunner.query(`ALTER TABLE applications ADD COLUMN referral_source varchar(20) CHECK (referral_source IN ('embed'))`);
    // The studio counts per scholarship; only the few referred rows are indexed.
    await queryRunner.query(`CREATE INDEX applications_embed_referrals ON applications (scholarship_id) WHERE referral_source = 'embed'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX applications_embed_referrals`);
    await queryRunner.query(`ALTER TABLE applications DROP COLUMN referral_source`);
    await queryRunner.query(`ALTER TABLE organisations DROP COLUMN embed_origins`);
  }
}
