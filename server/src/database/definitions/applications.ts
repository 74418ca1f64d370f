import { sqlFunction, sqlTrigger, type DatabaseDefinition } from './definition.js';

/**
 * Copies an application keeps of its applicant (names and search text, for the review list's
 * sort and search without a join: docs/review.md) and its status history (docs/applications.md).
 */

const APPLICATIONS_COPY_APPLICANT = sqlFunction(`
CREATE OR REPLACE FUNCTION applications_copy_applicant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.first_name, u.last_name, lower(u.first_name || ' ' || u.last_name || ' ' || u.email)
    INTO NEW.applicant_first_name, NEW.applicant_last_name, NEW.applicant_search
    FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END $$`);

const USERS_NAMES_TO_APPLICATIONS = sqlFunction(`
CREATE OR REPLACE FUNCTION users_names_to_applications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications
     SET applicant_first_name = NEW.first_name, applicant_last_name = NEW.last_name, applicant_search = lower(NEW.first_name || ' ' || NEW.last_name || ' ' || NEW.email)
   WHERE user_id = NEW.id;
  RETURN NULL;
END $$`);

/**
 * New applications, by statement: Easy Apply, bulk apply and automatic application insert many at
 * once, and one INSERT ... SELECT records all their events.
 */
const STATUS_EVENTS_OF_INSERTS = sqlFunction(`
CREATE OR REPLACE FUNCTION application_status_events_of_inserts() RETURNS trigger LANGUAGE plpgsql AS $$
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

/**
 * Changed applications, by row and only when a status moved (the trigger's WHEN is checked without
 * calling the function): the many updates that change scores, verdicts or names cost nothing.
 */
const STATUS_EVENT_OF_UPDATE = sqlFunction(`
CREATE OR REPLACE FUNCTION application_status_event_of_update() RETURNS trigger LANGUAGE plpgsql AS $$
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

export const APPLICATION_DEFINITIONS: DatabaseDefinition[] = [
  APPLICATIONS_COPY_APPLICANT,
  USERS_NAMES_TO_APPLICATIONS,
  STATUS_EVENTS_OF_INSERTS,
  STATUS_EVENT_OF_UPDATE,
  sqlTrigger('applications_copy_applicant', 'applications', 'BEFORE INSERT OR UPDATE OF user_id', 'FOR EACH ROW EXECUTE FUNCTION applications_copy_applicant()'),
  sqlTrigger(
    'users_names_to_applications',
    'users',
    'AFTER UPDATE OF first_name, last_name, email',
    `FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION users_names_to_applications()`,
  ),
  sqlTrigger(
    'application_status_events_on_insert',
    'applications',
    'AFTER INSERT',
    'REFERENCING NEW TABLE AS inserted_applications FOR EACH STATEMENT EXECUTE FUNCTION application_status_events_of_inserts()',
  ),
  sqlTrigger(
    'application_status_events_on_update',
    'applications',
    'AFTER UPDATE OF status, review_status',
    `FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.review_status IS DISTINCT FROM NEW.review_status)
  EXECUTE FUNCTION application_status_event_of_update()`,
  ),
];
