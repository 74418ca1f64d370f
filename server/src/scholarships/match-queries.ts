/**
 * The matcher's SQL in one place (docs/matching.md): MatchesRepository runs it, and
 * `npm run bench:explain` prints its plans at the benchmark's scale. No framework imports here,
 * so scripts can load it directly.
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

/** A rule row `r` against the facts row `a` (NULL when unanswered). */
export const RULE_VERDICT_SQL = `eligibility_typed_verdict(r.operator, r.txt, r.texts, r.lo_num, r.hi_num, r.lo_txt, r.hi_txt,
  a.data_type, a.answered, a.comparable, a.txt, a.texts, a.num, a.age)`;

/** Whether the stored matches still describe this applicant today (the answers', catalogue's and day's versions). */
export function freshnessSql(userParameter: string, todayParameter: string): string {
  return `
  SELECT state.summary,
         state.answers_version = u.answers_version AND state.catalogue_version = catalogue.version AND state.computed_for = ${todayParameter}::date AS fresh
    FROM users u
   CROSS JOIN match_catalogue catalogue
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
    SELECT id, answers_version, ${answersOfUserSql('users')} AS answers
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
  summary AS (
    SELECT jsonb_build_object(
             'eligible', count(*) FILTER (WHERE worst = 0),
             'eligibleValue', coalesce(sum(total_amount) FILTER (WHERE worst = 0), 0),
             'recommendation', count(*) FILTER (WHERE worst = 0 AND requirement_count > 0),
             'easyApply', count(*) FILTER (WHERE worst = 0 AND requirement_count = 0),
             'onlyRequirement', (SELECT coalesce(jsonb_object_agg(key, n), '{}'::jsonb)
                                   FROM (SELECT only_requirement_key AS key, count(*) AS n FROM open_outcomes
                                          WHERE worst = 0 AND only_requirement_key IS NOT NULL GROUP BY 1) AS by_key),
             'expiringSoon', count(*) FILTER (WHERE worst = 0 AND deadline <= $2::date + ${EXPIRING_SOON_DAYS}),
             'missing', count(*) FILTER (WHERE worst = 1),
             'missingValue', coalesce(sum(total_amount) FILTER (WHERE worst = 1), 0)) AS summary
      FROM open_outcomes
  )
  INSERT INTO applicant_match_state (user_id, answers_version, catalogue_version, computed_for, computed_at, summary)
  SELECT person.id, person.answers_version, (SELECT version FROM match_catalogue), $2::date, now(), summary.summary
    FROM person, summary
  ON CONFLICT (user_id) DO UPDATE
    SET answers_version = EXCLUDED.answers_version, catalogue_version = EXCLUDED.catalogue_version,
        computed_for = EXCLUDED.computed_for, computed_at = EXCLUDED.computed_at, summary = EXCLUDED.summary
  RETURNING summary`;

/**
 * The list's filters over the applicant's stored matches (`$1` the applicant). No deadline test:
 * the matches are recomputed each day and hold only what is open that day.
 */
export const MATCH_FILTER = `m.user_id = $1
  AND ($2::boolean IS NULL OR (m.requirement_count = 0) = $2::boolean)
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
              m.requirement_count, provider.first_name AS sponsor,
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
