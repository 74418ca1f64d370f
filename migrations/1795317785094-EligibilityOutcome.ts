import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * All of a scholarship's rules against one applicant's answers, as `evaluateEligibility` does:
 * any failing rule -> 'ineligible', else any unanswered or unknown field -> 'missing', else
 * 'eligible' (no rules: 'eligible'). `answers` is the profile document plus the account's `dob`.
 */
export class EligibilityOutcome1795317785094 implements MigrationInterface {
  name = 'EligibilityOutcome1795317785094';

  async up(queryRunner: QueryRunner): Promise<void> {
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

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP FUNCTION eligibility_outcome(jsonb, jsonb, date)`);
  }
}
