import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `eligibility_outcome` evaluated a scholarship's rules row by row for each request; the stored
 * matches (MatchIndex) replaced it and nothing calls it any more.
 */
export class DropEligibilityOutcome1795324416303 implements MigrationInterface {
  name = 'DropEligibilityOutcome1795324416303';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION eligibility_outcome(jsonb, jsonb, date)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION eligibility_outcome(criteria jsonb, answers jsonb, today date) RETURNS text LANGUAGE sql STABLE AS $$
        SELECT CASE
                 WHEN bool_or(verdict = 'fail') THEN 'ineligible'
                 WHEN bool_or(verdict = 'missing') THEN 'missing'
                 ELSE 'eligible'
               END
          FROM (SELECT eligibility_rule_verdict(rule, field.data_type, answers -> (rule->>'fieldKey'), today) AS verdict
                  FROM jsonb_array_elements(criteria) AS rule
                  LEFT JOIN form_fields AS field ON field.key = rule->>'fieldKey' AND field.active) AS verdicts
      $$`);
  }
}
