import { sponsorSql } from '../common/sponsor-sql.js';

/**
 * The matcher's SQL in one place (docs/matching.md): MatchesRepository runs it, and
 * `npm run bench:explain` prints its plans at the benchmark's scale. No framework imports here,
 * so scripts can load it directly. Other modules do not compose these pieces: they call the
 * matching module's services, or the few statements of matching-sql.ts.
 */

/** 'Expiring Soon' on the dashboard: a deadline within this many days. */
export const EXPIRING_SOON_DAYS = 14;

/**
 * An applicant's answers as matching reads them: the profile document plus the account's date of
 * birth. `user` is the alias of a `users` row.
 */
export function answersOfUserSql(user: string): string {
  return `${user}.profile || CASE WHEN ${user}.dob IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('dob', to_char(${user}.dob, 'YYYY-MM-DD')) END`;
}

/**
 * Answers as matching reads them, typed once per field (`eligibility_answer_facts`): `answers` is
 * an SQL expression giving the JSON object of answers by field key, `today` one giving the date.
 */
export function answerFactsSql(answers: string, today: string): string {
  return `
  SELECT field.key, field.data_type, facts.*
    FROM jsonb_each(${answers}) AS answer (key, value)
    JOIN form_fields AS field ON field.key = answer.key AND field.active
   CROSS JOIN LATERAL eligibility_answer_facts(answer.value, field.data_type, ${today}) AS facts`;
}

/** A rule row `r` against the facts row named `facts` (all NULL when unanswered). */
export function ruleVerdictSql(facts: string): string {
  return `eligibility_typed_verdict(r.operator, r.txt, r.texts, r.lo_num, r.hi_num, r.lo_txt, r.hi_txt,
  ${facts}.data_type, ${facts}.answered, ${facts}.comparable, ${facts}.txt, ${facts}.texts, ${facts}.num, ${facts}.age)`;
}

/** A rule row `r` against the facts row `a` (NULL when unanswered). */
export const RULE_VERDICT_SQL = ruleVerdictSql('a');

/**
 * How long a recorded scholarship change may wait for the job that applies it to stored matches
 * (docs/matching.md, "When the catalogue changes") before a request stops trusting its stored
 * matches and recomputes them itself: the job normally takes seconds; this covers a job that is
 * not running.
 */
export const CHANGE_GRACE_SECONDS = 30;


/**
 * A stored summary (`summary`, jsonb) with a row of per-figure changes (`delta`: eligible,
 * eligible_value, easy_apply, only_requirement, expiring_soon, missing, missing_value) added: both
 * the catalogue's changes and a profile save's update stored summaries this way. A requirement key
 * whose count falls to 0 goes, as a recomputation would not write it.
 */
export function summaryPlusDeltaSql(summary: string, delta: string): string {
  return `jsonb_build_object(
    'eligible', (${summary}->>'eligible')::bigint + ${delta}.eligible,
    'eligibleValue', (${summary}->>'eligibleValue')::numeric + ${delta}.eligible_value,
    'easyApply', (${summary}->>'easyApply')::bigint + ${delta}.easy_apply,
    'onlyRequirement', (SELECT coalesce(jsonb_object_agg(key, n), '{}'::jsonb)
                          FROM (SELECT key, sum(value::bigint) AS n
                                  FROM (SELECT * FROM jsonb_each_text(${summary}->'onlyRequirement')
                                        UNION ALL SELECT * FROM jsonb_each_text(${delta}.only_requirement)) AS counts (key, value)
                                 GROUP BY key HAVING sum(value::bigint) <> 0) AS by_key),
    'expiringSoon', (${summary}->>'expiringSoon')::bigint + ${delta}.expiring_soon,
    'missing', (${summary}->>'missing')::bigint + ${delta}.missing,
    'missingValue', (${summary}->>'missingValue')::numeric + ${delta}.missing_value)`;
}

/**
 * Whether the stored matches still describe this applicant today: computed from their current
 * answers, for today, after the last change that needs a recomputation, and either every
 * scholarship change since is applied (the state's own version or the job's progress) or the
 * oldest change not applied yet is younger than CHANGE_GRACE_SECONDS (stale for a moment, never wrong).
 */
export function freshnessSql(userParameter: string, todayParameter: string): string {
  return `
  SELECT state.summary,
         state.answers_version = u.answers_version AND state.computed_for = ${todayParameter}::date
         AND state.catalogue_version >= catalogue.recompute_version
         AND (greatest(state.catalogue_version, catalogue.applied_version) >= catalogue.version
              OR NOT EXISTS (SELECT 1 FROM match_changes change
                              WHERE change.version > greatest(state.catalogue_version, catalogue.applied_version)
                                AND change.changed_at < now() - interval '${CHANGE_GRACE_SECONDS} seconds')) AS fresh
    FROM users u
   -- One row each; LIMIT says so to the planner even before the tables have statistics.
   CROSS JOIN (SELECT c.version, c.recompute_version, p.applied_version FROM match_catalogue c, match_progress p LIMIT 1) AS catalogue
    LEFT JOIN applicant_match_state state ON state.user_id = u.id
   WHERE u.id = ${userParameter}`;
}

export const FRESHNESS_SQL = freshnessSql('$1', '$2');

/**
 * A read of the stored matches (`read`, `$1` the user) in the same statement as the freshness
 * check, `todayParameter` naming today: one round trip instead of two when the matches are fresh,
 * which is almost always. `fresh` comes with every row; an empty read gives one row of nulls.
 */
export function withFreshnessSql(read: string, todayParameter: string): string {
  return `WITH freshness AS (${freshnessSql('$1', todayParameter)})
  SELECT freshness.fresh, page.* FROM freshness LEFT JOIN LATERAL (${read}) AS page ON true`;
}

/**
 * `$1` user id, `$2` today. Every open scholarship's rules against the applicant's answers in one set-based statement:
 * rules join the applicant's typed facts by field (a hash join over the rule table), a failing
 * rule drops the scholarship, an unanswered one marks it missing-data. The eligible rows and the day's
 * aggregates are written with the versions they were computed from, all in one snapshot.
 */
export const RECOMPUTE_SQL = `
  WITH person AS (
    SELECT id, answers_version, ${answersOfUserSql('users')} AS answers,
           (SELECT slots FROM applicant_answer_vectors WHERE user_id = $1) AS slots
      FROM users WHERE id = $1
  ),
  a AS (${answerFactsSql('(SELECT answers FROM person)', '$2::date')}),
  -- The worst verdict of each scholarship's rules: 2 a rule fails, 1 a rule lacks an answer, 0 all pass.
  verdicts AS (
    SELECT r.scholarship_id, max(CASE ${RULE_VERDICT_SQL} WHEN 'fail' THEN 2 WHEN 'missing' THEN 1 ELSE 0 END) AS worst
      FROM matchable_rules r
      LEFT JOIN a ON a.key = r.field_key
     GROUP BY r.scholarship_id
  ),
  open_outcomes AS (
    SELECT s.*, coalesce(v.worst, 0) AS worst
      FROM matchable_scholarships s
      LEFT JOIN verdicts v ON v.scholarship_id = s.scholarship_id
     WHERE (s.deadline IS NULL OR s.deadline >= $2::date) AND coalesce(v.worst, 0) < 2
  ),
  matched AS (
    INSERT INTO applicant_matches (user_id, scholarship_id, created_at, deadline, total_amount, requirement_count, only_requirement_key)
    SELECT $1::uuid, scholarship_id, created_at, deadline, total_amount, requirement_count, only_requirement_key
      FROM open_outcomes WHERE worst = 0
  ),
  -- The day's aggregates, the counts of docs/matching.md ("The counts"): eligible (the recommendations),
  -- the lists' counts, expiring soon, and missing (could unlock). APPLY_CHANGES_SQL keeps the same keys.
  summary AS (
    SELECT jsonb_build_object(
             'eligible', count(*) FILTER (WHERE worst = 0),
             'eligibleValue', coalesce(sum(total_amount) FILTER (WHERE worst = 0), 0),
             'easyApply', count(*) FILTER (WHERE worst = 0 AND requirement_count = 0),
             'onlyRequirement', (SELECT coalesce(jsonb_object_agg(key, n), '{}'::jsonb)
                                   FROM (SELECT only_requirement_key AS key, count(*) AS n FROM open_outcomes
                                          WHERE worst = 0 AND only_requirement_key IS NOT NULL GROUP BY 1) AS by_key),
             'expiringSoon', count(*) FILTER (WHERE worst = 0 AND deadline <= $2::date + ${EXPIRING_SOON_DAYS}),
             'missing', count(*) FILTER (WHERE worst = 1),
             'missingValue', coalesce(sum(total_amount) FILTER (WHERE worst = 1), 0)) AS summary
      FROM open_outcomes
  )
  INSERT INTO applicant_match_state (user_id, answers_version, answer_slots, catalogue_version, computed_for, computed_at, summary)
  SELECT person.id, person.answers_version, person.slots, (SELECT version FROM match_catalogue), $2::date, now(), summary.summary
    FROM person, summary
  ON CONFLICT (user_id) DO UPDATE
    SET answers_version = EXCLUDED.answers_version, answer_slots = EXCLUDED.answer_slots, catalogue_version = EXCLUDED.catalogue_version,
        computed_for = EXCLUDED.computed_for, computed_at = EXCLUDED.computed_at, summary = EXCLUDED.summary
  RETURNING summary`;

/**
 * The lists' filters over the applicant's stored matches (`$1` the applicant), the counterpart of
 * `listCount` (eligible-scholarships.service.ts), which gives each list's count from the state's
 * aggregates: `$2` true keeps the Easy Apply ones (no requirement), false or NULL every
 * recommendation; `$3` those whose single requirement has that key. No deadline test: the matches
 * are recomputed each day and hold only what is open that day.
 */
export const MATCH_FILTER = `m.user_id = $1
  AND ($2::boolean IS NOT TRUE OR m.requirement_count = 0)
  AND ($3::text IS NULL OR m.only_requirement_key = $3::text)`;

/**
 * Open scholarships none of whose rules fails on a partial profile (the sign-up teaser): a rule on
 * a field not given does not exclude. `$1` the answers by field key, `$2` today.
 */
export const STATS_SQL = `
  WITH a AS (${answerFactsSql('$1::jsonb', '$2::date')}),
  ruled_out AS (
    SELECT DISTINCT r.scholarship_id
      FROM a JOIN matchable_rules r ON r.field_key = a.key
     WHERE ${RULE_VERDICT_SQL} = 'fail'
  )
  SELECT count(*)::int AS counts, coalesce(sum(s.total_amount), 0)::bigint AS total_value
    FROM matchable_scholarships s
   WHERE (s.deadline IS NULL OR s.deadline >= $2::date)
     AND NOT EXISTS (SELECT 1 FROM ruled_out WHERE ruled_out.scholarship_id = s.scholarship_id)`;

/**
 * One page of the applicant's list: the page's rows from the match index first (`$4` offset,
 * `$5` limit), then what the cards show from the scholarships and their sponsors.
 */
export function listPageSql(orderBy: string): string {
  return `SELECT s.id, s.title, s.description, s.amounts, s.award, s.recurrence_config, s.created_at, s.updated_at AS scholarship_updated_at,
              m.requirement_count, ${sponsorSql('provider')} AS sponsor,
              EXISTS (SELECT 1 FROM wishlist w WHERE w.user_id = $1 AND w.scholarship_id = s.id) AS is_liked
         FROM (SELECT * FROM applicant_matches m
                WHERE ${MATCH_FILTER}
                ORDER BY ${orderBy}
               OFFSET $4 LIMIT $5) AS m
         JOIN scholarships s ON s.id = m.scholarship_id
         JOIN users provider ON provider.id = s.provider_id
        ORDER BY ${orderBy}`;
}

/**
 * Sort orders as the match indexes serve them: by creation (never null) either way, by deadline
 * with the open-ended ones last.
 */
export const LIST_ORDERS = {
  createdAt: (direction: string) => `m.created_at ${direction}, m.scholarship_id ${direction}`,
  deadline: (direction: string) => `m.deadline ${direction} NULLS LAST, m.scholarship_id ${direction}`,
} as const;

/** The bit of an applicant's rule mask that says a rule fails (bits 0–61 are the rules' fields). */
export const FAIL_BIT = 62;

/**
 * Each applicant's rule mask (docs/matching.md, "The live count"): `$1` the rules as JSON, `$2`
 * today, `$3` their distinct field keys (field i is bit i). Each rule is judged once per distinct
 * answer of its field (`answer_values`, eligibility_typed_verdict); a distinct answer's mask is the
 * fail bit when a rule on the field fails, the field's bit when all pass, none when one lacks a
 * comparable answer. Then one pass over the applicants' answer vectors ORs their answers' masks
 * (`fieldCount` terms, each an array lookup): `per_applicant (user_id, mask)`. An applicant is
 * eligible when the mask has every field's bit and not the fail bit (eligibleMask).
 */
function ruleMasksSql(fieldCount: number): string {
  const term = (bit: number) =>
    `coalesce((SELECT masks FROM arrays WHERE bit = ${bit})[v.slots[(SELECT slot FROM arrays WHERE bit = ${bit})]], 0)`;
  const mask = fieldCount ? Array.from({ length: fieldCount }, (_, bit) => term(bit)).join(' | ') : '0::bigint';
  return `
  WITH rules AS (
    SELECT array_position($3::text[], rule->>'fieldKey') - 1 AS bit, rule->>'fieldKey' AS field_key, b.*, field.data_type
      FROM jsonb_array_elements($1::jsonb) AS rule
     CROSS JOIN LATERAL eligibility_rule_bounds(rule) AS b
      LEFT JOIN form_fields field ON field.key = rule->>'fieldKey' AND field.active
  ),
  verdicts AS (
    SELECT r.bit, v.ordinal, eligibility_typed_verdict(r.operator, r.txt, r.texts, r.lo_num, r.hi_num, r.lo_txt, r.hi_txt,
             r.data_type, true, v.comparable, v.txt, v.texts, v.num, eligibility_age_on(v.born, $2::date)) AS verdict
      FROM rules r
      JOIN answer_values v ON v.field_key = r.field_key AND v.field_key = ANY($3::text[])
    OFFSET 0
  ),
  value_masks AS (
    SELECT bit, ordinal,
           CASE WHEN bool_or(verdict = 'fail') THEN 1::bigint << ${FAIL_BIT}
                WHEN bool_and(verdict = 'pass') THEN 1::bigint << bit ELSE 0 END AS mask
      FROM verdicts GROUP BY bit, ordinal
  ),
  -- A field's masks by ordinal (the dictionary numbers each field's answers 1, 2, 3… without gaps).
  arrays AS (
    SELECT f.bit, field.id AS slot,
           (SELECT CASE WHEN count(*) = max(m.ordinal) THEN array_agg(m.mask ORDER BY m.ordinal) END
              FROM value_masks m WHERE m.bit = f.bit) AS masks
      FROM generate_series(0, cardinality($3::text[]) - 1) AS f (bit)
      LEFT JOIN form_fields field ON field.key = ($3::text[])[f.bit + 1] AND field.active
  ),
  per_applicant AS (SELECT v.user_id, ${mask} AS mask FROM applicant_answer_vectors v OFFSET 0)`;
}

/** The mask of an applicant every rule passes for, over `fieldCount` distinct fields (as text, like the masks). */
export function eligibleMask(fieldCount: number): string {
  return ((1n << BigInt(fieldCount)) - 1n).toString();
}

/** The eligibility builder's live count: how many applicants have each mask (ruleMasksSql's parameters). */
export function eligibilityCountSql(fieldCount: number): string {
  return `${ruleMasksSql(fieldCount)}
  SELECT mask::text, count(*)::int AS applicants FROM per_applicant GROUP BY mask`;
}

/**
 * Every applicant the rules make eligible, as `eligible (user_id)`, ready for a statement to
 * follow (ruleMasksSql's three parameters, then `$4` eligibleMask).
 */
export function eligibleApplicantsSql(fieldCount: number): string {
  return `${ruleMasksSql(fieldCount)},
  eligible AS (SELECT user_id FROM per_applicant WHERE mask = $4::bigint)`;
}

/**
 * Scholarship changes applied to every stored state (docs/matching.md, "When the catalogue
 * changes"), run by the job under its exclusive lock. `$1` today, `$2` the catalogue version to
 * bring states to, `$3` the job's progress so far, `$4` the last version that needs a recomputation.
 *
 * Targets: states current in everything but these changes (today, not due for a recomputation,
 * and their answers: the vector they were computed from, `answer_slots`, which a profile saved
 * since then does not change, so the save's incremental step (ANSWER_CHANGES_SQL) starts from a
 * state that reflects the catalogue; a state without one is a target only while its answers are
 * current, judged by the applicant's vector). For each, every scholarship changed since its version is judged twice, as it
 * was (`before_offer` of its first change since) and as it is (`after_offer` of its last), with
 * the matcher's own verdict once per distinct answer and the applicant's answer vector; what the
 * two outcomes add to the summary is subtracted and added, its match row deleted and inserted.
 * A state whose stored rows disagree with the outcome before the change is not edited but sent to
 * recompute (its answers version set to -1). Only states whose outcomes move are written.
 */
export const APPLY_CHANGES_SQL = `
  WITH targets AS (
    SELECT st.user_id, greatest(st.catalogue_version, $3::bigint) AS since, coalesce(st.answer_slots, v.slots) AS slots
      FROM applicant_match_state st
      JOIN users u ON u.id = st.user_id
      LEFT JOIN applicant_answer_vectors v ON v.user_id = st.user_id
     WHERE st.computed_for = $1::date AND (st.answer_slots IS NOT NULL OR st.answers_version = u.answers_version)
       AND st.catalogue_version >= $4::bigint AND greatest(st.catalogue_version, $3::bigint) < $2::bigint
  ),
  spans AS (SELECT DISTINCT since FROM targets),
  net AS (
    SELECT span.since, change.scholarship_id,
           (array_agg(change.before_offer ORDER BY change.version))[1] AS before_offer,
           (array_agg(change.after_offer ORDER BY change.version DESC))[1] AS after_offer
      FROM spans span
      JOIN match_changes change ON change.version > span.since AND change.version <= $2::bigint
     GROUP BY span.since, change.scholarship_id
  ),
  -- The two sides of each change that are open today: -1 before, +1 after.
  images AS (
    SELECT n.since, n.scholarship_id, side.sign, side.offer
      FROM net n
     CROSS JOIN LATERAL (VALUES (-1, n.before_offer), (1, n.after_offer)) AS side (sign, offer)
     WHERE side.offer IS NOT NULL AND (side.offer->>'deadline' IS NULL OR (side.offer->>'deadline')::date >= $1::date)
  ),
  image_rules AS (
    SELECT i.since, i.scholarship_id, i.sign, rule->>'fieldKey' AS field_key, field.id AS slot, field.data_type, b.*
      FROM images i
     CROSS JOIN LATERAL jsonb_array_elements(i.offer->'criteria') AS rule
     CROSS JOIN LATERAL eligibility_rule_bounds(rule) AS b
      LEFT JOIN form_fields field ON field.key = rule->>'fieldKey' AND field.active
  ),
  -- Per side and field, each distinct answer's worst verdict: 2 a rule fails, 1 one lacks a comparable answer, 0 all pass.
  value_worst AS MATERIALIZED (
    SELECT r.since, r.scholarship_id, r.sign, r.field_key, v.ordinal,
           max(CASE eligibility_typed_verdict(r.operator, r.txt, r.texts, r.lo_num, r.hi_num, r.lo_txt, r.hi_txt,
                      r.data_type, true, v.comparable, v.txt, v.texts, v.num, eligibility_age_on(v.born, $1::date))
               WHEN 'fail' THEN 2 WHEN 'missing' THEN 1 ELSE 0 END) AS worst
      FROM image_rules r
      JOIN answer_values v ON v.field_key = r.field_key
     GROUP BY r.since, r.scholarship_id, r.sign, r.field_key, v.ordinal
  ),
  -- By answer ordinal (the dictionary numbers each field's answers 1, 2, 3… without gaps); unanswered: 1.
  image_fields AS (
    SELECT f.since, f.scholarship_id, f.sign, f.slot,
           (SELECT array_agg(w.worst ORDER BY w.ordinal) FROM value_worst w
             WHERE (w.since, w.scholarship_id, w.sign, w.field_key) = (f.since, f.scholarship_id, f.sign, f.field_key)) AS worst
      FROM (SELECT DISTINCT since, scholarship_id, sign, field_key, slot FROM image_rules) AS f
  ),
  outcomes AS (
    SELECT t.user_id, i.since, i.scholarship_id, i.sign,
           -- No rules: 0; a rule's field unanswered (or gone): 1.
           coalesce(max(CASE WHEN f.sign IS NOT NULL THEN coalesce(f.worst[t.slots[f.slot]], 1) END), 0) AS worst
      FROM targets t
      JOIN images i ON i.since = t.since
      LEFT JOIN image_fields f ON (f.since, f.scholarship_id, f.sign) = (i.since, i.scholarship_id, i.sign)
     WHERE t.slots IS NOT NULL
     GROUP BY t.user_id, i.since, i.scholarship_id, i.sign
  ),
  scored AS (
    SELECT o.user_id, o.scholarship_id, o.sign, o.worst, i.offer
      FROM outcomes o JOIN images i ON (i.since, i.scholarship_id, i.sign) = (o.since, o.scholarship_id, o.sign)
     WHERE o.worst < 2
  ),
  -- The stored rows of the changed scholarships (found by the list index: created_at never changes).
  stored AS (
    SELECT m.user_id, m.scholarship_id, m.created_at
      FROM targets t
      JOIN net n ON n.since = t.since
      JOIN applicant_matches m ON m.user_id = t.user_id
       AND m.created_at = (coalesce(n.before_offer, n.after_offer)->>'created_at')::timestamptz
       AND m.scholarship_id = n.scholarship_id
  ),
  disagreeing AS (
    SELECT DISTINCT coalesce(s.user_id, e.user_id) AS user_id
      FROM stored s
      FULL JOIN (SELECT user_id, scholarship_id FROM scored WHERE sign = -1 AND worst = 0) AS e
        ON (e.user_id, e.scholarship_id) = (s.user_id, s.scholarship_id)
     WHERE s.user_id IS NULL OR e.user_id IS NULL
     UNION
    SELECT user_id FROM targets WHERE slots IS NULL
  ),
  -- The outcomes of states that agree, and what they add per applicant (two steps: per single requirement, then in all).
  kept AS MATERIALIZED (
    SELECT * FROM scored WHERE user_id NOT IN (SELECT user_id FROM disagreeing)
  ),
  per_key AS (
    SELECT user_id, offer->>'only_requirement_key' AS key,
           coalesce(sum(sign) FILTER (WHERE worst = 0), 0) AS eligible,
           coalesce(sum(sign * (offer->>'total_amount')::bigint) FILTER (WHERE worst = 0), 0) AS eligible_value,
           coalesce(sum(sign) FILTER (WHERE worst = 0 AND (offer->>'requirement_count')::int = 0), 0) AS easy_apply,
           coalesce(sum(sign) FILTER (WHERE worst = 0 AND (offer->>'deadline')::date <= $1::date + ${EXPIRING_SOON_DAYS}), 0) AS expiring_soon,
           coalesce(sum(sign) FILTER (WHERE worst = 1), 0) AS missing,
           coalesce(sum(sign * (offer->>'total_amount')::bigint) FILTER (WHERE worst = 1), 0) AS missing_value
      FROM kept
     GROUP BY user_id, offer->>'only_requirement_key'
  ),
  deltas AS (
    SELECT user_id, sum(eligible) AS eligible, sum(eligible_value) AS eligible_value,
           sum(easy_apply) AS easy_apply, sum(expiring_soon) AS expiring_soon, sum(missing) AS missing, sum(missing_value) AS missing_value,
           coalesce(jsonb_object_agg(key, eligible) FILTER (WHERE key IS NOT NULL), '{}'::jsonb) AS only_requirement
      FROM per_key
     GROUP BY user_id
  ),
  removed AS (
    DELETE FROM applicant_matches m
     USING stored s
     WHERE (m.user_id, m.created_at, m.scholarship_id) = (s.user_id, s.created_at, s.scholarship_id)
       AND s.user_id NOT IN (SELECT user_id FROM disagreeing)
  ),
  added AS (
    INSERT INTO applicant_matches (user_id, scholarship_id, created_at, deadline, total_amount, requirement_count, only_requirement_key)
    SELECT user_id, scholarship_id, (offer->>'created_at')::timestamptz, (offer->>'deadline')::date, (offer->>'total_amount')::bigint,
           (offer->>'requirement_count')::integer, offer->>'only_requirement_key'
      FROM kept
     WHERE sign = 1 AND worst = 0
  ),
  resent AS (
    UPDATE applicant_match_state st SET answers_version = -1, answer_slots = NULL
     WHERE st.user_id IN (SELECT user_id FROM disagreeing)
    RETURNING st.user_id
  ),
  edited AS (
    UPDATE applicant_match_state st
       SET catalogue_version = $2::bigint,
           summary = ${summaryPlusDeltaSql('st.summary', 'd')}
      FROM deltas d
     WHERE st.user_id = d.user_id
    RETURNING st.user_id
  )
  SELECT (SELECT count(*) FROM targets)::int AS targets, (SELECT count(*) FROM edited)::int AS edited, (SELECT count(*) FROM resent)::int AS resent`;
