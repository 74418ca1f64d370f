import { sqlFunction, sqlTrigger, type DatabaseDefinition } from './definition.js';

/**
 * What keeps the matcher's tables right whoever writes (docs/matching.md, "Data layout" and "When
 * the catalogue changes"): the published offers as the matcher reads them, the catalogue's
 * version and its changes, the applicants' answers version, and the stored matches' cleanup.
 */

/** A statement changing more scholarships than this sends every applicant to recompute. */
const LARGE_CHANGE = 200;

/** An offer as the matcher reads it (the columns of matchable_scholarships and the criteria), or NULL when not published. */
const MATCH_OFFER_OF = sqlFunction(`
CREATE OR REPLACE FUNCTION match_offer_of(s scholarships) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN s.status = 'published' THEN jsonb_build_object(
    'created_at', s.created_at,
    'deadline', s.deadline,
    'total_amount', CASE WHEN cardinality(s.amounts) > 0 THEN (SELECT sum(x) FROM unnest(s.amounts) AS x) ELSE coalesce(s.award, 0) END,
    'requirement_count', jsonb_array_length(s.requirements),
    'only_requirement_key', CASE WHEN jsonb_array_length(s.requirements) = 1 THEN s.requirements->0->'field'->>'key' END,
    'criteria', s.criteria) END
$$`);

/** This transaction's catalogue version for scholarship changes: bumped at its first one. */
const RECORD_MATCH_CHANGE = sqlFunction(`
CREATE OR REPLACE FUNCTION record_match_change(scholarship uuid, offer_before jsonb, offer_after jsonb) RETURNS void LANGUAGE plpgsql AS $$
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

/** Any other bump of the version (a field's change, a migration's) sends every applicant to recompute. */
const MARK_GLOBAL_MATCH_CHANGE = sqlFunction(`
CREATE OR REPLACE FUNCTION mark_global_match_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version IS DISTINCT FROM OLD.version AND current_setting('scholarmatch.scholarship_change', true) IS DISTINCT FROM 'yes' THEN
    NEW.recompute_version := NEW.version;
  END IF;
  RETURN NEW;
END $$`);

const RECOMPUTE_AFTER_LARGE_CHANGE = sqlFunction(`
CREATE OR REPLACE FUNCTION recompute_after_large_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint := nullif(current_setting('scholarmatch.change_version', true), '')::bigint;
BEGIN
  IF v IS NOT NULL AND (SELECT count(*) FROM match_changes WHERE version = v) > ${LARGE_CHANGE} THEN
    UPDATE match_catalogue SET recompute_version = v WHERE recompute_version < v;
  END IF;
  RETURN NULL;
END $$`);

/** The published offer's narrow row and typed rules, and the change recorded for the change job. */
const REFRESH_MATCHABLE_SCHOLARSHIP = sqlFunction(`
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
END $$`);

const BUMP_MATCH_CATALOGUE = sqlFunction(`
CREATE OR REPLACE FUNCTION bump_match_catalogue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE match_catalogue SET version = version + 1;
  RETURN NULL;
END $$`);

/** Moves whenever an answer that matching reads changes, whoever writes it. */
const BUMP_ANSWERS_VERSION = sqlFunction(`
CREATE OR REPLACE FUNCTION bump_answers_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.answers_version := OLD.answers_version + 1;
  RETURN NEW;
END $$`);

/** Stored matches go with their state row (they have no foreign key, on purpose: docs/matching.md). */
const DROP_APPLICANT_MATCHES = sqlFunction(`
CREATE OR REPLACE FUNCTION drop_applicant_matches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM applicant_matches WHERE user_id = OLD.user_id;
  RETURN NULL;
END $$`);

const TRIGGERS = [
  sqlTrigger('scholarships_matchable_insert', 'scholarships', 'AFTER INSERT', 'FOR EACH ROW EXECUTE FUNCTION refresh_matchable_scholarship()'),
  sqlTrigger(
    'scholarships_matchable_update',
    'scholarships',
    'AFTER UPDATE',
    `FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.criteria IS DISTINCT FROM NEW.criteria
                     OR OLD.deadline IS DISTINCT FROM NEW.deadline OR OLD.amounts IS DISTINCT FROM NEW.amounts
                     OR OLD.award IS DISTINCT FROM NEW.award OR OLD.requirements IS DISTINCT FROM NEW.requirements)
  EXECUTE FUNCTION refresh_matchable_scholarship()`,
  ),
  sqlTrigger('scholarships_matchable_delete', 'scholarships', 'AFTER DELETE', 'FOR EACH ROW EXECUTE FUNCTION refresh_matchable_scholarship()'),
  sqlTrigger('scholarships_match_changes_size', 'scholarships', 'AFTER INSERT OR UPDATE OR DELETE', 'FOR EACH STATEMENT EXECUTE FUNCTION recompute_after_large_change()'),
  sqlTrigger('match_catalogue_global_bump', 'match_catalogue', 'BEFORE UPDATE OF version', 'FOR EACH ROW EXECUTE FUNCTION mark_global_match_change()'),
  sqlTrigger(
    'form_fields_match_catalogue',
    'form_fields',
    'AFTER INSERT OR DELETE OR UPDATE OF key, data_type, active',
    'FOR EACH STATEMENT EXECUTE FUNCTION bump_match_catalogue()',
  ),
  sqlTrigger(
    'users_answers_version',
    'users',
    'BEFORE UPDATE',
    'FOR EACH ROW WHEN (OLD.profile IS DISTINCT FROM NEW.profile OR OLD.dob IS DISTINCT FROM NEW.dob) EXECUTE FUNCTION bump_answers_version()',
  ),
  sqlTrigger('applicant_match_state_delete', 'applicant_match_state', 'AFTER DELETE', 'FOR EACH ROW EXECUTE FUNCTION drop_applicant_matches()'),
];

/** Functions before the triggers that run them; match_offer_of before the trigger function that calls it. */
export const MATCH_CATALOGUE_DEFINITIONS: DatabaseDefinition[] = [
  MATCH_OFFER_OF,
  RECORD_MATCH_CHANGE,
  MARK_GLOBAL_MATCH_CHANGE,
  RECOMPUTE_AFTER_LARGE_CHANGE,
  REFRESH_MATCHABLE_SCHOLARSHIP,
  BUMP_MATCH_CATALOGUE,
  BUMP_ANSWERS_VERSION,
  DROP_APPLICANT_MATCHES,
  ...TRIGGERS,
];
