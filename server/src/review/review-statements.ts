import type { Eligibility, ReviewStatus } from '@scholarmatch/schemas';
import type { Selectable } from 'kysely';
import type { Applications } from '../database/database-types.js';
import { Statement } from '../database/statement.js';
import { worstVerdictSql } from '../matching/matching-sql.js';

/**
 * Provider review's statements kept as SQL (docs/review.md), with their row and parameter types
 * (docs/architecture.md, "Data access"): the applicants list, its count, a submission, the export,
 * the eligibility judgement and the averages. Each is made once.
 */


export interface ApplicantRow {
  id: string;
  userId: string;
  status: ReviewStatus;
  submittedAt: Date;
  eligibility: Eligibility | null;
  averageScore: string | null;
  reviewCount: number;
  myScore: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  school: string | null;
}

export interface ApplicantFilter {
  search: string | null;
  status: ReviewStatus | null;
  eligible: Eligibility | null;
  blind: boolean;
}

/** The list's orders (docs/review.md); each ends with the id so pages never overlap. */
export const APPLICANT_ORDERS = {
  '-submittedAt': 'a.submitted_at DESC, a.id DESC',
  submittedAt: 'a.submitted_at ASC, a.id ASC',
  '-score': 'a.average_score DESC NULLS LAST, a.id DESC',
  score: 'a.average_score ASC NULLS LAST, a.id ASC',
  name: 'a.applicant_last_name ASC, a.applicant_first_name ASC, a.id ASC',
  '-name': 'a.applicant_last_name DESC, a.applicant_first_name DESC, a.id DESC',
} as const;
export type ApplicantOrder = keyof typeof APPLICANT_ORDERS;


/** The school shown for an applicant: the college when enrolled, else the high school. */
const SCHOOL_SQL = `coalesce(nullif(u.profile->>'collegeName', ''), nullif(u.profile->>'highSchoolName', ''))`;

/** The caller's weighted total on application `a` (docs/review.md, "Points"); `$me` names the caller. */
function reviewerTotalSql(me: string): string {
  return `(SELECT round(sum(c.weight * least(p.points, c.max_points)::numeric / c.max_points) * 100
                        / (SELECT sum(weight) FROM rank_criteria WHERE scholarship_id = a.scholarship_id), 2)
             FROM application_points p JOIN rank_criteria c ON c.id = p.criterion_id
            WHERE p.application_id = a.id AND p.reviewer_id = ${me})`;
}

const ROW_COLUMNS = `a.id, a.user_id AS "userId", a.review_status AS status, a.submitted_at AS "submittedAt", a.eligibility,
  a.average_score AS "averageScore", a.review_count AS "reviewCount",
  u.first_name AS "firstName", u.last_name AS "lastName", u.email, u.phone, ${SCHOOL_SQL} AS school`;

/**
 * Filters of the applicants list: `$1` scholarship, `$2` status, `$3` eligibility, `$4` search
 * (LIKE-escaped), `$5` blind, `$6` the search when it could be a reference (hex digits, at most
 * 8). A search is the applications whose reference starts with it, or (not blind, three
 * characters or more: fewer match every name) whose person's names or e-mail contain it. The
 * names and e-mail are the application's copy (`applicant_search`, kept by a trigger, with a
 * trigram index), so a search never reads people who did not apply, however common the word.
 */
const FILTER_SQL = `a.scholarship_id = $1 AND a.status = 'Received'
  AND ($2::text IS NULL OR a.review_status = $2)
  AND ($3::text IS NULL OR a.eligibility = $3)
  AND ($4::text IS NULL
       OR ($6::text IS NOT NULL AND upper(left(a.id::text, 8)) LIKE upper($6) || '%')
       OR (NOT $5::boolean AND length($4) >= 3 AND a.applicant_search LIKE '%' || lower($4) || '%'))`;

/** `$1` scholarship, `$2` status, `$3` eligibility, `$4` search, `$5` blind, `$6` reference. */
export type FilterParameters = [string, string | null, string | null, string | null, boolean, string | null];

/** The filter's parameters, `$1` to `$6` of FILTER_SQL. */
export function filterParameters(scholarshipId: string, filter: ApplicantFilter): FilterParameters {
  const reference = filter.search && /^[0-9A-Fa-f]{1,8}$/.test(filter.search) ? filter.search : null;
  return [scholarshipId, filter.status, filter.eligible, filter.search, filter.blind, reference];
}


type ApplicationId = string;
type CallerId = string;

export const COUNT_APPLICANTS = new Statement<{ n: number }, FilterParameters>(`SELECT count(*)::int AS n FROM applications a WHERE ${FILTER_SQL}`);

/**
 * One page: the page's ids first (ordered and offset through the list's indexes), then what the
 * rows show, for those rows only. `$7` offset, `$8` limit, `$9` the caller.
 */
function applicantsPageSql(order: ApplicantOrder): string {
  return `WITH page AS (
         SELECT a.id, row_number() OVER () AS n
           FROM (SELECT a.id FROM applications a
                  WHERE ${FILTER_SQL}
                  ORDER BY ${APPLICANT_ORDERS[order]}
                 OFFSET $7 LIMIT $8) AS a
       )
       SELECT ${ROW_COLUMNS}, ${reviewerTotalSql('$9')} AS "myScore"
         FROM page JOIN applications a ON a.id = page.id JOIN users u ON u.id = a.user_id
        ORDER BY page.n`;
}

const APPLICANTS_PAGES = new Map(
  (Object.keys(APPLICANT_ORDERS) as ApplicantOrder[]).map((order) => [order, new Statement<ApplicantRow, [...FilterParameters, number, number, CallerId]>(applicantsPageSql(order))]),
);

export function applicantsPageStatement(order: ApplicantOrder): Statement<ApplicantRow, [...FilterParameters, number, number, CallerId]> {
  return APPLICANTS_PAGES.get(order)!;
}

export const APPLICANTS_BY_IDS = new Statement<ApplicantRow, [string, readonly ApplicationId[], CallerId]>(
  `SELECT ${ROW_COLUMNS}, ${reviewerTotalSql('$3')} AS "myScore"
     FROM applications a JOIN users u ON u.id = a.user_id
    WHERE a.scholarship_id = $1 AND a.status = 'Received' AND a.id = ANY($2::uuid[])
    ORDER BY a.submitted_at DESC, a.id DESC`,
);

/** A submission with its pinned form version (null when that version was never stored). */
export type SubmissionRow = ApplicantRow & {
  answers: Record<string, unknown>;
  formVersion: Selectable<Applications>['form_version'];
  schema: object | null;
  uiSchema: object | null;
};

export const SUBMISSION = new Statement<SubmissionRow, [string, ApplicationId, CallerId]>(
  `SELECT ${ROW_COLUMNS}, ${reviewerTotalSql('$3')} AS "myScore", a.answers, a.form_version AS "formVersion", v.schema, v.ui_schema AS "uiSchema"
     FROM applications a JOIN users u ON u.id = a.user_id
     LEFT JOIN requirement_form_versions v ON v.scholarship_id = a.scholarship_id AND v.version = a.form_version
    WHERE a.scholarship_id = $1 AND a.id = $2 AND a.status = 'Received'`,
);

export const SUBMITTED_PER_DAY = new Statement<{ date: string; count: number }, [string, number]>(
  `SELECT to_char(day, 'YYYY-MM-DD') AS date, coalesce(n.count, 0)::int AS count
     FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($2::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS day
     LEFT JOIN (SELECT (submitted_at AT TIME ZONE 'UTC')::date AS d, count(*) FROM applications
                 WHERE scholarship_id = $1 AND status = 'Received'
                   AND submitted_at >= (now() AT TIME ZONE 'UTC')::date - ($2::int - 1)
                 GROUP BY 1) AS n ON n.d = day::date
    ORDER BY day`,
);

/** Export rows after the keyset position (`submitted_at DESC, id DESC`): `$2`, `$3` the last row's, `$4` the batch. */
export const EXPORT_BATCH = new Statement<ApplicantRow & { answers: Record<string, unknown> }, [string, Date | null, string | null, number]>(
  `SELECT ${ROW_COLUMNS}, NULL AS "myScore", a.answers
     FROM applications a JOIN users u ON u.id = a.user_id
    WHERE a.scholarship_id = $1 AND a.status = 'Received'
      AND ($2::timestamptz IS NULL OR (a.submitted_at, a.id) < ($2::timestamptz, $3::uuid))
    ORDER BY a.submitted_at DESC, a.id DESC
    LIMIT $4`,
);

/**
 * What judging the scholarship's applications needs (`$1` scholarship, `$2` today), from one row and
 * two index probes: `whole` when its rules changed since the last judgement or it was not today,
 * `unjudged` when applications arrived since, `anyJudged` when some have a verdict; and the rules.
 */
export const JUDGEMENT_DUE = new Statement<{ whole: boolean; unjudged: boolean; anyJudged: boolean; criteria: unknown[] }, [string, string]>(
  `SELECT eligibility_judged_on IS DISTINCT FROM $2::date OR eligibility_judged_criteria IS DISTINCT FROM criteria AS whole,
          EXISTS (SELECT 1 FROM applications WHERE scholarship_id = $1 AND status = 'Received' AND eligibility IS NULL) AS unjudged,
          EXISTS (SELECT 1 FROM applications WHERE scholarship_id = $1 AND status = 'Received' AND eligibility IS NOT NULL) AS "anyJudged",
          criteria
     FROM scholarships WHERE id = $1`,
);

/**
 * Scholarships whose submitted applications need judging (`$1` today, `$2` at most): rules changed,
 * a new day, or applications not judged yet. Those with no submitted application are left out.
 */
export const SCHOLARSHIPS_DUE_FOR_JUDGEMENT = new Statement<{ id: string }, [string, number]>(
  `SELECT s.id FROM scholarships s
    WHERE (s.eligibility_judged_on IS DISTINCT FROM $1::date OR s.eligibility_judged_criteria IS DISTINCT FROM s.criteria
           OR EXISTS (SELECT 1 FROM applications a WHERE a.scholarship_id = s.id AND a.status = 'Received' AND a.eligibility IS NULL))
      AND EXISTS (SELECT 1 FROM applications a WHERE a.scholarship_id = s.id AND a.status = 'Received')
    ORDER BY s.id
    LIMIT $2`,
);

/**
 * Judges a batch of a scholarship's submitted applications with the matcher's verdict SQL
 * (docs/matching.md): `$1` scholarship, `$2` today, `$3` the rules, `$4` all of them or only those
 * not judged yet, `$5` after this application id (null: from the first), `$6` at most. Returns the
 * last id judged (none when the batch was empty), for the next batch to start after.
 */
export const JUDGE_APPLICATIONS = new Statement<{ last: string | null }, [string, string, string, boolean, string | null, number]>(
  `WITH rules AS (
     SELECT rule->>'fieldKey' AS field_key, b.* FROM jsonb_array_elements($3::jsonb) AS rule, eligibility_rule_bounds(rule) AS b
   ),
   todo AS (
     SELECT a.id, a.user_id FROM applications a
      WHERE a.scholarship_id = $1 AND a.status = 'Received' AND ($4::boolean OR a.eligibility IS NULL)
        AND ($5::uuid IS NULL OR a.id > $5::uuid)
      ORDER BY a.id
      LIMIT $6
   ),
   verdicts AS (
     SELECT todo.id,
            ${worstVerdictSql('rules', 'u', '$2::date')} AS worst
       FROM todo JOIN users u ON u.id = todo.user_id
   ),
   judged AS (
     UPDATE applications SET eligibility = (ARRAY['eligible', 'missing', 'ineligible'])[worst + 1]
       FROM verdicts WHERE applications.id = verdicts.id
   )
   SELECT (SELECT id FROM todo ORDER BY id DESC LIMIT 1) AS last`,
);

/** Records the whole judgement (`$1` scholarship, `$2` today, `$3` the rules it judged by: if they changed meanwhile, it is due again). */
export const MARK_JUDGED = new Statement<never, [string, string, string]>(
  `UPDATE scholarships SET eligibility_judged_on = $2::date, eligibility_judged_criteria = $3::jsonb WHERE id = $1`,
);

/** The average of the reviewers' weighted totals (docs/review.md, "Points"): `$1` scholarship, `$2` one application or null for all. */
export const REFRESH_AVERAGES = new Statement<never, [string, string | null]>(
  `WITH w AS (SELECT sum(weight) AS total FROM rank_criteria WHERE scholarship_id = $1),
   totals AS (
     SELECT p.application_id, round(sum(c.weight * least(p.points, c.max_points)::numeric / c.max_points) * 100 / w.total, 2) AS total
       FROM application_points p JOIN rank_criteria c ON c.id = p.criterion_id AND c.scholarship_id = $1, w
      WHERE ($2::uuid IS NULL OR p.application_id = $2)
      GROUP BY p.application_id, p.reviewer_id, w.total
   ),
   averages AS (SELECT application_id, round(avg(total), 2) AS average, count(*)::int AS n FROM totals GROUP BY application_id)
   UPDATE applications a SET average_score = averages.average, review_count = coalesce(averages.n, 0)
     FROM applications x LEFT JOIN averages ON averages.application_id = x.id
    WHERE a.id = x.id AND x.scholarship_id = $1 AND x.status = 'Received' AND ($2::uuid IS NULL OR x.id = $2)
      AND (a.average_score IS DISTINCT FROM averages.average OR a.review_count IS DISTINCT FROM coalesce(averages.n, 0))`,
);
