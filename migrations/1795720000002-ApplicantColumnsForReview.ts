import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The text the applicants list searches: first and last name and e-mail, lower case. */
const SEARCH_TEXT = (u: string) => `lower(${u}.first_name || ' ' || ${u}.last_name || ' ' || ${u}.email)`;

/**
 * The applicants list sorted by name and searched by name or e-mail from the application's own
 * indexes (docs/review.md, "Applicants list"). Joining every application of a scholarship to its
 * person to sort or search took 20-40 ms at 10,000 applications (bench part `review`); a copy of
 * the names and the search text on the application, kept by triggers when a person's names or
 * e-mail change, lets the application's indexes answer both. The trigram index on all users goes:
 * a common word ('gmail') matched most people of the site, not only the scholarship's applicants.
 */
export class ApplicantColumnsForReview1795720000002 implements MigrationInterface {
  name = 'ApplicantColumnsForReview1795720000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE applications
        ADD COLUMN applicant_first_name varchar(100),
        ADD COLUMN applicant_last_name  varchar(100),
        ADD COLUMN applicant_search     text`);
    await queryRunner.query(`
      UPDATE applications a
         SET applicant_first_name = u.first_name, applicant_last_name = u.last_name, applicant_search = ${SEARCH_TEXT('u')}
        FROM users u WHERE u.id = a.user_id`);
    await queryRunner.query(`
      CREATE FUNCTION applications_copy_applicant() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        SELECT u.first_name, u.last_name, ${SEARCH_TEXT('u')}
          INTO NEW.applicant_first_name, NEW.applicant_last_name, NEW.applicant_search
          FROM users u WHERE u.id = NEW.user_id;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER applications_copy_applicant BEFORE INSERT OR UPDATE OF user_id ON applications
      FOR EACH ROW EXECUTE FUNCTION applications_copy_applicant()`);
    await queryRunner.query(`
      CREATE FUNCTION users_names_to_applications() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE applications
           SET applicant_first_name = NEW.first_name, applicant_last_name = NEW.last_name, applicant_search = ${SEARCH_TEXT('NEW')}
         WHERE user_id = NEW.id;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER users_names_to_applications AFTER UPDATE OF first_name, last_name, email ON users
      FOR EACH ROW
      WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.email IS DISTINCT FROM NEW.email)
      EXECUTE FUNCTION users_names_to_applications()`);
    await queryRunner.query(`
      CREATE INDEX applications_review_by_name ON applications (scholarship_id, applicant_last_name, applicant_first_name, id)
      WHERE status = 'Received'`);
    // Parts of names and e-mails by trigrams: a rare word is found in well under a millisecond;
    // a word most applicants share is read from the scholarship's applications instead (the
    // planner decides from the statistics).
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(`CREATE INDEX applications_review_search ON applications USING gin (applicant_search gin_trgm_ops) WHERE status = 'Received'`);
    await queryRunner.query(`DROP INDEX users_review_search`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX users_review_search ON users USING gin (${SEARCH_TEXT('users')} gin_trgm_ops)`);
    await queryRunner.query(`DROP INDEX applications_review_search, applications_review_by_name`);
    await queryRunner.query(`DROP TRIGGER users_names_to_applications ON users`);
    await queryRunner.query(`DROP FUNCTION users_names_to_applications()`);
    await queryRunner.query(`DROP TRIGGER applications_copy_applicant ON applications`);
    await queryRunner.query(`DROP FUNCTION applications_copy_applicant()`);
    await queryRunner.query(`ALTER TABLE applications DROP COLUMN applicant_search, DROP COLUMN applicant_last_name, DROP COLUMN applicant_first_name`);
  }
}
