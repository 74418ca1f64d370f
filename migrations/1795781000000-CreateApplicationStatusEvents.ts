import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The application tracker's history (docs/applications.md, "The application tracker"): one row
 * each time an application's status changes. Written by triggers on `applications`, so every
 * writer (a draft save, a submission, Easy Apply and bulk apply, automatic application, a
 * recurring scholarship's new cycle, a provider's status move, a winners decision, and any writer
 * added later) records the event in its own statement's transaction: a change that rolls back
 * leaves no event, and no change goes unrecorded.
 *
 * An event's status is the step the application reached: 'Draft' (a draft was saved for the first
 * time), 'Submitted' (it became Received), then the provider's review statuses ('Received' again
 * after a move back, 'Under review', 'Shortlisted', 'Winner', 'Not selected'). Saving a draft
 * again changes no status and records nothing.
 *
 * Applications that exist already get one event from their current state, marked `backfilled`:
 * a draft dated when it was started, a submission dated when it was submitted, a later review
 * status dated at the application's last change (the best date kept for it).
 */
export class CreateApplicationStatusEvents1795781000000 implements MigrationInterface {
  name = 'CreateApplicationStatusEvents1795781000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE application_status_events (
        id             bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        application_id uuid        NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
        status         varchar(16) NOT NULL CHECK (status IN ('Draft', 'Submitted', 'Received', 'Under review', 'Shortlisted', 'Winner', 'Not selected')),
        occurred_at    timestamptz NOT NULL DEFAULT now(),
        backfilled     boolean     NOT NULL DEFAULT false
      )`);
    await queryRunner.query(`CREATE INDEX application_status_events_of_application ON application_status_events (application_id, occurred_at, id)`);

    await queryRunner.query(`
      INSERT INTO application_status_events (application_id, status, occurred_at, backfilled)
      SELECT id,
             CASE WHEN status = 'Draft' THEN 'Draft' WHEN review_status = 'Received' THEN 'Submitted' ELSE review_status END,
             CASE WHEN status = 'Draft' THEN created_at WHEN review_status = 'Received' THEN coalesce(submitted_at, created_at) ELSE updated_at END,
             true
        FROM applications
       ORDER BY created_at, id`);

    // New applications, by statement: Easy Apply, bulk apply and automatic application insert
    // many at once, and one INSERT ... SELECT records all their events.
    await queryRunner.query(`
      CREATE FUNCTION application_status_events_of_inserts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO application_status_events (application_id, status)
        SELECT id, status FROM (
          SELECT id, CASE WHEN status = 'Draft' THEN 'Draft' ELSE 'Submitted' END AS status, 1 AS step FROM inserted_applications
          UNION ALL
          SELECT id, review_status, 2 FROM inserted_applications WHERE status = 'Received' AND review_status <> 'Received'
        ) AS events
        ORDER BY id, step;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER application_status_events_on_insert AFTER INSERT ON applications
      REFERENCING NEW TABLE AS inserted_applications
      FOR EACH STATEMENT EXECUTE FUNCTION application_status_events_of_inserts()`);

    // Changed applications, by row and only when a status moved (the WHEN is checked without
    // calling the function): the many updates that change scores, verdicts or names cost nothing.
    await queryRunner.query(`
      CREATE FUNCTION application_status_event_of_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.status = 'Draft' AND NEW.status = 'Received' THEN
          INSERT INTO application_status_events (application_id, status) VALUES (NEW.id, 'Submitted');
          IF NEW.review_status <> 'Received' THEN
            INSERT INTO application_status_events (application_id, status) VALUES (NEW.id, NEW.review_status);
          END IF;
        ELSIF OLD.status = 'Received' AND NEW.status = 'Received' THEN
          INSERT INTO application_status_events (application_id, status) VALUES (NEW.id, NEW.review_status);
        ELSIF OLD.status = 'Received' AND NEW.status = 'Draft' THEN
          INSERT INTO application_status_events (application_id, status) VALUES (NEW.id, 'Draft');
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER application_status_events_on_update AFTER UPDATE OF status, review_status ON applications
      FOR EACH ROW
      WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.review_status IS DISTINCT FROM NEW.review_status)
      EXECUTE FUNCTION application_status_event_of_update()`);

    // The tracker's and the inbox's "messages about this scholarship" for one person.
    await queryRunner.query(`
      CREATE INDEX inbox_by_recipient_scholarship ON inbox_messages (user_id, scholarship_id, sent_at DESC, id DESC)
      WHERE scholarship_id IS NOT NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX inbox_by_recipient_scholarship`);
    await queryRunner.query(`DROP TRIGGER application_status_events_on_update ON applications`);
    await queryRunner.query(`DROP FUNCTION application_status_event_of_update()`);
    await queryRunner.query(`DROP TRIGGER application_status_events_on_insert ON applications`);
    await queryRunner.query(`DROP FUNCTION application_status_events_of_inserts()`);
    await queryRunner.query(`DROP TABLE application_status_events`);
  }
}
