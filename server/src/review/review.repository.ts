import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Eligibility, type RankCriterion, type ReviewStatus, UNDECIDED_REVIEW_STATUSES } from '@scholarmatch/schemas';
import type { DataSource, EntityManager } from 'typeorm';
import { sponsorSql } from '../common/sponsor-sql.js';
import { worstVerdictSql } from '../matching/matching-sql.js';


export interface ReviewedScholarship {
  id: string;
  providerId: string;
  title: string;
  slug: string | null;
  requirements: unknown[];
  blindReview: boolean;
  /** The organisation's name (docs/providers.md): the sender applicants see. */
  sponsor: string;
  isOwner: boolean;
  isReviewer: boolean;
}

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

/** The filter's parameters, `$1` to `$6` of FILTER_SQL. */
function filterParameters(scholarshipId: string, filter: ApplicantFilter): unknown[] {
  const reference = filter.search && /^[0-9A-Fa-f]{1,8}$/.test(filter.search) ? filter.search : null;
  return [scholarshipId, filter.status, filter.eligible, filter.search, filter.blind, reference];
}

/**
 * Provider review's SQL (docs/review.md): who may review a scholarship, its applications with
 * their stored verdicts and scores, the rubric, points, winner decisions and reviewers.
 */
@Injectable()
export class ReviewRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The scholarship and whether the caller owns it or reviews for its organisation. */
  async scholarshipFor(scholarshipId: string, callerId: string): Promise<ReviewedScholarship | undefined> {
    const [row] = (await this.db.query(
      `SELECT s.id, s.provider_id AS "providerId", s.title, s.slug, s.requirements, s.blind_review AS "blindReview",
              ${sponsorSql('provider')} AS sponsor,
              s.provider_id = $2 AS "isOwner",
              EXISTS (SELECT 1 FROM organisation_reviewers r WHERE r.reviewer_id = $2 AND r.provider_id = s.provider_id) AS "isReviewer"
         FROM scholarships s JOIN users provider ON provider.id = s.provider_id
        WHERE s.id = $1`,
      [scholarshipId, callerId],
    )) as ReviewedScholarship[];
    return row;
  }

  async setBlindReview(scholarshipId: string, blind: boolean): Promise<void> {
    await this.db.query(`UPDATE scholarships SET blind_review = $2 WHERE id = $1`, [scholarshipId, blind]);
  }

  /**
   * Judges the submitted applications' eligibility with the matcher's verdict SQL (docs/matching.md)
   * when the scholarship's rules changed since the last judgement or it was not today; otherwise
   * only applications not judged yet. One set-based statement.
   */
  async judgeEligibility(scholarshipId: string, today: string): Promise<void> {
    // Almost always nothing to judge: answered from one row and an index, before the heavy statement.
    const [due] = (await this.db.query(
      `SELECT eligibility_judged_on IS DISTINCT FROM $2::date OR eligibility_judged_criteria IS DISTINCT FROM criteria
              OR EXISTS (SELECT 1 FROM applications WHERE scholarship_id = $1 AND status = 'Received' AND eligibility IS NULL) AS due
         FROM scholarships WHERE id = $1`,
      [scholarshipId, today],
    )) as { due: boolean }[];
    if (!due?.due) return;
    await this.db.query(
      `WITH s AS (
         SELECT id, criteria, (eligibility_judged_on IS DISTINCT FROM $2::date OR eligibility_judged_criteria IS DISTINCT FROM criteria) AS stale
           FROM scholarships WHERE id = $1
       ),
       rules AS (
         SELECT rule->>'fieldKey' AS field_key, b.* FROM s, jsonb_array_elements(s.criteria) AS rule, eligibility_rule_bounds(rule) AS b
       ),
       todo AS (
         SELECT a.id, a.user_id FROM applications a, s
          WHERE a.scholarship_id = $1 AND a.status = 'Received' AND (s.stale OR a.eligibility IS NULL)
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
       UPDATE scholarships SET eligibility_judged_on = $2::date, eligibility_judged_criteria = s.criteria
         FROM s WHERE scholarships.id = s.id AND s.stale`,
      [scholarshipId, today],
    );
  }

  async countApplicants(scholarshipId: string, filter: ApplicantFilter): Promise<number> {
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS n FROM applications a WHERE ${FILTER_SQL}`,
      filterParameters(scholarshipId, filter),
    )) as { n: number }[];
    return row.n;
  }

  /**
   * One page: the page's ids first (ordered and offset through the list's indexes), then what the
   * rows show, for those rows only.
   */
  async applicantsPage(scholarshipId: string, filter: ApplicantFilter, order: ApplicantOrder, offset: number, limit: number, callerId: string): Promise<ApplicantRow[]> {
    return (await this.db.query(
      `WITH page AS (
         SELECT a.id, row_number() OVER () AS n
           FROM (SELECT a.id FROM applications a
                  WHERE ${FILTER_SQL}
                  ORDER BY ${APPLICANT_ORDERS[order]}
                 OFFSET $7 LIMIT $8) AS a
       )
       SELECT ${ROW_COLUMNS}, ${reviewerTotalSql('$9')} AS "myScore"
         FROM page JOIN applications a ON a.id = page.id JOIN users u ON u.id = a.user_id
        ORDER BY page.n`,
      [...filterParameters(scholarshipId, filter), offset, limit, callerId],
    )) as ApplicantRow[];
  }

  /** Submitted applications by id (winners, messages); missing ids are simply absent. */
  async applicantsByIds(scholarshipId: string, ids: readonly string[], callerId: string, manager: EntityManager = this.db.manager): Promise<ApplicantRow[]> {
    return (await manager.query(
      `SELECT ${ROW_COLUMNS}, ${reviewerTotalSql('$3')} AS "myScore"
         FROM applications a JOIN users u ON u.id = a.user_id
        WHERE a.scholarship_id = $1 AND a.status = 'Received' AND a.id = ANY($2::uuid[])
        ORDER BY a.submitted_at DESC, a.id DESC`,
      [scholarshipId, ids, callerId],
    )) as ApplicantRow[];
  }

  /** One submitted application with its pinned form version (null when that version was never stored). */
  async submission(scholarshipId: string, applicationId: string, callerId: string): Promise<(ApplicantRow & { answers: Record<string, unknown>; formVersion: string | null; schema: object | null; uiSchema: object | null }) | undefined> {
    const [row] = (await this.db.query(
      `SELECT ${ROW_COLUMNS}, ${reviewerTotalSql('$3')} AS "myScore", a.answers, a.form_version AS "formVersion", v.schema, v.ui_schema AS "uiSchema"
         FROM applications a JOIN users u ON u.id = a.user_id
         LEFT JOIN requirement_form_versions v ON v.scholarship_id = a.scholarship_id AND v.version = a.form_version
        WHERE a.scholarship_id = $1 AND a.id = $2 AND a.status = 'Received'`,
      [scholarshipId, applicationId, callerId],
    )) as never[];
    return row;
  }

  async submittedPerDay(scholarshipId: string, days: number): Promise<{ date: string; count: number }[]> {
    return (await this.db.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS date, coalesce(n.count, 0)::int AS count
         FROM generate_series((now() AT TIME ZONE 'UTC')::date - ($2::int - 1), (now() AT TIME ZONE 'UTC')::date, interval '1 day') AS day
         LEFT JOIN (SELECT (submitted_at AT TIME ZONE 'UTC')::date AS d, count(*) FROM applications
                     WHERE scholarship_id = $1 AND status = 'Received'
                       AND submitted_at >= (now() AT TIME ZONE 'UTC')::date - ($2::int - 1)
                     GROUP BY 1) AS n ON n.d = day::date
        ORDER BY day`,
      [scholarshipId, days],
    )) as { date: string; count: number }[];
  }

  /** Export rows after the keyset position (`submitted_at DESC, id DESC`), a batch at a time. */
  async exportBatch(scholarshipId: string, after: { submittedAt: Date; id: string } | null, limit: number): Promise<(ApplicantRow & { answers: Record<string, unknown> })[]> {
    return (await this.db.query(
      `SELECT ${ROW_COLUMNS}, NULL AS "myScore", a.answers
         FROM applications a JOIN users u ON u.id = a.user_id
        WHERE a.scholarship_id = $1 AND a.status = 'Received'
          AND ($2::timestamptz IS NULL OR (a.submitted_at, a.id) < ($2::timestamptz, $3::uuid))
        ORDER BY a.submitted_at DESC, a.id DESC
        LIMIT $4`,
      [scholarshipId, after?.submittedAt ?? null, after?.id ?? null, limit],
    )) as never[];
  }

  // The rubric

  async criteria(scholarshipId: string, manager: EntityManager = this.db.manager): Promise<RankCriterion[]> {
    const rows = (await manager.query(
      `SELECT id, name, description, weight, max_points AS "maxPoints", extra FROM rank_criteria WHERE scholarship_id = $1 ORDER BY position`,
      [scholarshipId],
    )) as (RankCriterion & { description: string | null; extra: Record<string, unknown> })[];
    return rows.map(({ description, extra, ...rest }) => ({ ...rest, ...(description ? { description } : {}), ...(Object.keys(extra).length ? { extra } : {}) }));
  }

  /** Replaces the rubric: criteria not in the list go (with their points), the others are written in order. */
  async replaceCriteria(manager: EntityManager, scholarshipId: string, criteria: readonly RankCriterion[]): Promise<void> {
    await manager.query(`DELETE FROM rank_criteria WHERE scholarship_id = $1 AND NOT (id = ANY($2::uuid[]))`, [scholarshipId, criteria.map((c) => c.id)]);
    for (const [position, c] of criteria.entries()) {
      await manager.query(
        `INSERT INTO rank_criteria (id, scholarship_id, position, name, description, weight, max_points, extra)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (id) DO UPDATE SET position = $3, name = $4, description = $5, weight = $6, max_points = $7, extra = $8
          WHERE rank_criteria.scholarship_id = $2`,
        [c.id, scholarshipId, position, c.name, c.description ?? null, c.weight, c.maxPoints, JSON.stringify(c.extra ?? {})],
      );
    }
  }

  /** Which of these ids are criteria of the scholarship. */
  async criterionIdsOf(manager: EntityManager, scholarshipId: string, ids: readonly string[]): Promise<Set<string>> {
    const rows = (await manager.query(`SELECT id FROM rank_criteria WHERE scholarship_id = $1 AND id = ANY($2::uuid[])`, [scholarshipId, ids])) as { id: string }[];
    return new Set(rows.map((row) => row.id));
  }

  /** Every reviewer's points on one application. */
  async points(applicationId: string, manager: EntityManager = this.db.manager): Promise<{ reviewerId: string; name: string; criterionId: string; points: number; updatedAt: Date }[]> {
    return (await manager.query(
      `SELECT p.reviewer_id AS "reviewerId", u.first_name || ' ' || u.last_name AS name, p.criterion_id AS "criterionId", p.points, p.updated_at AS "updatedAt"
         FROM application_points p JOIN users u ON u.id = p.reviewer_id
        WHERE p.application_id = $1 ORDER BY u.last_name, u.first_name, p.reviewer_id`,
      [applicationId],
    )) as never[];
  }

  /** The caller's points on one application, replaced whole. */
  async replacePoints(manager: EntityManager, applicationId: string, reviewerId: string, points: Record<string, number>): Promise<void> {
    await manager.query(`DELETE FROM application_points WHERE application_id = $1 AND reviewer_id = $2`, [applicationId, reviewerId]);
    const entries = Object.entries(points);
    if (!entries.length) return;
    await manager.query(
      `INSERT INTO application_points (application_id, reviewer_id, criterion_id, points)
       SELECT $1, $2, c, p FROM unnest($3::uuid[], $4::int[]) AS x (c, p)`,
      [applicationId, reviewerId, entries.map(([id]) => id), entries.map(([, n]) => n)],
    );
  }

  /**
   * Stores the average of the reviewers' weighted totals (docs/review.md, "Points") on the given
   * application, or on every application of the scholarship when none is given. Locks nothing
   * but the rows it writes; runs in the caller's transaction.
   */
  async refreshAverages(manager: EntityManager, scholarshipId: string, applicationId: string | null): Promise<void> {
    await manager.query(
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
      [scholarshipId, applicationId],
    );
  }

  // Winners

  async decisions(scholarshipId: string): Promise<DecisionRow[]> {
    return (await this.db.query(
      `SELECT id, method, seed, count, candidate_ids AS "candidateIds", winner_ids AS "winnerIds", decided_at AS "decidedAt"
         FROM winner_decisions WHERE scholarship_id = $1 ORDER BY decided_at`,
      [scholarshipId],
    )) as DecisionRow[];
  }

  async winnerIds(scholarshipId: string): Promise<string[]> {
    const rows = (await this.db.query(
      `SELECT id FROM applications WHERE scholarship_id = $1 AND status = 'Received' AND review_status = 'Winner'`,
      [scholarshipId],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** Locks the scholarship's row so two decisions cannot run at once; answers whether one was taken. */
  async lockForDecision(manager: EntityManager, scholarshipId: string): Promise<boolean> {
    await manager.query(`SELECT 1 FROM scholarships WHERE id = $1 FOR UPDATE`, [scholarshipId]);
    const [row] = (await manager.query(`SELECT EXISTS (SELECT 1 FROM winner_decisions WHERE scholarship_id = $1) AS taken`, [scholarshipId])) as { taken: boolean }[];
    return row.taken;
  }

  /** Undecided submitted applications (optionally only eligible ones), by id. */
  async undecided(manager: EntityManager, scholarshipId: string, eligibleOnly: boolean): Promise<{ id: string; userId: string }[]> {
    return (await manager.query(
      `SELECT id, user_id AS "userId" FROM applications
        WHERE scholarship_id = $1 AND status = 'Received' AND review_status = ANY($2::text[])
          AND (NOT $3::boolean OR eligibility = 'eligible')
        ORDER BY id`,
      [scholarshipId, UNDECIDED_REVIEW_STATUSES, eligibleOnly],
    )) as { id: string; userId: string }[];
  }

  /** Winners become 'Winner', every other undecided application 'Not selected'; the decision is recorded. */
  async recordDecision(manager: EntityManager, scholarshipId: string, decision: Omit<DecisionRow, 'id' | 'decidedAt'>, decidedBy: string): Promise<void> {
    await manager.query(
      `UPDATE applications SET review_status = CASE WHEN id = ANY($2::uuid[]) THEN 'Winner' ELSE 'Not selected' END, updated_at = now()
        WHERE scholarship_id = $1 AND status = 'Received' AND review_status = ANY($3::text[])`,
      [scholarshipId, decision.winnerIds, UNDECIDED_REVIEW_STATUSES],
    );
    await manager.query(
      `INSERT INTO winner_decisions (scholarship_id, method, seed, count, candidate_ids, winner_ids, decided_by) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [scholarshipId, decision.method, decision.seed, decision.count, decision.candidateIds, decision.winnerIds, decidedBy],
    );
  }
}

export interface DecisionRow {
  id: string;
  method: 'hand' | 'draw';
  seed: string | null;
  count: number;
  candidateIds: string[];
  winnerIds: string[];
  decidedAt: Date;
}
