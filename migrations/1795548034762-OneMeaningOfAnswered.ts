import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The SQL evaluator's "answered" follows the one meaning of the answer policy
 * (schemas/src/answers/answer-policy.ts, docs/matching.md): blank text, an empty list or object and
 * an unticked box are no answer (before, blank text and `false` counted). Stored matches are
 * recomputed, since a verdict may change.
 */
const FACTS_HEAD = `
  CREATE OR REPLACE FUNCTION eligibility_answer_facts(answer jsonb, data_type text, today date,
    OUT answered boolean, OUT comparable boolean, OUT txt text, OUT texts text[], OUT num numeric, OUT age integer)
  LANGUAGE plpgsql IMMUTABLE AS $$
  DECLARE
    a jsonb := answer;
  BEGIN`;

const FACTS_TAIL = `
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
  END $$`;

export class OneMeaningOfAnswered1795548034762 implements MigrationInterface {
  name = 'OneMeaningOfAnswered1795548034762';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`${FACTS_HEAD}
    answered := NOT (a IS NULL OR a = 'null'::jsonb OR a = '[]'::jsonb OR a = '{}'::jsonb
                     OR (jsonb_typeof(a) = 'string' AND (a #>> '{}') !~ '\\S')
                     OR (data_type = 'checkbox' AND a <> 'true'::jsonb));${FACTS_TAIL}`);
    await queryRunner.query(`UPDATE match_catalogue SET version = version + 1`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`${FACTS_HEAD}
    answered := NOT (a IS NULL OR a = 'null'::jsonb OR a = '""'::jsonb OR a = '[]'::jsonb);${FACTS_TAIL}`);
    await queryRunner.query(`UPDATE match_catalogue SET version = version + 1`);
  }
}
