import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A scholarship's publish, close, or change of criteria, dates, amounts or requirements updates the
 * stored matches of every applicant incrementally, in a job, instead of sending every active
 * applicant to recompute everything (docs/matching.md, "When the catalogue changes").
 *
 * - `match_changes`: one row per changed scholarship and catalogue version, with the offer as the
 *   matcher saw it before and after (NULL: not open to matching), written by the trigger that
 *   keeps `matchable_*`. One version per transaction: the version is bumped, as before, by an
 *   UPDATE of the one `match_catalogue` row, whose lock is held until commit, so versions become
 *   visible in their order and a snapshot always sees a prefix of them.
 * - `match_catalogue.recompute_version`: the last change that needs every applicant recomputed (a
 *   field's key, type or activity; any version bump that is not a recorded scholarship change; a
 *   statement that changes more than LARGE_CHANGE scholarships at once). States computed before it
 *   are stale, as every state was before this migration.
 * - `match_progress.applied_version`: every applicant state that was current (its answers, its
 *   day) when the job last ran has been brought up to this version. A state's contents reflect
 *   `greatest(catalogue_version, applied_version)`.
 * - NOTIFY `match_catalogue_changed` on each recorded change: every server instance queues the job.
 */
const LARGE_CHANGE = 200;

/** An offer as the matcher reads it (the columns of matchable_scholarships and the criteria), or NULL when not published. */
const OFFER_OF = `
  CREATE FUNCTION match_offer_of(s scholarships) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
    SELECT CASE WHEN s.status = 'published' THEN jsonb_build_object(
      'created_at', s.created_at,
      'deadline', s.deadline,
      'total_amount', CASE WHEN cardinality(s.amounts) > 0 THEN (SELECT sum(x) FROM unnest(s.amounts) AS x) ELSE coalesce(s.award, 0) END,
      'requirement_count', jsonb_array_length(s.requirements),
      'only_requirement_key', CASE WHEN jsonb_array_length(s.requirements) = 1 THEN s.requirements->0->'field'->>'key' END,
      'criteria', s.criteria) END
  $$`;

const REFRESH_MATCHABLE = `
  CREATE OR REPLACE FUNCTION refresh_matchable_scholarship() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    offer_before jsonb := CASE WHEN TG_OP <> 'INSERT' THEN match_offer_of(OLD) END;
    offer_after jsonb := CASE WHEN TG_OP <> 'DELETE' THEN match_offer_of(NEW) END;
  BEGIN
    IF TG_OP <> 'INSERT' THEN
      DELETE FROM matchable_scholarships WHERE scholarship_id = OLD.id;
    END IF;
    IF offer_after IS NOT NULL THEN
      INSERT INTO matchable_scholarships (scholarship_id, created_at, deadline, total_amount, requirement_count, only_requirement_key)
      VALUES (NEW.id, NEW.created_at, NEW.deadline, (offer_after->>'total_amount')::bigint, (offer_after->>'requirement_count')::integer,
              offer_after->>'only_requirement_key');
      INSERT INTO matchable_rules (scholarship_id, field_key, operator, txt, texts, lo_num, hi_num, lo_txt, hi_txt)
      SELECT NEW.id, rule->>'fieldKey', b.operator, b.txt, b.texts, b.lo_num, b.hi_num, b.lo_txt, b.hi_txt
        FROM jsonb_array_elements(NEW.criteria) AS rule, eligibility_rule_bounds(rule) AS b;
    END IF;
    IF offer_before IS DISTINCT FROM offer_after THEN
      PERFORM record_match_change(CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END, offer_before, offer_after);
    END IF;
    RETURN NULL;
  END $$`;

export class IncrementalMatches1795710000001 implements MigrationInterface {
  name = 'IncrementalMatches1795710000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE match_catalogue ADD COLUMN recompute_version bigint NOT NULL DEFAULT 0`);
    // Whatever is stored now stays as stale as it was.
    await queryRunner.query(`UPDATE match_catalogue SET recompute_version = version`);
    // Apart from the catalogue row: the job's progress must not wait on a provider's transaction.
    await queryRunner.query(`CREATE TABLE match_progress (id boolean PRIMARY KEY DEFAULT true CHECK (id), applied_version bigint NOT NULL)`);
    await queryRunner.query(`INSERT INTO match_progress (applied_version) SELECT version FROM match_catalogue`);
    await queryRunner.query(`
      CREATE TABLE match_changes (
        version        bigint      NOT NULL,
        scholarship_id uuid        NOT NULL,
        before_offer   jsonb,
        after_offer    jsonb,
        changed_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (version, scholarship_id)
      )`);
    await this.functions(queryRunner);
    await queryRunner.query(`
      CREATE TRIGGER match_catalogue_global_bump BEFORE UPDATE OF version ON match_catalogue
        FOR EACH ROW EXECUTE FUNCTION mark_global_match_change()`);
    await queryRunner.query(`DROP TRIGGER scholarships_match_catalogue ON scholarships`);
    await queryRunner.query(`DROP FUNCTION bump_match_catalogue_if_changed()`);
    await queryRunner.query(`
      CREATE TRIGGER scholarships_match_changes_size AFTER INSERT OR UPDATE OR DELETE ON scholarships
        FOR EACH STATEMENT EXECUTE FUNCTION recompute_after_large_change()`);
  }

  private async functions(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(OFFER_OF);
    // This transaction's catalogue version for scholarship changes: bumped at its first one.
    await queryRunner.query(`
      CREATE FUNCTION record_match_change(scholarship uuid, offer_before jsonb, offer_after jsonb) RETURNS void LANGUAGE plpgsql AS $$
      DECLARE
        v bigint := nullif(current_setting('scholarmatch.change_version', true), '')::bigint;
      BEGIN
        IF v IS NULL THEN
          PERFORM set_config('scholarmatch.scholarship_change', 'yes', true);
          UPDATE match_catalogue SET version = version + 1 RETURNING version INTO v;
          PERFORM set_config('scholarmatch.scholarship_change', '', true);
          PERFORM set_config('scholarmatch.change_version', v::text, true);
        END IF;
        -- Twice in one transaction: the offer before the first change, after the last.
        INSERT INTO match_changes (version, scholarship_id, before_offer, after_offer) VALUES (v, scholarship, offer_before, offer_after)
        ON CONFLICT (version, scholarship_id) DO UPDATE SET after_offer = EXCLUDED.after_offer;
        PERFORM pg_notify('match_catalogue_changed', v::text);
      END $$`);
    // Any other bump of the version (a field's change, a migration's) sends every applicant to recompute.
    await queryRunner.query(`
      CREATE FUNCTION mark_global_match_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.version IS DISTINCT FROM OLD.version AND current_setting('scholarmatch.scholarship_change', true) IS DISTINCT FROM 'yes' THEN
          NEW.recompute_version := NEW.version;
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`
      CREATE FUNCTION recompute_after_large_change() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        v bigint := nullif(current_setting('scholarmatch.change_version', true), '')::bigint;
      BEGIN
        IF v IS NOT NULL AND (SELECT count(*) FROM match_changes WHERE version = v) > ${LARGE_CHANGE} THEN
          UPDATE match_catalogue SET recompute_version = v WHERE recompute_version < v;
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(REFRESH_MATCHABLE);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER scholarships_match_changes_size ON scholarships`);
    await queryRunner.query(`DROP TRIGGER match_catalogue_global_bump ON match_catalogue`);
    await queryRunner.query(`
      CREATE OR REPLACE FUNCTION refresh_matchable_scholarship() RETURNS trigger LANGUAGE plpgsql AS $$
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
          PERFORM set_config('scholarmatch.catalogue_changed', 'yes', true);
        END IF;
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
    await queryRunner.query(`DROP FUNCTION recompute_after_large_change()`);
    await queryRunner.query(`DROP FUNCTION mark_global_match_change()`);
    await queryRunner.query(`DROP FUNCTION record_match_change(uuid, jsonb, jsonb)`);
    await queryRunner.query(`DROP FUNCTION match_offer_of(scholarships)`);
    await queryRunner.query(`DROP TABLE match_changes`);
    await queryRunner.query(`DROP TABLE match_progress`);
    await queryRunner.query(`ALTER TABLE match_catalogue DROP COLUMN recompute_version`);
  }
}
