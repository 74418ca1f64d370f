/**
 * What migration DatabaseDefinitions applied, frozen: the statements `applyDatabaseDefinitions`
 * ran when it landed. A definition added since may need a table a later migration makes (the
 * audit log's triggers), so that migration keeps this copy and the later ones apply today's text
 * (docs/matching.md, "One home for the database's functions").
 */
export const DEFINITIONS_1795810000000: readonly string[] = [
  `CREATE OR REPLACE FUNCTION notify_form_definitions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('form_definitions_changed', TG_TABLE_NAME);
  RETURN NULL;
END $$`,
  `DROP TRIGGER IF EXISTS form_fields_changed ON form_fields`,
  `CREATE TRIGGER form_fields_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON form_fields
  FOR EACH STATEMENT EXECUTE FUNCTION notify_form_definitions_changed()`,
  `DROP TRIGGER IF EXISTS forms_changed ON forms`,
  `CREATE TRIGGER forms_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON forms
  FOR EACH STATEMENT EXECUTE FUNCTION notify_form_definitions_changed()`,
  `CREATE OR REPLACE FUNCTION eligibility_texts(value jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN jsonb_typeof(value) = 'array'
              THEN ARRAY(SELECT element #>> '{}' FROM jsonb_array_elements(value) AS element)
              ELSE ARRAY[value #>> '{}'] END
$$`,
  `CREATE OR REPLACE FUNCTION eligibility_number(value jsonb) RETURNS numeric LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  RETURN (value #>> '{}')::numeric;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$`,
  `CREATE OR REPLACE FUNCTION eligibility_birth_date(value jsonb) RETURNS date LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
  IF jsonb_typeof(value) <> 'string' OR (value #>> '{}') !~ '^\\d{4}-\\d{2}-\\d{2}$' THEN RETURN NULL; END IF;
  RETURN (value #>> '{}')::date;
EXCEPTION WHEN others THEN
  RETURN NULL;
END $$`,
  `CREATE OR REPLACE FUNCTION eligibility_age_on(born date, today date) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT extract(year FROM age(today::timestamp, born::timestamp))::integer
$$`,
  `CREATE OR REPLACE FUNCTION eligibility_age(value jsonb, today date) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT eligibility_age_on(eligibility_birth_date(value), today)
$$`,
  `CREATE OR REPLACE FUNCTION eligibility_rule_bounds(rule jsonb,
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
$$`,
  `CREATE OR REPLACE FUNCTION eligibility_answer_facts(answer jsonb, data_type text, today date,
  OUT answered boolean, OUT comparable boolean, OUT txt text, OUT texts text[], OUT num numeric, OUT age integer)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  a jsonb := answer;
BEGIN
  answered := NOT (a IS NULL OR a = 'null'::jsonb OR a = '[]'::jsonb OR a = '{}'::jsonb
                     OR (jsonb_typeof(a) = 'string' AND (a #>> '{}') !~ '\\S'))
              AND CASE data_type WHEN 'checkbox' THEN a = 'true'::jsonb ELSE true END;
  IF answered THEN
    a := CASE data_type WHEN 'grade' THEN CASE WHEN jsonb_typeof(a->'gpa') = 'number' THEN a->'gpa' END ELSE a END;
  END IF;
  comparable := answered AND a IS NOT NULL;
  IF comparable THEN
    txt := a #>> '{}';
    texts := eligibility_texts(a);
    num := eligibility_number(a);
    age := eligibility_age(a, today);
  END IF;
END $$`,
  `CREATE OR REPLACE FUNCTION eligibility_typed_verdict(
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
$$`,
  `CREATE OR REPLACE FUNCTION eligibility_rule_verdict(rule jsonb, data_type text, answer jsonb, today date)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT eligibility_typed_verdict(b.operator, b.txt, b.texts, b.lo_num, b.hi_num, b.lo_txt, b.hi_txt,
                                   data_type, f.answered, f.comparable, f.txt, f.texts, f.num, f.age)
    FROM eligibility_rule_bounds(rule) AS b, eligibility_answer_facts(answer, data_type, today) AS f
$$`,
  `CREATE OR REPLACE FUNCTION answer_value_ordinal(key text, data_type text, answer jsonb) RETURNS integer LANGUAGE plpgsql AS $$
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
END $$`,
  `CREATE OR REPLACE FUNCTION answer_slots_of(answers jsonb) RETURNS integer[] LANGUAGE sql AS $$
  WITH given AS (
    SELECT field.id, answer_value_ordinal(field.key, field.data_type, answer.value) AS ordinal
      FROM jsonb_each(answers) AS answer (key, value)
      JOIN form_fields AS field ON field.key = answer.key AND field.active
  )
  SELECT coalesce(array_agg(coalesce(given.ordinal, 0) ORDER BY slot), '{}')
    FROM generate_series(1, (SELECT coalesce(max(id), 0) FROM given)) AS slot
    LEFT JOIN given ON given.id = slot
$$`,
  `CREATE OR REPLACE FUNCTION matching_answers_of(profile jsonb, dob date) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT profile || CASE WHEN dob IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('dob', to_char(dob, 'YYYY-MM-DD')) END
$$`,
  `CREATE OR REPLACE FUNCTION refresh_applicant_answer_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role = 'applicant' THEN
    INSERT INTO applicant_answer_vectors (user_id, slots) VALUES (NEW.id, answer_slots_of(matching_answers_of(NEW.profile, NEW.dob)))
    ON CONFLICT (user_id) DO UPDATE SET slots = EXCLUDED.slots;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM applicant_answer_vectors WHERE user_id = NEW.id;
  END IF;
  RETURN NULL;
END $$`,
  `CREATE OR REPLACE FUNCTION retype_answers(keys text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(keys) = 0 THEN RETURN; END IF;
  DELETE FROM answer_values WHERE field_key = ANY(keys);
  UPDATE applicant_answer_vectors vector SET slots = answer_slots_of(matching_answers_of(u.profile, u.dob))
    FROM users u
   WHERE u.id = vector.user_id AND (u.profile ?| keys OR ('dob' = ANY(keys) AND u.dob IS NOT NULL));
END $$`,
  `CREATE OR REPLACE FUNCTION retype_answers_of_changed_fields() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$`,
  `DROP TRIGGER IF EXISTS users_answer_vector_insert ON users`,
  `CREATE TRIGGER users_answer_vector_insert AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION refresh_applicant_answer_vector()`,
  `DROP TRIGGER IF EXISTS users_answer_vector_update ON users`,
  `CREATE TRIGGER users_answer_vector_update AFTER UPDATE ON users
  FOR EACH ROW WHEN (OLD.profile IS DISTINCT FROM NEW.profile OR OLD.dob IS DISTINCT FROM NEW.dob OR OLD.role IS DISTINCT FROM NEW.role)
  EXECUTE FUNCTION refresh_applicant_answer_vector()`,
  `DROP TRIGGER IF EXISTS form_fields_retype_insert ON form_fields`,
  `CREATE TRIGGER form_fields_retype_insert AFTER INSERT ON form_fields
  REFERENCING NEW TABLE AS new_fields FOR EACH STATEMENT EXECUTE FUNCTION retype_answers_of_changed_fields()`,
  `DROP TRIGGER IF EXISTS form_fields_retype_update ON form_fields`,
  `CREATE TRIGGER form_fields_retype_update AFTER UPDATE ON form_fields
  REFERENCING OLD TABLE AS old_fields NEW TABLE AS new_fields FOR EACH STATEMENT EXECUTE FUNCTION retype_answers_of_changed_fields()`,
  `DROP TRIGGER IF EXISTS form_fields_retype_delete ON form_fields`,
  `CREATE TRIGGER form_fields_retype_delete AFTER DELETE ON form_fields
  REFERENCING OLD TABLE AS old_fields FOR EACH STATEMENT EXECUTE FUNCTION retype_answers_of_changed_fields()`,
  `CREATE OR REPLACE FUNCTION match_offer_of(s scholarships) RETURNS jsonb LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN s.status = 'published' THEN jsonb_build_object(
    'created_at', s.created_at,
    'deadline', s.deadline,
    'total_amount', CASE WHEN cardinality(s.amounts) > 0 THEN (SELECT sum(x) FROM unnest(s.amounts) AS x) ELSE coalesce(s.award, 0) END,
    'requirement_count', jsonb_array_length(s.requirements),
    'only_requirement_key', CASE WHEN jsonb_array_length(s.requirements) = 1 THEN s.requirements->0->'field'->>'key' END,
    'criteria', s.criteria) END
$$`,
  `CREATE OR REPLACE FUNCTION record_match_change(scholarship uuid, offer_before jsonb, offer_after jsonb) RETURNS void LANGUAGE plpgsql AS $$
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
END $$`,
  `CREATE OR REPLACE FUNCTION mark_global_match_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version IS DISTINCT FROM OLD.version AND current_setting('scholarmatch.scholarship_change', true) IS DISTINCT FROM 'yes' THEN
    NEW.recompute_version := NEW.version;
  END IF;
  RETURN NEW;
END $$`,
  `CREATE OR REPLACE FUNCTION recompute_after_large_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v bigint := nullif(current_setting('scholarmatch.change_version', true), '')::bigint;
BEGIN
  IF v IS NOT NULL AND (SELECT count(*) FROM match_changes WHERE version = v) > 200 THEN
    UPDATE match_catalogue SET recompute_version = v WHERE recompute_version < v;
  END IF;
  RETURN NULL;
END $$`,
  `CREATE OR REPLACE FUNCTION refresh_matchable_scholarship() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$`,
  `CREATE OR REPLACE FUNCTION bump_match_catalogue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE match_catalogue SET version = version + 1;
  RETURN NULL;
END $$`,
  `CREATE OR REPLACE FUNCTION bump_answers_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.answers_version := OLD.answers_version + 1;
  RETURN NEW;
END $$`,
  `CREATE OR REPLACE FUNCTION drop_applicant_matches() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM applicant_matches WHERE user_id = OLD.user_id;
  RETURN NULL;
END $$`,
  `DROP TRIGGER IF EXISTS scholarships_matchable_insert ON scholarships`,
  `CREATE TRIGGER scholarships_matchable_insert AFTER INSERT ON scholarships
  FOR EACH ROW EXECUTE FUNCTION refresh_matchable_scholarship()`,
  `DROP TRIGGER IF EXISTS scholarships_matchable_update ON scholarships`,
  `CREATE TRIGGER scholarships_matchable_update AFTER UPDATE ON scholarships
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.criteria IS DISTINCT FROM NEW.criteria
                     OR OLD.deadline IS DISTINCT FROM NEW.deadline OR OLD.amounts IS DISTINCT FROM NEW.amounts
                     OR OLD.award IS DISTINCT FROM NEW.award OR OLD.requirements IS DISTINCT FROM NEW.requirements)
  EXECUTE FUNCTION refresh_matchable_scholarship()`,
  `DROP TRIGGER IF EXISTS scholarships_matchable_delete ON scholarships`,
  `CREATE TRIGGER scholarships_matchable_delete AFTER DELETE ON scholarships
  FOR EACH ROW EXECUTE FUNCTION refresh_matchable_scholarship()`,
  `DROP TRIGGER IF EXISTS scholarships_match_changes_size ON scholarships`,
  `CREATE TRIGGER scholarships_match_changes_size AFTER INSERT OR UPDATE OR DELETE ON scholarships
  FOR EACH STATEMENT EXECUTE FUNCTION recompute_after_large_change()`,
  `DROP TRIGGER IF EXISTS match_catalogue_global_bump ON match_catalogue`,
  `CREATE TRIGGER match_catalogue_global_bump BEFORE UPDATE OF version ON match_catalogue
  FOR EACH ROW EXECUTE FUNCTION mark_global_match_change()`,
  `DROP TRIGGER IF EXISTS form_fields_match_catalogue ON form_fields`,
  `CREATE TRIGGER form_fields_match_catalogue AFTER INSERT OR DELETE OR UPDATE OF key, data_type, active ON form_fields
  FOR EACH STATEMENT EXECUTE FUNCTION bump_match_catalogue()`,
  `DROP TRIGGER IF EXISTS users_answers_version ON users`,
  `CREATE TRIGGER users_answers_version BEFORE UPDATE ON users
  FOR EACH ROW WHEN (OLD.profile IS DISTINCT FROM NEW.profile OR OLD.dob IS DISTINCT FROM NEW.dob) EXECUTE FUNCTION bump_answers_version()`,
  `DROP TRIGGER IF EXISTS applicant_match_state_delete ON applicant_match_state`,
  `CREATE TRIGGER applicant_match_state_delete AFTER DELETE ON applicant_match_state
  FOR EACH ROW EXECUTE FUNCTION drop_applicant_matches()`,
  `CREATE OR REPLACE FUNCTION applications_copy_applicant() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u.first_name, u.last_name, lower(u.first_name || ' ' || u.last_name || ' ' || u.email)
    INTO NEW.applicant_first_name, NEW.applicant_last_name, NEW.applicant_search
    FROM users u WHERE u.id = NEW.user_id;
  RETURN NEW;
END $$`,
  `CREATE OR REPLACE FUNCTION users_names_to_applications() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE applications
     SET applicant_first_name = NEW.first_name, applicant_last_name = NEW.last_name, applicant_search = lower(NEW.first_name || ' ' || NEW.last_name || ' ' || NEW.email)
   WHERE user_id = NEW.id;
  RETURN NULL;
END $$`,
  `CREATE OR REPLACE FUNCTION application_status_events_of_inserts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO application_status_events (application_id, status)
  SELECT id, status FROM (
    SELECT id, CASE WHEN status = 'Draft' THEN 'Draft' ELSE 'Submitted' END AS status, 1 AS step FROM inserted_applications
    UNION ALL
    SELECT id, review_status, 2 FROM inserted_applications WHERE status = 'Received' AND review_status <> 'Received'
  ) AS events
  ORDER BY id, step;
  RETURN NULL;
END $$`,
  `CREATE OR REPLACE FUNCTION application_status_event_of_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$`,
  `DROP TRIGGER IF EXISTS applications_copy_applicant ON applications`,
  `CREATE TRIGGER applications_copy_applicant BEFORE INSERT OR UPDATE OF user_id ON applications
  FOR EACH ROW EXECUTE FUNCTION applications_copy_applicant()`,
  `DROP TRIGGER IF EXISTS users_names_to_applications ON users`,
  `CREATE TRIGGER users_names_to_applications AFTER UPDATE OF first_name, last_name, email ON users
  FOR EACH ROW
  WHEN (OLD.first_name IS DISTINCT FROM NEW.first_name OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.email IS DISTINCT FROM NEW.email)
  EXECUTE FUNCTION users_names_to_applications()`,
  `DROP TRIGGER IF EXISTS application_status_events_on_insert ON applications`,
  `CREATE TRIGGER application_status_events_on_insert AFTER INSERT ON applications
  REFERENCING NEW TABLE AS inserted_applications FOR EACH STATEMENT EXECUTE FUNCTION application_status_events_of_inserts()`,
  `DROP TRIGGER IF EXISTS application_status_events_on_update ON applications`,
  `CREATE TRIGGER application_status_events_on_update AFTER UPDATE OF status, review_status ON applications
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.review_status IS DISTINCT FROM NEW.review_status)
  EXECUTE FUNCTION application_status_event_of_update()`,
  `CREATE OR REPLACE FUNCTION auto_apply_scholarship_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO auto_apply_due_scholarships (scholarship_id) VALUES (NEW.scholarship_id) ON CONFLICT DO NOTHING;
  PERFORM pg_notify('auto_apply_due', '');
  RETURN NULL;
END $$`,
  `CREATE OR REPLACE FUNCTION auto_apply_member_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO auto_apply_due_members (user_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  PERFORM pg_notify('auto_apply_due', '');
  RETURN NULL;
END $$`,
  `DROP TRIGGER IF EXISTS match_changes_auto_apply ON match_changes`,
  `CREATE TRIGGER match_changes_auto_apply AFTER INSERT ON match_changes
  FOR EACH ROW WHEN (NEW.after_offer IS NOT NULL) EXECUTE FUNCTION auto_apply_scholarship_changed()`,
  `DROP TRIGGER IF EXISTS users_auto_apply ON users`,
  `CREATE TRIGGER users_auto_apply AFTER UPDATE OF auto_apply, is_active_subscription, profile, dob ON users
  FOR EACH ROW
  WHEN (NEW.auto_apply AND NEW.is_active_subscription AND NEW.role = 'applicant'
        AND (NOT OLD.auto_apply OR NOT OLD.is_active_subscription OR OLD.answers_version IS DISTINCT FROM NEW.answers_version))
  EXECUTE FUNCTION auto_apply_member_changed()`,
];
