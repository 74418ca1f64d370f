import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Eligibility, type RankCriterion, type ReviewStatus, UNDECIDED_REVIEW_STATUSES } from '@scholarmatch/schemas';
import type { DataSource, EntityManager } from 'typeorm';
import { sql } from 'kysely';
import { sponsorSql } from '../common/sponsor-sql.js';
import { kyselyFor, kyselyOf } from '../database/kysely.js';
import {
  APPLICANTS_BY_IDS,
  applicantsPageStatement,
  COUNT_APPLICANTS,
  EXPORT_BATCH,
  filterParameters,
  JUDGE_APPLICATIONS,
  JUDGEMENT_DUE,
  MARK_JUDGED,
  REFRESH_AVERAGES,
  SCHOLARSHIPS_DUE_FOR_JUDGEMENT,
  SUBMISSION,
  SUBMITTED_PER_DAY,
  type ApplicantFilter,
  type ApplicantOrder,
  type ApplicantRow,
  type SubmissionRow,
} from './review-statements.js';

/** Applications judged per statement (judgeInBatches). */
const JUDGEMENT_BATCH = 2_000;

export { APPLICANT_ORDERS, type ApplicantFilter, type ApplicantOrder, type ApplicantRow } from './review-statements.js';

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
    const { rows } = await sql<ReviewedScholarship>`SELECT s.id, s.provider_id AS "providerId", s.title, s.slug, s.requirements, s.blind_review AS "blindReview",
              ${sql.raw(sponsorSql('provider'))} AS sponsor,
              s.provider_id = ${callerId} AS "isOwner",
              EXISTS (SELECT 1 FROM organisation_reviewers r WHERE r.reviewer_id = ${callerId} AND r.provider_id = s.provider_id) AS "isReviewer"
         FROM scholarships s JOIN users provider ON provider.id = s.provider_id
        WHERE s.id = ${scholarshipId}`.execute(kyselyOf(this.db));
    return rows[0];
  }

  async setBlindReview(scholarshipId: string, blind: boolean): Promise<void> {
    await kyselyOf(this.db).updateTable('scholarships').set({ blind_review: blind }).where('id', '=', scholarshipId).execute();
  }

  /**
   * Judges the submitted applications' eligibility with the matcher's verdict SQL (docs/matching.md,
   * docs/review.md "Eligibility"). `whole`: all of them when the scholarship's rules changed since
   * the last judgement or it was not today (the judgement job, and the exact answers: export, draw).
   * Otherwise only those not judged yet, and the answer says whether the whole judgement is still due.
   */
  async judgeEligibility(scholarshipId: string, today: string, whole: boolean): Promise<{ wholeDue: boolean }> {
    // Almost always nothing to judge: answered from one row and an index, before the heavy statements.
    const [due] = await JUDGEMENT_DUE.rows(this.db, [scholarshipId, today]);
    if (!due) return { wholeDue: false };
    // With no verdict stored yet, judging those not judged is judging them all.
    if (due.whole && (whole || !due.anyJudged)) {
      await this.judgeInBatches(scholarshipId, today, due.criteria, true);
      await MARK_JUDGED.rows(this.db, [scholarshipId, today, JSON.stringify(due.criteria)]);
      return { wholeDue: false };
    }
    if (due.unjudged) await this.judgeInBatches(scholarshipId, today, due.criteria, false);
    return { wholeDue: due.whole };
  }

  /**
   * One statement per 2,000 applications: each holds its rows' locks (a status move, points) and the
   * statement timeout for a fraction of a second, not for the whole scholarship's seconds.
   */
  private async judgeInBatches(scholarshipId: string, today: string, criteria: unknown[], all: boolean): Promise<void> {
    const rules = JSON.stringify(criteria);
    let after: string | null = null;
    for (;;) {
      const [batch] = await JUDGE_APPLICATIONS.rows(this.db, [scholarshipId, today, rules, all, after, JUDGEMENT_BATCH]);
      if (!batch?.last) return;
      after = batch.last;
    }
  }

  /** Scholarships whose applications need judging (the judgement job's work list). */
  async scholarshipsDueForJudgement(today: string, limit: number): Promise<string[]> {
    return (await SCHOLARSHIPS_DUE_FOR_JUDGEMENT.rows(this.db, [today, limit])).map((row) => row.id);
  }

  async countApplicants(scholarshipId: string, filter: ApplicantFilter): Promise<number> {
    const [row] = await COUNT_APPLICANTS.rows(this.db, filterParameters(scholarshipId, filter));
    return row.n;
  }

  /** One page of the list (review-statements.ts): the page's ids first, then what the rows show. */
  async applicantsPage(scholarshipId: string, filter: ApplicantFilter, order: ApplicantOrder, offset: number, limit: number, callerId: string): Promise<ApplicantRow[]> {
    return applicantsPageStatement(order).rows(this.db, [...filterParameters(scholarshipId, filter), offset, limit, callerId]);
  }

  /** Submitted applications by id (winners, messages); missing ids are simply absent. */
  async applicantsByIds(scholarshipId: string, ids: readonly string[], callerId: string, manager: EntityManager = this.db.manager): Promise<ApplicantRow[]> {
    return APPLICANTS_BY_IDS.rows(manager, [scholarshipId, ids, callerId]);
  }

  /** One submitted application with its pinned form version (null when that version was never stored). */
  async submission(scholarshipId: string, applicationId: string, callerId: string): Promise<SubmissionRow | undefined> {
    const [row] = await SUBMISSION.rows(this.db, [scholarshipId, applicationId, callerId]);
    return row;
  }

  async submittedPerDay(scholarshipId: string, days: number): Promise<{ date: string; count: number }[]> {
    return SUBMITTED_PER_DAY.rows(this.db, [scholarshipId, days]);
  }

  /** Export rows after the keyset position (`submitted_at DESC, id DESC`), a batch at a time. */
  async exportBatch(scholarshipId: string, after: { submittedAt: Date; id: string } | null, limit: number): Promise<(ApplicantRow & { answers: Record<string, unknown> })[]> {
    return EXPORT_BATCH.rows(this.db, [scholarshipId, after?.submittedAt ?? null, after?.id ?? null, limit]);
  }

  // The rubric

  async criteria(scholarshipId: string, manager: EntityManager = this.db.manager): Promise<RankCriterion[]> {
    const rows = await kyselyFor(manager)
      .selectFrom('rank_criteria')
      .select(['id', 'name', 'description', 'weight', 'max_points as maxPoints', 'extra'])
      .where('scholarship_id', '=', scholarshipId)
      .orderBy('position')
      .execute();
    return rows.map(({ description, extra, ...rest }) => ({
      ...rest,
      ...(description ? { description } : {}),
      ...(extra && typeof extra === 'object' && Object.keys(extra).length ? { extra: extra as Record<string, unknown> } : {}),
    }));
  }

  /** Replaces the rubric: criteria not in the list go (with their points), the others are written in order. */
  async replaceCriteria(manager: EntityManager, scholarshipId: string, criteria: readonly RankCriterion[]): Promise<void> {
    const db = kyselyFor(manager);
    await db
      .deleteFrom('rank_criteria')
      .where('scholarship_id', '=', scholarshipId)
      .where((eb) => eb.not(eb('id', '=', sql<string>`ANY(${criteria.map((c) => c.id)}::uuid[])`)))
      .execute();
    for (const [position, c] of criteria.entries()) {
      const fields = { position, name: c.name, description: c.description ?? null, weight: c.weight, max_points: c.maxPoints, extra: JSON.stringify(c.extra ?? {}) };
      await db
        .insertInto('rank_criteria')
        .values({ id: c.id, scholarship_id: scholarshipId, ...fields })
        .onConflict((oc) => oc.column('id').doUpdateSet(fields).where('rank_criteria.scholarship_id', '=', scholarshipId))
        .execute();
    }
  }

  /** Which of these ids are criteria of the scholarship. */
  async criterionIdsOf(manager: EntityManager, scholarshipId: string, ids: readonly string[]): Promise<Set<string>> {
    const rows = await kyselyFor(manager)
      .selectFrom('rank_criteria')
      .select('id')
      .where('scholarship_id', '=', scholarshipId)
      .where('id', '=', sql<string>`ANY(${ids}::uuid[])`)
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  /** Every reviewer's points on one application. */
  async points(applicationId: string, manager: EntityManager = this.db.manager): Promise<{ reviewerId: string; name: string; criterionId: string; points: number; updatedAt: Date }[]> {
    return kyselyFor(manager)
      .selectFrom('application_points as p')
      .innerJoin('users as u', 'u.id', 'p.reviewer_id')
      .select(['p.reviewer_id as reviewerId', sql<string>`u.first_name || ' ' || u.last_name`.as('name'), 'p.criterion_id as criterionId', 'p.points', 'p.updated_at as updatedAt'])
      .where('p.application_id', '=', applicationId)
      .orderBy('u.last_name')
      .orderBy('u.first_name')
      .orderBy('p.reviewer_id')
      .execute();
  }

  /** The caller's points on one application, replaced whole. */
  async replacePoints(manager: EntityManager, applicationId: string, reviewerId: string, points: Record<string, number>): Promise<void> {
    const db = kyselyFor(manager);
    await db.deleteFrom('application_points').where('application_id', '=', applicationId).where('reviewer_id', '=', reviewerId).execute();
    const entries = Object.entries(points);
    if (!entries.length) return;
    await sql`INSERT INTO application_points (application_id, reviewer_id, criterion_id, points)
       SELECT ${applicationId}, ${reviewerId}, c, p FROM unnest(${entries.map(([id]) => id)}::uuid[], ${entries.map(([, n]) => n)}::int[]) AS x (c, p)`.execute(db);
  }

  /**
   * Stores the average of the reviewers' weighted totals (docs/review.md, "Points") on the given
   * application, or on every application of the scholarship when none is given. Locks nothing
   * but the rows it writes; runs in the caller's transaction.
   */
  async refreshAverages(manager: EntityManager, scholarshipId: string, applicationId: string | null): Promise<void> {
    await REFRESH_AVERAGES.rows(manager, [scholarshipId, applicationId]);
  }

  // Winners

  async decisions(scholarshipId: string): Promise<DecisionRow[]> {
    return kyselyOf(this.db)
      .selectFrom('winner_decisions')
      .select(['id', 'method', 'seed', 'count', 'candidate_ids as candidateIds', 'winner_ids as winnerIds', 'decided_at as decidedAt'])
      .$narrowType<{ method: DecisionRow['method'] }>()
      .where('scholarship_id', '=', scholarshipId)
      .orderBy('decided_at')
      .execute();
  }

  async winnerIds(scholarshipId: string): Promise<string[]> {
    const rows = await kyselyOf(this.db)
      .selectFrom('applications')
      .select('id')
      .where('scholarship_id', '=', scholarshipId)
      .where('status', '=', 'Received')
      .where('review_status', '=', 'Winner')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Locks the scholarship's row so two decisions cannot run at once; answers whether one was taken. */
  async lockForDecision(manager: EntityManager, scholarshipId: string): Promise<boolean> {
    const db = kyselyFor(manager);
    await db.selectFrom('scholarships').select(sql`1`.as('locked')).where('id', '=', scholarshipId).forUpdate().execute();
    const row = await db
      .selectNoFrom((eb) => eb.exists(eb.selectFrom('winner_decisions').select(sql`1`.as('one')).where('scholarship_id', '=', scholarshipId)).$castTo<boolean>().as('taken'))
      .executeTakeFirstOrThrow();
    return row.taken;
  }

  /** Undecided submitted applications (optionally only eligible ones), by id. */
  async undecided(manager: EntityManager, scholarshipId: string, eligibleOnly: boolean): Promise<{ id: string; userId: string; status: string }[]> {
    let query = kyselyFor(manager)
      .selectFrom('applications')
      .select(['id', 'user_id as userId', 'review_status as status'])
      .where('scholarship_id', '=', scholarshipId)
      .where('status', '=', 'Received')
      .where('review_status', '=', sql<string>`ANY(${UNDECIDED_REVIEW_STATUSES}::text[])`);
    if (eligibleOnly) query = query.where('eligibility', '=', 'eligible');
    return query.orderBy('id').execute();
  }

  /** Winners become 'Winner', every other undecided application 'Not selected'; the decision is recorded. */
  async recordDecision(manager: EntityManager, scholarshipId: string, decision: Omit<DecisionRow, 'id' | 'decidedAt'>, decidedBy: string): Promise<void> {
    const db = kyselyFor(manager);
    await sql`UPDATE applications SET review_status = CASE WHEN id = ANY(${decision.winnerIds}::uuid[]) THEN 'Winner' ELSE 'Not selected' END, updated_at = now()
        WHERE scholarship_id = ${scholarshipId} AND status = 'Received' AND review_status = ANY(${UNDECIDED_REVIEW_STATUSES}::text[])`.execute(db);
    await db
      .insertInto('winner_decisions')
      .values({
        scholarship_id: scholarshipId,
        method: decision.method,
        seed: decision.seed,
        count: decision.count,
        candidate_ids: decision.candidateIds,
        winner_ids: decision.winnerIds,
        decided_by: decidedBy,
      })
      .execute();
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
