import { sqlFunction, sqlTrigger, type DatabaseDefinition } from './definition.js';

/**
 * Every applicant's answers typed once and kept (docs/matching.md, "Answers kept typed"): each
 * field's distinct answers numbered in `answer_values`, each applicant's answers as slots of those
 * numbers in `applicant_answer_vectors`, kept by triggers on `users` and `form_fields`.
 */

/**
 * The ordinal of an answer in its field's dictionary, added when new (0: not an answer). New
 * answers of one field are numbered one transaction at a time (dense ordinals index arrays).
 */
const ANSWER_VALUE_ORDINAL = sqlFunction(`
CREATE OR REPLACE FUNCTION answer_value_ordinal(key text, data_type text, answer jsonb) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  hash bytea := sha256(convert_to(answer::text, 'UTF8'));
  found_ordinal integer;
  facts record;
BEGIN
  SELECT ordinal INTO found_ordinal FROM answer_values WHERE field_key = key AND answer_hash = hash;
  IF found_ordinal IS NOT NULL THEN RETURN found_ordinal; END IF;
  SELECT * INTO facts FROM eligibility_answer_facts(answer, data_type, current_date);
  IF NOT facts.answered THEN RETURN 0; END IF;
  PERFORM pg_advisory_xact_lock(hashtextextended('answer_values/' || key, 11));
  SELECT ordinal INTO found_ordinal FROM answer_values WHERE field_key = key AND answer_hash = hash;
  IF found_ordinal IS NOT NULL THEN RETURN found_ordinal; END IF;
  INSERT INTO answer_values (field_key, ordinal, answer_hash, comparable, txt, texts, num, born)
  SELECT key, coalesce((SELECT max(ordinal) FROM answer_values WHERE field_key = key), 0) + 1, hash,
         facts.comparable, facts.txt, facts.texts, facts.num,
         CASE WHEN facts.comparable THEN eligibility_birth_date(to_jsonb(facts.txt)) END
  RETURNING ordinal INTO found_ordinal;
  RETURN found_ordinal;
END $$`);

/** An applicant's answers (as matching reads them: profile plus date of birth) as slots by field id. */
const ANSWER_SLOTS_OF = sqlFunction(`
CREATE OR REPLACE FUNCTION answer_slots_of(answers jsonb) RETURNS integer[] LANGUAGE sql AS $$
  WITH given AS (
    SELECT field.id, answer_value_ordinal(field.key, field.data_type, answer.value) AS ordinal
      FROM jsonb_each(answers) AS answer (key, value)
      JOIN form_fields AS field ON field.key = answer.key AND field.active
  )
  SELECT coalesce(array_agg(coalesce(given.ordinal, 0) ORDER BY slot), '{}')
    FROM generate_series(1, (SELECT coalesce(max(id), 0) FROM given)) AS slot
    LEFT JOIN given ON given.id = slot
$$`);

const MATCHING_ANSWERS_OF = sqlFunction(`
CREATE OR REPLACE FUNCTION matching_answers_of(profile jsonb, dob date) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT profile || CASE WHEN dob IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('dob', to_char(dob, 'YYYY-MM-DD')) END
$$`);

const REFRESH_APPLICANT_ANSWER_VECTOR = sqlFunction(`
CREATE OR REPLACE FUNCTION refresh_applicant_answer_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role = 'applicant' THEN
    INSERT INTO applicant_answer_vectors (user_id, slots) VALUES (NEW.id, answer_slots_of(matching_answers_of(NEW.profile, NEW.dob)))
    ON CONFLICT (user_id) DO UPDATE SET slots = EXCLUDED.slots;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM applicant_answer_vectors WHERE user_id = NEW.id;
  END IF;
  RETURN NULL;
END $$`);

/**
 * Fields whose key, type or activity changed: their dictionaries go, and every applicant who
 * answered one of them (under the old or the new key) is typed again.
 */
const RETYPE_ANSWERS = sqlFunction(`
CREATE OR REPLACE FUNCTION retype_answers(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(keys) = 0 THEN RETURN; END IF;
  DELETE FROM answer_values WHERE field_key = ANY(keys);
  UPDATE applicant_answer_vectors vector SET slots = answer_slots_of(matching_answers_of(u.profile, u.dob))
    FROM users u
   WHERE u.id = vector.user_id AND (u.profile ?| keys OR ('dob' = ANY(keys) AND u.dob IS NOT NULL));
END $$`);

const RETYPE_ANSWERS_OF_CHANGED_FIELDS = sqlFunction(`
CREATE OR REPLACE FUNCTION retype_answers_of_changed_fields() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM retype_answers(ARRAY(SELECT key FROM new_fields));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM retype_answers(ARRAY(SELECT key FROM old_fields));
  ELSE
    PERFORM retype_answers(ARRAY(
      SELECT k FROM old_fields o JOIN new_fields n ON n.id = o.id,
             LATERAL unnest(ARRAY[o.key, n.key]) AS k
       WHERE (o.key, o.data_type, o.active) IS DISTINCT FROM (n.key, n.data_type, n.active)));
  END IF;
  RETURN NULL;
END $$`);

const RETYPE = 'FOR EACH STATEMENT EXECUTE FUNCTION retype_answers_of_changed_fields()';

const TRIGGERS = [
  sqlTrigger('users_answer_vector_insert', 'users', 'AFTER INSERT', 'FOR EACH ROW EXECUTE FUNCTION refresh_applicant_answer_vector()'),
  sqlTrigger(
    'users_answer_vector_update',
    'users',
    'AFTER UPDATE',
    `FOR EACH ROW WHEN (OLD.profile IS DISTINCT FROM NEW.profile OR OLD.dob IS DISTINCT FROM NEW.dob OR OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION refresh_applicant_answer_vector()`,
  ),
  // Transition tables take one event per trigger.
  sqlTrigger('form_fields_retype_insert', 'form_fields', 'AFTER INSERT', `REFERENCING NEW TABLE AS new_fields ${RETYPE}`),
  sqlTrigger('form_fields_retype_update', 'form_fields', 'AFTER UPDATE', `REFERENCING OLD TABLE AS old_fields NEW TABLE AS new_fields ${RETYPE}`),
  sqlTrigger('form_fields_retype_delete', 'form_fields', 'AFTER DELETE', `REFERENCING OLD TABLE AS old_fields ${RETYPE}`),
];

/** answer_slots_of is SQL, checked at creation: answer_value_ordinal comes first. */
export const ANSWER_VECTOR_DEFINITIONS: DatabaseDefinition[] = [
  ANSWER_VALUE_ORDINAL,
  ANSWER_SLOTS_OF,
  MATCHING_ANSWERS_OF,
  REFRESH_APPLICANT_ANSWER_VECTOR,
  RETYPE_ANSWERS,
  RETYPE_ANSWERS_OF_CHANGED_FIELDS,
  ...TRIGGERS,
];
