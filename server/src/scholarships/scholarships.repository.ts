import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { ApplicationStatus, EligibilityRule, Requirement, ReviewStatus } from '@scholarmatch/schemas';
import { sql } from 'kysely';
import type { DataSource, DeepPartial, EntityManager, Repository } from 'typeorm';
import { kyselyOf } from '../database/kysely.js';
import { Statement } from '../database/statement.js';
import { sponsorSql } from '../common/sponsor-sql.js';
import { answersOfUserSql } from '../matching/matching-sql.js';
import type { CardRow } from './scholarship-card.js';
import { ScholarshipEntity } from './scholarship.entity.js';
import { TOLD_REVIEW_STATUS_SQL } from '../review/status-messages.repository.js';
import { likePattern } from '../database/like-pattern.js';

/** One scholarship as an applicant sees it, with what the applicant's own rows add. */
export interface ScholarshipDetailRow extends Pick<CardRow, 'id' | 'title' | 'description' | 'amounts' | 'award' | 'recurrence_config' | 'sponsor' | 'is_liked'> {
  status: string;
  criteria: EligibilityRule[];
  requirements: Requirement[];
  application_status: ApplicationStatus | null;
  subscribed: boolean;
  answers: Record<string, unknown>;
}

/** A card of My Scholarships: the scholarship and the applicant's application to it. */
/** `review_status` is where the provider has moved a submitted application (docs/review.md); null for a draft. */
export type ApplicationCardRow = CardRow & { status: ApplicationStatus; review_status: ReviewStatus | null; updated_at: Date; applied_automatically_at: Date | null };

/** How many applications a scholarship has: submitted (Received) and still drafts. */
export interface ApplicationCounts {
  received: number;
  drafts: number;
}

/** What the applicants overview asks for: a title search, a status, whether empty drafts are shown, a page. */
export interface OverviewFilter {
  search?: string;
  status?: string;
  emptyDrafts: boolean;
  offset: number;
  limit: number;
}

/** One scholarship of the applicants overview. */
export interface OverviewRow {
  id: string;
  title: string;
  status: ScholarshipEntity['status'];
  deadline: string | null;
  applicationsCount: number;
  draftsCount: number;
}

/** Per scholarship of the provider (`$1`), its received and draft applications (scholarships without any are absent). */
/**
 * The dashboard's "applied" tile, read on every dashboard load: prepared, and its text written once
 * rather than built per request (the builder's cost showed in the benchmark's CPU per request).
 */
const RECEIVED_APPLICATIONS = new Statement<{ n: number }, [string]>(
  `SELECT count(*)::int AS n FROM applications WHERE user_id = $1 AND status = 'Received'`,
);

const PROVIDER_APPLICATION_COUNTS = new Statement<ApplicationCounts & { id: string }, [string]>(
  `SELECT a.scholarship_id AS id,
          count(*) FILTER (WHERE a.status = 'Received')::int AS received,
          count(*) FILTER (WHERE a.status = 'Draft')::int AS drafts
     FROM applications a JOIN scholarships s ON s.id = a.scholarship_id
    WHERE s.provider_id = $1
    GROUP BY a.scholarship_id`,
);

const APPLICATION_COUNTS = new Statement<ApplicationCounts, [string]>(
  `SELECT count(*) FILTER (WHERE status = 'Received')::int AS received, count(*) FILTER (WHERE status = 'Draft')::int AS drafts
     FROM applications WHERE scholarship_id = $1`,
);

/** `$1` scholarship, `$2` applicant. */
const DETAIL_FOR_APPLICANT = new Statement<ScholarshipDetailRow, [string, string]>(
  `SELECT s.id, s.title, s.description, s.amounts, s.award, s.recurrence_config, s.status, s.criteria, s.requirements,
              ${sponsorSql('provider')} AS sponsor, application.status AS application_status,
              me.is_active_subscription AS subscribed,
              ${answersOfUserSql('me')} AS answers,
              EXISTS (SELECT 1 FROM wishlist w WHERE w.user_id = me.id AND w.scholarship_id = s.id) AS is_liked
         FROM scholarships s
         JOIN users provider ON provider.id = s.provider_id
         JOIN users me ON me.id = $2
         LEFT JOIN applications application ON application.scholarship_id = s.id AND application.user_id = me.id
        WHERE s.id = $1 AND (s.status <> 'draft' OR application.id IS NOT NULL)`,
);

/** `$1` applicant, `$2` status or null for all. */
const APPLICATION_CARDS = new Statement<ApplicationCardRow, [string, ApplicationStatus | null]>(
  `SELECT s.id, s.title, s.description, s.amounts, s.award, s.recurrence_config, s.created_at, s.updated_at AS scholarship_updated_at,
              jsonb_array_length(s.requirements) AS requirement_count, ${sponsorSql('provider')} AS sponsor,
              a.status, CASE WHEN a.status = 'Received' THEN ${TOLD_REVIEW_STATUS_SQL('a')} END AS review_status, a.updated_at,
              CASE WHEN a.applied_automatically THEN a.submitted_at END AS applied_automatically_at,
              EXISTS (SELECT 1 FROM wishlist w WHERE w.user_id = a.user_id AND w.scholarship_id = s.id) AS is_liked
         FROM applications a
         JOIN scholarships s ON s.id = a.scholarship_id
         JOIN users provider ON provider.id = s.provider_id
        WHERE a.user_id = $1 AND ($2::text IS NULL OR a.status = $2::text)
        ORDER BY a.updated_at DESC, a.id`,
);

/** Scholarships: a provider's own rows (TypeORM), and what an applicant reads of them and of their applications. */
@Injectable()
export class ScholarshipsRepository {
  constructor(
    @InjectRepository(ScholarshipEntity) private readonly scholarships: Repository<ScholarshipEntity>,
    @InjectDataSource() private readonly db: DataSource,
  ) {}

  /** The provider whose organisation a reviewer reviews for (none once removed). */
  async organisationOfReviewer(reviewerId: string): Promise<string | undefined> {
    const row = await kyselyOf(this.db).selectFrom('organisation_reviewers').select('provider_id as providerId').where('reviewer_id', '=', reviewerId).executeTakeFirst();
    return row?.providerId;
  }

  findByProvider(providerId: string): Promise<ScholarshipEntity[]> {
    return this.scholarships.find({ where: { providerId }, order: { createdAt: 'DESC' } });
  }

  findById(id: string): Promise<ScholarshipEntity | null> {
    return this.scholarships.findOneBy({ id });
  }

  /** A new row, not saved yet. */
  build(fields: DeepPartial<ScholarshipEntity>): ScholarshipEntity {
    return this.scholarships.create(fields);
  }

  save(row: ScholarshipEntity): Promise<ScholarshipEntity> {
    return this.scholarships.save(row);
  }

  /** Saves the row and, in the same transaction, what the change causes (an outbox event: docs/webhooks.md). */
  saveWith(row: ScholarshipEntity, causes: (manager: EntityManager) => Promise<void>): Promise<ScholarshipEntity> {
    return this.scholarships.manager.transaction(async (manager) => {
      const saved = await manager.save(row);
      await causes(manager);
      return saved;
    });
  }

  /** Whether a save failed on the unique web address (another scholarship has the slug). */
  isSlugTaken(error: unknown): boolean {
    const driverError = error as { code?: string; constraint?: string; driverError?: { code?: string; constraint?: string } };
    const cause = driverError.driverError ?? driverError;
    return cause.code === '23505' && cause.constraint === 'scholarships_slug';
  }

  /** The slugs in use that are `slug` or `slug-<n>`. */
  async slugsLike(slug: string): Promise<Set<string>> {
    const rows = await kyselyOf(this.db)
      .selectFrom('scholarships')
      .select('slug')
      .where((eb) => eb.or([eb('slug', '=', slug), eb('slug', 'like', sql<string>`${slug} || '-%'`)]))
      .execute();
    return new Set(rows.flatMap((row) => (row.slug === null ? [] : [row.slug])));
  }

  /** Each of the provider's scholarships' application counts (scholarships without any are absent). */
  /**
   * One page of the applicants overview (docs/review.md, "Overview"): the provider's scholarships
   * newest first with their application counts, searched by title and filtered by status. An empty
   * draft (a draft scholarship nobody has applied to) is left out unless asked for; how many were
   * left out is counted so the page can offer them.
   */
  async overviewOfProvider(providerId: string, filter: OverviewFilter): Promise<{ total: number; hiddenEmptyDrafts: number; rows: OverviewRow[] }> {
    const params: unknown[] = [providerId];
    const next = (value: unknown) => `$${params.push(value)}`;
    const conditions = ['s.provider_id = $1'];
    if (filter.search) conditions.push(`s.title ILIKE ${next(likePattern(filter.search))}`);
    if (filter.status) conditions.push(`s.status = ${next(filter.status)}`);
    const matching = `
      WITH counted AS (
        SELECT s.id, s.title, s.status, to_char(s.deadline, 'YYYY-MM-DD') AS deadline, s.created_at,
               coalesce(c.received, 0)::int AS "applicationsCount", coalesce(c.drafts, 0)::int AS "draftsCount",
               (s.status = 'draft' AND coalesce(c.received, 0) = 0 AND coalesce(c.drafts, 0) = 0) AS empty_draft
          FROM scholarships s
          LEFT JOIN LATERAL (
            SELECT count(*) FILTER (WHERE a.status = 'Received') AS received, count(*) FILTER (WHERE a.status = 'Draft') AS drafts
              FROM applications a WHERE a.scholarship_id = s.id
          ) c ON true
         WHERE ${conditions.join(' AND ')})`;
    const shown = filter.emptyDrafts ? 'true' : 'NOT empty_draft';
    const countParams = [...params];
    const page = `LIMIT ${next(filter.limit)} OFFSET ${next(filter.offset)}`;
    const [[totals], rows] = await Promise.all([
      new Statement<{ total: number; hidden: number }>(`${matching} SELECT count(*) FILTER (WHERE ${shown})::int AS total, count(*) FILTER (WHERE NOT (${shown}))::int AS hidden FROM counted`).rows(
        this.db,
        countParams,
      ),
      new Statement<OverviewRow>(
        `${matching} SELECT id, title, status, deadline, "applicationsCount", "draftsCount" FROM counted WHERE ${shown}
          ORDER BY created_at DESC, id ${page}`,
      ).rows(this.db, params),
    ]);
    return { total: totals.total, hiddenEmptyDrafts: totals.hidden, rows };
  }

  async applicationCountsOfProvider(providerId: string): Promise<Map<string, ApplicationCounts>> {
    const rows = await PROVIDER_APPLICATION_COUNTS.rows(this.db, [providerId]);
    return new Map(rows.map(({ id, received, drafts }) => [id, { received, drafts }]));
  }

  async applicationCountsOf(scholarshipId: string): Promise<ApplicationCounts> {
    const [row] = await APPLICATION_COUNTS.rows(this.db, [scholarshipId]);
    return row;
  }

  /**
   * The scholarship with its sponsor, the applicant's membership, answers, heart and application;
   * undefined when there is none, or it is a draft the applicant has not applied to.
   */
  async findDetailForApplicant(id: string, userId: string): Promise<ScholarshipDetailRow | undefined> {
    const [row] = await DETAIL_FOR_APPLICANT.rows(this.db, [id, userId]);
    return row;
  }

  /** The applicant's applications as cards, newest change first; `status` null for all. */
  async findApplicationCards(userId: string, status: ApplicationStatus | null): Promise<ApplicationCardRow[]> {
    return APPLICATION_CARDS.rows(this.db, [userId, status]);
  }

  /** How many of the applicant's applications were received (the dashboard's Applied tile). */
  async countReceivedApplications(userId: string): Promise<number> {
    const [applied] = await RECEIVED_APPLICATIONS.prepared(this.db, [userId]);
    return applied.n;
  }
}
