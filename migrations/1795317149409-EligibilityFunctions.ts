import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The eligibility rules evaluated inside PostgreSQL, so that lists and counts are queries, not
 * loops in Node. They mirror `evaluateRule` / `evaluateEligibility` of
 * schemas/src/eligibility/criteria.ts rule for rule; server/test/eligibility-sql.spec.ts generates
 * rules and answers and checks that both give the same verdicts.
 */
export class EligibilityFunctions1795317149409 implements MigrationInterface {
  name = 'EligibilityFunctions1795317149409';

  async up(queryRunner: QueryRunner): Promise<void> {
    // A JSON scalar or list as text values, as the TypeScript side's String() sees them.
    await queryRunner.query(`
      CREATE FUNCTION eligibility_texts(value jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE WHEN jsonb_typeof(value) = 'array'
                    THEN ARRAY(SELECT element #>> '{}' FROM jsonb_array_elements(value) AS element)
                    ELSE ARRAY[value #>> '{}'] END
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION eligibility_number(value jsonb) RETURNS numeric LANGUAGE plpgsql IMMUTABLE AS $$
      BEGIN
        RETURN (value #>> '{}')::numeric;
      EXCEPTION WHEN others THEN
        RETURN NULL;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION eligibility_age(value jsonb, today date) RETURNS integer LANGUAGE plpgsql IMMUTABLE AS $$
      BEGIN
        IF jsonb_typeof(value) <> 'string' OR (value #>> '{}') !~ '^\\d{4}-\\d{2}-\\d{2}$' THEN RETURN NULL; END IF;
        RETURN extract(year FROM age(today, (value #>> '{}')::date))::integer;
      EXCEPTION WHEN others THEN
        RETURN NULL;
      END $$`);
    // One rule against one answer: 'pass', 'fail' or 'missing' (an unanswered field is never failing).
    await queryRunner.query(`
      CREATE FUNCTION eligibility_rule_verdict(rule jsonb, data_type text, answer jsonb, today date)
      RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
      DECLARE
        op text := rule->>'operator';
        bound jsonb := rule->'value';
        a jsonb := answer;
        numeric_kind boolean := data_type IN ('number', 'grade');
        holds boolean;
      BEGIN
        IF data_type IS NULL THEN RETURN 'missing'; END IF;
        IF a IS NULL OR a = 'null'::jsonb OR a = '""'::jsonb OR a = '[]'::jsonb THEN RETURN 'missing'; END IF;
        IF op = 'exists' THEN RETURN 'pass'; END IF;
        IF data_type = 'grade' THEN
          a := a->'gpa';
          IF a IS NULL OR jsonb_typeof(a) <> 'number' THEN RETURN 'missing'; END IF;
        END IF;
        holds := CASE op
          WHEN 'eq' THEN (a #>> '{}') = (bound #>> '{}')
          WHEN 'neq' THEN (a #>> '{}') <> (bound #>> '{}')
          WHEN 'in' THEN eligibility_texts(a) && eligibility_texts(bound)
          WHEN 'nin' THEN NOT (eligibility_texts(a) && eligibility_texts(bound))
          WHEN 'gte' THEN CASE WHEN numeric_kind THEN eligibility_number(a) >= eligibility_number(bound)
                               ELSE (a #>> '{}') COLLATE "C" >= (bound #>> '{}') COLLATE "C" END
          WHEN 'lte' THEN CASE WHEN numeric_kind THEN eligibility_number(a) <= eligibility_number(bound)
                               ELSE (a #>> '{}') COLLATE "C" <= (bound #>> '{}') COLLATE "C" END
          WHEN 'between' THEN CASE WHEN numeric_kind
                               THEN eligibility_number(a) >= eligibility_number(bound->0) AND eligibility_number(a) <= eligibility_number(bound->1)
                               ELSE (a #>> '{}') COLLATE "C" >= (bound->>0) COLLATE "C" AND (a #>> '{}') COLLATE "C" <= (bound->>1) COLLATE "C" END
          WHEN 'ageBetween' THEN eligibility_age(a, today) >= eligibility_number(bound->0) AND eligibility_age(a, today) <= eligibility_number(bound->1)
          ELSE false
        END;
        RETURN CASE WHEN coalesce(holds, false) THEN 'pass' ELSE 'fail' END;
      END $$`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION eligibility_rule_verdict(jsonb, text, jsonb, date)`);
    await queryRunner.query(`DROP FUNCTION eligibility_age(jsonb, date)`);
    await queryRunner.query(`DROP FUNCTION eligibility_number(jsonb)`);
    await queryRunner.query(`DROP FUNCTION eligibility_texts(jsonb)`);
  }
}
