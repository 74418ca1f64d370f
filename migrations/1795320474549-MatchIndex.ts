import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Matching at 100,000 scholarships × 100,000 applicants (docs/matching.md).
 *
 * 1. One rule semantics, typed: `eligibility_typed_verdict` compares pre-typed rule bounds with
 *    pre-typed answer facts using plain SQL expressions (inlined by the planner: no PL/pgSQL call,
 *    no exception block per row). `eligibility_rule_verdict` (property-tested against the
 *    TypeScript evaluator) now types its inputs and calls it, so both paths share one rule.
 * 2. The catalogue as the matcher needs it: `matchable_scholarships` (published offers, narrow
 *    rows) and `matchable_rules` (their criteria, bounds typed once at write time), kept by a
 *    trigger on `scholarships`, so any writer keeps them right.
 * 3. Per-applicant results: `applicant_matches` (the eligible scholarships with the lists' sort
 *    and filter columns) and `applicant_match_state` (what they were computed from: the
 *    answers' version, the catalogue's version and the day; plus the dashboard aggregates).
 *    A request recomputes them when any of the three moved, so a profile save shows at once.
 */
export class MatchIndex1795320474549 implements MigrationInterface {
  name = 'MatchIndex1795320474549';

  async up(queryRunner: QueryRunner): Promise<void> {
    await this.typedVerdict(queryRunner);
    await this.catalogue(queryRunner);
    await this.applicantState(queryRunner);
  }

  private async typedVerdict(queryRunner: QueryRunner): Promise<void> {
    // A rule's bounds typed once: eq/neq text; in/nin a text list; gte/lte/between as numbers and as text.
    await queryRunner.query(`
      CREATE FUNCTION eligibility_rule_bounds(rule jsonb,
        OUT operator text, OUT txt text, OUT texts text[], OUT lo_num numeric, OUT hi_num numeric, OUT lo_txt text, OUT hi_txt text)
      LANGUAGE sql IMMUTABLE AS $$
        SELECT rule->>'operator',
               CASE WHEN jsonb_typeof(rule->'value') <> 'array' THEN rule->'value' #>> '{}' END,
               CASE WHEN rule->'value' IS NOT NULL THEN eligibility_texts(rule->'value') END,
               CASE WHEN rule->>'operator' IN ('between', 'ageBetween') THEN eligibility_number(rule->'value'->0)
                    WHEN rule->>'operator' = 'gte' THEN eligibility_number(rule->'value') END,
               CASE WHEN rule->>'operator' IN ('between', 'ageBetween') THEN eligibility_number(rule->'value'->1)
                    WHEN rule->>'operator' = 'lte' THEN eligibility_number(rule->'value') END,
               CASE WHEN rule->>'operator' = 'between' THEN rule->'value'->>0
                    WHEN rule->>'operator' = 'gte' THEN rule->'value' #>> '{}' END,
               CASE WHEN rule->>'operator' = 'between' THEN rule->'value'->>1
                    WHEN rule->>'operator' = 'lte' THEN rule->'value' #>> '{}' END
      $$`);
    // An answer's facts typed once per applicant: answered at all, and the value a rule compares
    // (a grade by its GPA, which must be a number) as text, text list, number and age.
    await queryRunner.query(`
      CREATE FUNCTION eligibility_answer_facts(answer jsonb, data_type text, today date,
        OUT answered boolean, OUT comparable boolean, OUT txt text, OUT texts text[], OUT num numeric, OUT age integer)
      LANGUAGE plpgsql IMMUTABLE AS $$
      DECLARE
        a jsonb := answer;
      BEGIN
        answered := NOT (a IS NULL OR a = 'null'::jsonb OR a = '""'::jsonb OR a = '[]'::jsonb);
        IF answered AND data_type = 'grade' THEN
          a := a->'gpa';
          IF a IS NULL OR jsonb_typeof(a) <> 'number' THEN a := NULL; END IF;
        END IF;
        comparable := answered AND a IS NOT NULL;
        IF comparable THEN
          txt := a #>> '{}';
          texts := eligibility_texts(a);
          num := eligibility_number(a);
          age := eligibility_age(a, today);
        END IF;
      END $$`);
    // One rule on typed inputs. An unknown field (data_type NULL) or an unanswered one is 'missing';
    // 'exists' passes on any answer; a grade without a GPA is 'missing'; otherwise 'pass' or 'fail'.
    await queryRunner.query(`
      CREATE FUNCTION eligibility_typed_verdict(
        operator text, r_txt text, r_texts text[], lo_num numeric, hi_num numeric, lo_txt text, hi_txt text,
        data_type text, answered boolean, comparable boolean, a_txt text, a_texts text[], a_num numeric, a_age integer)
      RETURNS text LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE
          WHEN data_type IS NULL OR NOT coalesce(answered, false) THEN 'missing'
          WHEN operator = 'exists' THEN 'pass'
          WHEN NOT comparable THEN 'missing'
          WHEN coalesce(CASE operator
            WHEN 'eq' THEN a_txt = r_txt
            WHEN 'neq' THEN a_txt <> r_txt
            WHEN 'in' THEN a_texts && r_texts
            WHEN 'nin' THEN NOT (a_texts && r_texts)
            WHEN 'gte' THEN CASE WHEN data_type IN ('number', 'grade') THEN a_num >= lo_num ELSE a_txt COLLATE "C" >= lo_txt COLLATE "C" END
            WHEN 'lte' THEN CASE WHEN data_type IN ('number', 'grade') THEN a_num <= hi_num ELSE a_txt COLLATE "C" <= hi_txt COLLATE "C" END
            WHEN 'between' THEN CASE WHEN data_type IN ('number', 'grade') THEN a_num >= lo_num AND a_num <= hi_num
                                     ELSE a_txt COLLATE "C" >= lo_txt COLLATE "C" AND a_txt COLLATE "C" <= hi_txt COLLATE "C" END
            WHEN 'ageBetween' THEN a_age >= lo_num AND a_age <= hi_num
            ELSE false
          END, false) THEN 'pass'
          ELSE 'fail'
        END
      $$`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION eligibility_rule_verdict(rule jsonb, data_type text, answer jsonb, today date)
      RETURNS text LANGUAGE sql IMMUTABLE AS $$
        SELECT eligibility_typed_verdict(b.operator, b.txt, b.texts, b.lo_num, b.hi_num, b.lo_txt, b.hi_txt,
                                         data_type, f.answered, f.comparable, f.txt, f.texts, f.num, f.age)
          FROM eligibility_rule_bounds(rule) AS b, eligibility_answer_facts(answer, data_type, today) AS f
      $$`);
  }

  private async catalogue(queryRunner: QueryRunner): Promise<void> {
    // Bumped once per statement that changes anything a match depends on (a published offer's criteria, dates, amounts or
    // requirements; a field's type or activity): applicants' results from before are recomputed.
    await queryRunner.query(`CREATE TABLE match_catalogue (id boolean PRIMARY KEY DEFAULT true CHECK (id), version bigint NOT NULL DEFAULT 1)`);
    await queryRunner.query(`INSERT INTO match_catalogue DEFAULT VALUES`);
    await queryRunner.query(`
      CREATE TABLE matchable_scholarships (
        scholarship_id       uuid        PRIMARY KEY REFERENCES scholarships (id) ON DELETE CASCADE,
        created_at           timestamptz NOT NULL,
        deadline             date,
        total_amount         bigint      NOT NULL,
        requirement_count    integer     NOT NULL,
        only_requirement_key text
      )`);
    await queryRunner.query(`
      CREATE TABLE matchable_rules (
        scholarship_id uuid NOT NULL REFERENCES matchable_scholarships (scholarship_id) ON DELETE CASCADE,
        field_key      text NOT NULL,
        operator       text NOT NULL,
        txt            text,
        texts          text[],
        lo_num         numeric,
        hi_num         numeric,
        lo_txt         text,
        hi_txt         text
      )`);
    await queryRunner.query(`CREATE INDEX matchable_rules_scholarship ON matchable_rules (scholarship_id)`);
    await queryRunner.query(`CREATE INDEX matchable_rules_field ON matchable_rules (field_key)`);
    await queryRunner.query(`
      CREATE FUNCTION refresh_matchable_scholarship() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP <> 'INSERT' THEN
          DELETE FROM matchable_scholarships WHERE scholarship_id = OLD.id;
        END IF;
        IF TG_OP <> 'DELETE' AND NEW.status = 'published' THEN
          INSERT INTO matchable_scholarships (scholarship_id, created_at, deadline, total_amount, requirement_count, only_requirement_key)
          VALUES (NEW.id, NEW.created_at, NEW.deadline,
                  CASE WHEN cardinality(NEW.amounts) > 0 THEN (SELECT sum(x) FROM unnest(NEW.amounts) AS x) ELSE coalesce(NEW.award, 0) END,
                  jsonb_array_length(NEW.requirements),
                  CASE WHEN jsonb_array_length(NEW.requirements) = 1 THEN NEW.requirements->0->'field'->>'key' END);
          INSERT INTO matchable_rules (scholarship_id, field_key, operator, txt, texts, lo_num, hi_num, lo_txt, hi_txt)
          SELECT NEW.id, rule->>'fieldKey', b.operator, b.txt, b.texts, b.lo_num, b.hi_num, b.lo_txt, b.hi_txt
            FROM jsonb_array_elements(NEW.criteria) AS rule, eligibility_rule_bounds(rule) AS b;
        END IF;
        IF TG_OP <> 'INSERT' OR NEW.status = 'published' THEN
          -- Noted here, counted once per statement below: a bulk insert bumps the version once.
          PERFORM set_config('scholarmatch.catalogue_changed', 'yes', true);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER scholarships_matchable_insert AFTER INSERT ON scholarships
        FOR EACH ROW EXECUTE FUNCTION refresh_matchable_scholarship()`);
    await queryRunner.query(`
      CREATE TRIGGER scholarships_matchable_update AFTER UPDATE ON scholarships
        FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.criteria IS DISTINCT FROM NEW.criteria
                           OR OLD.deadline IS DISTINCT FROM NEW.deadline OR OLD.amounts IS DISTINCT FROM NEW.amounts
                           OR OLD.award IS DISTINCT FROM NEW.award OR OLD.requirements IS DISTINCT FROM NEW.requirements)
        EXECUTE FUNCTION refresh_matchable_scholarship()`);
    await queryRunner.query(`
      CREATE TRIGGER scholarships_matchable_delete AFTER DELETE ON scholarships
        FOR EACH ROW EXECUTE FUNCTION refresh_matchable_scholarship()`);
    await queryRunner.query(`
      CREATE FUNCTION bump_match_catalogue() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE match_catalogue SET version = version + 1;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION bump_match_catalogue_if_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('scholarmatch.catalogue_changed', true) = 'yes' THEN
          UPDATE match_catalogue SET version = version + 1;
          PERFORM set_config('scholarmatch.catalogue_changed', '', true);
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER scholarships_match_catalogue AFTER INSERT OR UPDATE OR DELETE ON scholarships
        FOR EACH STATEMENT EXECUTE FUNCTION bump_match_catalogue_if_changed()`);
    await queryRunner.query(`
      CREATE TRIGGER form_fields_match_catalogue AFTER INSERT OR DELETE OR UPDATE OF key, data_type, active ON form_fields
        FOR EACH STATEMENT EXECUTE FUNCTION bump_match_catalogue()`);
    // Scholarships that exist before this migration.
    await queryRunner.query(`
      INSERT INTO matchable_scholarships (scholarship_id, created_at, deadline, total_amount, requirement_count, only_requirement_key)
      SELECT id, created_at, deadline,
             CASE WHEN cardinality(amounts) > 0 THEN (SELECT sum(x) FROM unnest(amounts) AS x) ELSE coalesce(award, 0) END,
             jsonb_array_length(requirements), CASE WHEN jsonb_array_length(requirements) = 1 THEN requirements->0->'field'->>'key' END
        FROM scholarships WHERE status = 'published'`);
    await queryRunner.query(`
      INSERT INTO matchable_rules (scholarship_id, field_key, operator, txt, texts, lo_num, hi_num, lo_txt, hi_txt)
      SELECT s.id, rule->>'fieldKey', b.operator, b.txt, b.texts, b.lo_num, b.hi_num, b.lo_txt, b.hi_txt
        FROM scholarships s, jsonb_array_elements(s.criteria) AS rule, eligibility_rule_bounds(rule) AS b
       WHERE s.status = 'published'`);
  }

  private async applicantState(queryRunner: QueryRunner): Promise<void> {
    // Moves whenever an answer that matching reads changes, whoever writes it.
    await queryRunner.query(`ALTER TABLE users ADD COLUMN answers_version bigint NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      CREATE FUNCTION bump_answers_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.answers_version := OLD.answers_version + 1;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER users_answers_version BEFORE UPDATE ON users
        FOR EACH ROW WHEN (OLD.profile IS DISTINCT FROM NEW.profile OR OLD.dob IS DISTINCT FROM NEW.dob)
        EXECUTE FUNCTION bump_answers_version()`);
    await queryRunner.query(`
      CREATE TABLE applicant_match_state (
        user_id           uuid        PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        answers_version   bigint      NOT NULL,
        catalogue_version bigint      NOT NULL,
        computed_for      date        NOT NULL,
        computed_at       timestamptz NOT NULL DEFAULT now(),
        summary           jsonb       NOT NULL
      )`);
    // Only the eligible scholarships are stored (the lists' rows); the missing-data ones are only
    // counted, in the state's summary. No foreign keys on purpose: thousands of rows are written
    // per recomputation and a key check per row would double its cost. Rows go with their state
    // (trigger below) and are rewritten whenever the catalogue moves; lists join scholarships
    // for what they show. One index serves the default order (newest first) and the counts.
    await queryRunner.query(`
      CREATE TABLE applicant_matches (
        user_id              uuid        NOT NULL,
        scholarship_id       uuid        NOT NULL,
        created_at           timestamptz NOT NULL,
        deadline             date,
        total_amount         bigint      NOT NULL,
        requirement_count    integer     NOT NULL,
        only_requirement_key text
      )`);
    await queryRunner.query(`CREATE INDEX applicant_matches_by_created ON applicant_matches (user_id, created_at, scholarship_id)`);
    await queryRunner.query(`
      CREATE FUNCTION drop_applicant_matches() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        DELETE FROM applicant_matches WHERE user_id = OLD.user_id;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER applicant_match_state_delete AFTER DELETE ON applicant_match_state
        FOR EACH ROW EXECUTE FUNCTION drop_applicant_matches()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE applicant_matches`);
    await queryRunner.query(`DROP TABLE applicant_match_state`);
    await queryRunner.query(`DROP FUNCTION drop_applicant_matches()`);
    await queryRunner.query(`DROP TRIGGER users_answers_version ON users`);
    await queryRunner.query(`DROP FUNCTION bump_answers_version()`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN answers_version`);
    await queryRunner.query(`DROP TRIGGER form_fields_match_catalogue ON form_fields`);
    await queryRunner.query(`DROP TRIGGER scholarships_match_catalogue ON scholarships`);
    await queryRunner.query(`DROP FUNCTION bump_match_catalogue_if_changed()`);
    await queryRunner.query(`DROP FUNCTION bump_match_catalogue()`);
    for (const trigger of ['insert', 'update', 'delete']) await queryRunner.query(`DROP TRIGGER scholarships_matchable_${trigger} ON scholarships`);
    await queryRunner.query(`DROP FUNCTION refresh_matchable_scholarship()`);
    await queryRunner.query(`DROP TABLE matchable_rules`);
    await queryRunner.query(`DROP TABLE matchable_scholarships`);
    await queryRunner.query(`DROP TABLE match_catalogue`);
    // The typed rule functions stay: eligibility_rule_verdict now calls them (same verdicts).
  }
}
