import { EXPIRING_SOON_DAYS, ruleVerdictSql, summaryPlusDeltaSql } from './match-queries.js';

/**
 * A profile save applied to the stored matches by judging only what it changed (docs/matching.md,
 * "A profile save"). Beside match-queries.ts, which holds the rest of the matcher's SQL; no
 * framework imports, so scripts can load it.
 */

/**
 * The most changed fields a save is applied incrementally for; past it the full recomputation
 * runs. Each changed field brings every rule on it, judged twice, and the other rules of the
 * scholarships whose verdict on it turned. At the bench's scale (docs/performance.md) a save of
 * the most-asked field (the field of study, in 44 % of the offers) took half a full
 * recomputation's time, and four of the most-asked fields at once as long as the full one: past
 * four, the diff cannot win. An edit on a profile tab changes one to three; a registration or an
 * import changes most of them.
 */
export const MAX_CHANGED_FIELDS = 4;

/** The verdict of rule row `r` against the facts row named `facts` as a rank: 2 fails, 1 lacks an answer, 0 passes. */
function rankSql(facts: string): string {
  return `CASE ${ruleVerdictSql(facts)} WHEN 'fail' THEN 2 WHEN 'missing' THEN 1 ELSE 0 END`;
}

/**
 * `$1` user, `$2` today, `$3` MAX_CHANGED_FIELDS. Applies a profile save to the applicant's stored
 * matches and answers the new summary; answers no row, and writes nothing, when it cannot (the
 * caller then recomputes in full): no stored vector (a state from before it was kept, or one the
 * change job sent to recompute), another day, a catalogue the state does not reflect (a change
 * that needs a recomputation, or one the change job has not applied yet), or more changed fields
 * than `$3`.
 *
 * The state's matches were computed from `answer_slots` (the answer vector of
 * applicant_answer_vectors, as it was), and the change job keeps them so. The fields whose slot
 * differs from the applicant's vector now are the changed ones; the rules on them are judged
 * against both vectors (each answer typed once in `answer_values`, as the change job does), then
 * the other rules of the open scholarships whose verdict on those turned, and the scholarships whose
 * worst verdict moves are moved: their match row deleted or inserted,
 * what they added to the summary subtracted and what they add now added. Every other scholarship's
 * rules read only unchanged answers, so its verdict stands. All in one snapshot, under the
 * applicant's lock (no other recomputation) and the shared change lock (no change job).
 */
export const ANSWER_CHANGES_SQL = `
  WITH person AS (
    SELECT u.id, u.answers_version, st.answer_slots AS before_slots, v.slots AS after_slots, c.version
      FROM users u
      JOIN applicant_match_state st ON st.user_id = u.id
      JOIN applicant_answer_vectors v ON v.user_id = u.id
     CROSS JOIN (SELECT c.version, c.recompute_version, p.applied_version FROM match_catalogue c, match_progress p LIMIT 1) AS c
     WHERE u.id = $1 AND st.computed_for = $2::date AND st.answer_slots IS NOT NULL
       AND st.catalogue_version >= c.recompute_version AND greatest(st.catalogue_version, c.applied_version) >= c.version
  ),
  changed AS (
    SELECT field.key FROM person, form_fields field
     WHERE field.active AND coalesce(person.before_slots[field.id], 0) <> coalesce(person.after_slots[field.id], 0)
  ),
  usable AS (SELECT * FROM person WHERE (SELECT count(*) FROM changed) <= $3::int),
  -- Each answered field's facts on both sides (-1 before, 1 after); an unanswered one has none.
  facts AS (
    SELECT field.key, side.sign, field.data_type, true AS answered, v.comparable, v.txt, v.texts, v.num,
           eligibility_age_on(v.born, $2::date) AS age
      FROM usable p
     CROSS JOIN form_fields field
     CROSS JOIN LATERAL (VALUES (-1, p.before_slots[field.id]), (1, p.after_slots[field.id])) AS side (sign, ordinal)
      JOIN answer_values v ON v.field_key = field.key AND v.ordinal = side.ordinal
     WHERE field.active
  ),
  -- The rules on changed fields, by their field's index, judged on both sides; only a scholarship
  -- whose worst verdict over them differs can move (the rest of its rules read unchanged answers).
  turned AS (
    SELECT r.scholarship_id, max(${rankSql('b')}) AS worst_was, max(${rankSql('a')}) AS worst_is
      FROM matchable_rules r
      LEFT JOIN facts b ON b.key = r.field_key AND b.sign = -1
      LEFT JOIN facts a ON a.key = r.field_key AND a.sign = 1
     WHERE r.field_key = ANY(ARRAY(SELECT key FROM changed)) AND EXISTS (SELECT 1 FROM usable)
     GROUP BY r.scholarship_id
    HAVING max(${rankSql('b')}) <> max(${rankSql('a')})
  ),
  -- Their other rules, judged once (NULL: none).
  judged AS (
    SELECT t.scholarship_id, t.worst_was, t.worst_is,
           max(CASE WHEN r.field_key <> ALL(ARRAY(SELECT key FROM changed)) THEN ${rankSql('a')} END) AS worst_kept
      FROM turned t
      JOIN matchable_rules r ON r.scholarship_id = t.scholarship_id
      LEFT JOIN facts a ON a.key = r.field_key AND a.sign = 1
     GROUP BY t.scholarship_id, t.worst_was, t.worst_is
  ),
  moved AS MATERIALIZED (
    SELECT * FROM (
      SELECT s.*, greatest(j.worst_kept, j.worst_was) AS worst_before, greatest(j.worst_kept, j.worst_is) AS worst_after
        FROM judged j JOIN matchable_scholarships s ON s.scholarship_id = j.scholarship_id
       WHERE s.deadline IS NULL OR s.deadline >= $2::date) AS outcome
     WHERE worst_before <> worst_after
  ),
  removed AS (
    DELETE FROM applicant_matches m
     USING moved, usable p
     WHERE m.user_id = $1 AND (m.user_id, m.created_at, m.scholarship_id) = (p.id, moved.created_at, moved.scholarship_id) AND moved.worst_before = 0
  ),
  added AS (
    INSERT INTO applicant_matches (user_id, scholarship_id, created_at, deadline, total_amount, requirement_count, only_requirement_key)
    SELECT p.id, scholarship_id, created_at, deadline, total_amount, requirement_count, only_requirement_key
      FROM moved, usable p WHERE worst_after = 0
  ),
  -- What the moved scholarships add to each aggregate of RECOMPUTE_SQL's summary, after minus before.
  delta AS (
    SELECT count(*) FILTER (WHERE worst_after = 0) - count(*) FILTER (WHERE worst_before = 0) AS eligible,
           coalesce(sum(total_amount) FILTER (WHERE worst_after = 0), 0) - coalesce(sum(total_amount) FILTER (WHERE worst_before = 0), 0) AS eligible_value,
           count(*) FILTER (WHERE worst_after = 0 AND requirement_count = 0) - count(*) FILTER (WHERE worst_before = 0 AND requirement_count = 0) AS easy_apply,
           count(*) FILTER (WHERE worst_after = 0 AND deadline <= $2::date + ${EXPIRING_SOON_DAYS})
             - count(*) FILTER (WHERE worst_before = 0 AND deadline <= $2::date + ${EXPIRING_SOON_DAYS}) AS expiring_soon,
           count(*) FILTER (WHERE worst_after = 1) - count(*) FILTER (WHERE worst_before = 1) AS missing,
           coalesce(sum(total_amount) FILTER (WHERE worst_after = 1), 0) - coalesce(sum(total_amount) FILTER (WHERE worst_before = 1), 0) AS missing_value,
           (SELECT coalesce(jsonb_object_agg(key, n), '{}'::jsonb)
              FROM (SELECT only_requirement_key AS key, count(*) FILTER (WHERE worst_after = 0) - count(*) FILTER (WHERE worst_before = 0) AS n
                      FROM moved WHERE only_requirement_key IS NOT NULL GROUP BY 1) AS by_key) AS only_requirement
      FROM moved
  )
  UPDATE applicant_match_state st
     SET answers_version = p.answers_version, answer_slots = p.after_slots, catalogue_version = p.version, computed_at = now(),
         summary = ${summaryPlusDeltaSql('st.summary', 'd')}
    FROM usable p, delta d
   WHERE st.user_id = p.id
  RETURNING st.summary`;
