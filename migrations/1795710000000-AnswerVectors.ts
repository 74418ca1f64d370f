import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every applicant's answers, typed once and kept, so that a question about all applicants (the
 * eligibility builder's live count, a scholarship's changes applied to every stored match) is one
 * pass over narrow rows instead of typing 100,000 profiles per request (docs/matching.md, "Answers
 * kept typed").
 *
 * - `answer_values`: a dictionary of the distinct answers of each field, typed by the matcher's own
 *   `eligibility_answer_facts` (answered values only), numbered 1, 2, 3… per field. A rule is then
 *   judged once per distinct answer (a few dozen grades or countries), with eligibility_typed_verdict.
 * - `applicant_answer_vectors`: one row per applicant, `slots[form_fields.id]` = the ordinal of their
 *   answer to that field in the dictionary, 0 when unanswered. Kept by a trigger on users (profile,
 *   dob, role: whoever writes them) and rebuilt for the fields whose key, type or activity changes.
 *
 * The age is the one fact that depends on the day: the dictionary keeps the birth date, and
 * `eligibility_age` becomes `eligibility_age_on(eligibility_birth_date(value), today)`, the same
 * computation split in two, so the stored date and a live answer give the same age. (It now counts
 * on calendar dates: the old one went through timestamptz, which in a zone whose clocks skip
 * midnight could differ by a year on a birthday; in UTC, where this server runs, they agree.)
 */
export class AnswerVectors1795710000000 implements MigrationInterface {
  name = 'AnswerVectors1795710000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.ageInTwoSteps(queryRunner);
    await this.tables(queryRunner);
    await this.functions(queryRunner);
    await this.triggers(queryRunner);
    await this.fill(queryRunner);
  }

  private async ageInTwoSteps(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION eligibility_birth_date(value jsonb) RETURNS date LANGUAGE plpgsql IMMUTABLE AS $$
      BEGIN
        IF jsonb_typeof(value) <> 'string' OR (value #>> '{}') !~ '^\\d{4}-\\d{2}-\\d{2}$' THEN RETURN NULL; END IF;
        RETURN (value #>> '{}')::date;
      EXCEPTION WHEN others THEN
        RETURN NULL;
      END $$`);
    // Plain SQL on calendar dates (timestamp, not timestamptz: the same in every time zone, as the
    // TypeScript evaluator's age is, and immutable, so the planner inlines it where it is used).
    await queryRunner.query(`
      CREATE FUNCTION eligibility_age_on(born date, today date) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
        SELECT extract(year FROM age(today::timestamp, born::timestamp))::integer
      $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION eligibility_age(value jsonb, today date) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
        SELECT eligibility_age_on(eligibility_birth_date(value), today)
      $$`);
  }

  private async tables(queryRunner: QueryRunner): Promise<void> {
    // The key is a hash of the answer's JSON text: an answer may be longer than a B-tree entry may be.
    await queryRunner.query(`
      CREATE TABLE answer_values (
        field_key   text    NOT NULL,
        ordinal     integer NOT NULL,
        answer_hash bytea   NOT NULL,
        comparable  boolean NOT NULL,
        txt         text,
        texts       text[],
        num         numeric,
        born        date,
        PRIMARY KEY (field_key, ordinal),
        UNIQUE (field_key, answer_hash)
      )`);
    await queryRunner.query(`
      CREATE TABLE applicant_answer_vectors (
        user_id uuid      PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        slots   integer[] NOT NULL
      )`);
  }

  private async functions(queryRunner: QueryRunner): Promise<void> {
    // The ordinal of an answer in its field's dictionary, added when new (0: not an answer). New
    // answers of one field are numbered one transaction at a time (dense ordinals index arrays).
    await queryRunner.query(`
      CREATE FUNCTION answer_value_ordinal(key text, data_type text, answer jsonb) RETURNS integer LANGUAGE plpgsql AS $$
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
    // An applicant's answers (as matching reads them: profile plus date of birth) as slots by field id.
    await queryRunner.query(`
      CREATE FUNCTION answer_slots_of(answers jsonb) RETURNS integer[] LANGUAGE sql AS $$
        WITH given AS (
          SELECT field.id, answer_value_ordinal(field.key, field.data_type, answer.value) AS ordinal
            FROM jsonb_each(answers) AS answer (key, value)
            JOIN form_fields AS field ON field.key = answer.key AND field.active
        )
        SELECT coalesce(array_agg(coalesce(given.ordinal, 0) ORDER BY slot), '{}')
          FROM generate_series(1, (SELECT coalesce(max(id), 0) FROM given)) AS slot
          LEFT JOIN given ON given.id = slot
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION matching_answers_of(profile jsonb, dob date) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
        SELECT profile || CASE WHEN dob IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('dob', to_char(dob, 'YYYY-MM-DD')) END
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION refresh_applicant_answer_vector() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.role = 'applicant' THEN
          INSERT INTO applicant_answer_vectors (user_id, slots) VALUES (NEW.id, answer_slots_of(matching_answers_of(NEW.profile, NEW.dob)))
          ON CONFLICT (user_id) DO UPDATE SET slots = EXCLUDED.slots;
        ELSIF TG_OP = 'UPDATE' THEN
          DELETE FROM applicant_answer_vectors WHERE user_id = NEW.id;
        END IF;
        RETURN NULL;
      END $$`);
    // Fields whose key, type or activity changed: their dictionaries go, and every applicant who
    // answered one of them (under the old or the new key) is typed again.
    await queryRunner.query(`
      CREATE FUNCTION retype_answers(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF cardinality(keys) = 0 THEN RETURN; END IF;
        DELETE FROM answer_values WHERE field_key = ANY(keys);
        UPDATE applicant_answer_vectors vector SET slots = answer_slots_of(matching_answers_of(u.profile, u.dob))
          FROM users u
         WHERE u.id = vector.user_id AND (u.profile ?| keys OR ('dob' = ANY(keys) AND u.dob IS NOT NULL));
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION retype_answers_of_changed_fields() RETURNS trigger LANGUAGE plpgsql AS $$
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
  }

  private async triggers(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TRIGGER users_answer_vector_insert AFTER INSERT ON users
        FOR EACH ROW EXECUTE FUNCTION refresh_applicant_answer_vector()`);
    await queryRunner.query(`
      CREATE TRIGGER users_answer_vector_update AFTER UPDATE ON users
        FOR EACH ROW WHEN (OLD.profile IS DISTINCT FROM NEW.profile OR OLD.dob IS DISTINCT FROM NEW.dob OR OLD.role IS DISTINCT FROM NEW.role)
        EXECUTE FUNCTION refresh_applicant_answer_vector()`);
    // Transition tables take one event per trigger.
    await queryRunner.query(`
      CREATE TRIGGER form_fields_retype_insert AFTER INSERT ON form_fields REFERENCING NEW TABLE AS new_fields
        FOR EACH STATEMENT EXECUTE FUNCTION retype_answers_of_changed_fields()`);
    await queryRunner.query(`
      CREATE TRIGGER form_fields_retype_update AFTER UPDATE ON form_fields REFERENCING OLD TABLE AS old_fields NEW TABLE AS new_fields
        FOR EACH STATEMENT EXECUTE FUNCTION retype_answers_of_changed_fields()`);
    await queryRunner.query(`
      CREATE TRIGGER form_fields_retype_delete AFTER DELETE ON form_fields REFERENCING OLD TABLE AS old_fields
        FOR EACH STATEMENT EXECUTE FUNCTION retype_answers_of_changed_fields()`);
  }

  /** Applicants who exist before this migration: each distinct answer typed once, then the vectors. */
  private async fill(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      INSERT INTO answer_values (field_key, ordinal, answer_hash, comparable, txt, texts, num, born)
      SELECT d.key, row_number() OVER (PARTITION BY d.key ORDER BY d.hash), d.hash, facts.comparable, facts.txt, facts.texts, facts.num,
             CASE WHEN facts.comparable THEN eligibility_birth_date(to_jsonb(facts.txt)) END
        FROM (SELECT DISTINCT field.key, field.data_type, answer.value, sha256(convert_to(answer.value::text, 'UTF8')) AS hash
                FROM users u
               CROSS JOIN LATERAL jsonb_each(matching_answers_of(u.profile, u.dob)) AS answer (key, value)
                JOIN form_fields field ON field.key = answer.key AND field.active
               WHERE u.role = 'applicant') AS d
       CROSS JOIN LATERAL eligibility_answer_facts(d.value, d.data_type, current_date) AS facts
       WHERE facts.answered`);
    await queryRunner.query(`
      INSERT INTO applicant_answer_vectors (user_id, slots)
      SELECT id, answer_slots_of(matching_answers_of(profile, dob)) FROM users WHERE role = 'applicant'`);
    await queryRunner.query(`ANALYZE answer_values, applicant_answer_vectors`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER form_fields_retype_delete ON form_fields`);
    await queryRunner.query(`DROP TRIGGER form_fields_retype_update ON form_fields`);
    await queryRunner.query(`DROP TRIGGER form_fields_retype_insert ON form_fields`);
    await queryRunner.query(`DROP TRIGGER users_answer_vector_update ON users`);
    await queryRunner.query(`DROP TRIGGER users_answer_vector_insert ON users`);
    await queryRunner.query(`DROP FUNCTION retype_answers_of_changed_fields()`);
    await queryRunner.query(`DROP FUNCTION retype_answers(text[])`);
    await queryRunner.query(`DROP FUNCTION refresh_applicant_answer_vector()`);
    await queryRunner.query(`DROP FUNCTION matching_answers_of(jsonb, date)`);
    await queryRunner.query(`DROP FUNCTION answer_slots_of(jsonb)`);
    await queryRunner.query(`DROP FUNCTION answer_value_ordinal(text, text, jsonb)`);
    await queryRunner.query(`DROP TABLE applicant_answer_vectors`);
    await queryRunner.query(`DROP TABLE answer_values`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION eligibility_age(value jsonb, today date) RETURNS integer LANGUAGE plpgsql IMMUTABLE AS $$
      BEGIN
        IF jsonb_typeof(value) <> 'string' OR (value #>> '{}') !~ '^\\d{4}-\\d{2}-\\d{2}$' THEN RETURN NULL; END IF;
        RETURN extract(year FROM age(today, (value #>> '{}')::date))::integer;
      EXCEPTION WHEN others THEN
        RETURN NULL;
      END $$`);
    await queryRunner.query(`DROP FUNCTION eligibility_age_on(date, date)`);
    await queryRunner.query(`DROP FUNCTION eligibility_birth_date(jsonb)`);
  }
}
