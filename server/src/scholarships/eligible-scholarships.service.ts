import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { descriptionPreview } from '@scholarmatch/schemas/html';
import type { DataSource } from 'typeorm';
import type { Caller } from '../auth/auth.decorators.js';
import { ApplicantMatches } from './applicant-matches.js';
import { MATCH_FILTER } from './match-queries.js';
import { totalAmountOf } from './scholarship.entity.js';
import type { DashboardSummaryDto, EligibleScholarshipDto, EligibleScholarshipsQueryDto } from './dto/eligible-scholarships.dto.js';

/**
 * Sort orders as the match indexes serve them: by creation (never null) either way, by deadline
 * with the open-ended ones last.
 */
const ORDERS = {
  createdAt: (direction: string) => `m.created_at ${direction}, m.scholarship_id ${direction}`,
  deadline: (direction: string) => `m.deadline ${direction} NULLS LAST, m.scholarship_id ${direction}`,
} as const;

interface Row {
  id: string;
  title: string;
  description: string;
  amounts: number[];
  award: number | null;
  recurrence_config: { deadline?: string; repeat?: string };
  requirement_count: number;
  sponsor: string;
  created_at: Date;
  is_liked: boolean;
}

/**
 * The applicant's open scholarships: published, deadline not passed, and every rule met by the
 * applicant's answers. Decided in PostgreSQL and stored per applicant (ApplicantMatches), so a
 * list page is an index range and a count an index-only scan (docs/matching.md).
 */
@Injectable()
export class EligibleScholarshipsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly matches: ApplicantMatches,
  ) {}

  async list(caller: Caller, query: EligibleScholarshipsQueryDto): Promise<EligibleScholarshipDto[]> {
    await this.matches.current(caller.id);
    const orderBy = ORDERS[query.orderBy ?? 'createdAt'](query.order ?? 'DESC');
    const rows = (await this.db.query(
      `SELECT s.id, s.title, s.description, s.amounts, s.award, s.recurrence_config, s.created_at,
              m.requirement_count, provider.first_name AS sponsor,
              EXISTS (SELECT 1 FROM wishlist w WHERE w.user_id = $1 AND w.scholarship_id = s.id) AS is_liked
         FROM (SELECT * FROM applicant_matches m
                WHERE ${MATCH_FILTER}
                ORDER BY ${orderBy}
               OFFSET $4 LIMIT $5) AS m
         JOIN scholarships s ON s.id = m.scholarship_id
         JOIN users provider ON provider.id = s.provider_id
        ORDER BY ${orderBy}`,
      [...this.filterParameters(caller, query), query.offset ?? 0, query.limit ?? 6],
    )) as Row[];
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: descriptionPreview(row.description),
      amounts: row.amounts,
      award: row.award,
      totalAmount: totalAmountOf(row),
      recurrenceConfig: row.recurrence_config,
      user: { firstName: row.sponsor },
      requirementCount: row.requirement_count,
      isLiked: row.is_liked,
      createdAt: row.created_at,
    }));
  }

  async count(caller: Caller, query: EligibleScholarshipsQueryDto): Promise<number> {
    const summary = await this.matches.current(caller.id);
    // The unfiltered count and the Recommendation count are part of the day's aggregates.
    if (query.requirementFields === undefined && query.withoutRequirement === undefined) return summary.eligible;
    if (query.requirementFields === undefined && query.withoutRequirement === false) return summary.recommendation;
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS n FROM applicant_matches m WHERE ${MATCH_FILTER}`,
      this.filterParameters(caller, query),
    )) as { n: number }[];
    return row.n;
  }

  /**
   * The dashboard's tiles and the unlock hint: what the applicant is eligible for, and what a
   * rule on an unanswered field keeps out (issue 5's "complete your profile to unlock N more
   * scholarships worth $X").
   */
  async summary(caller: Caller): Promise<DashboardSummaryDto> {
    const summary = await this.matches.current(caller.id);
    const [applied] = (await this.db.query(`SELECT count(*)::int AS n FROM applications WHERE user_id = $1 AND status = 'Received'`, [
      caller.id,
    ])) as { n: number }[];
    return {
      appliedScholarship: applied.n,
      yourRecommendation: summary.recommendation,
      eligible: summary.eligible,
      scholarshipAmount: Number(summary.eligibleValue),
      expiringSoon: summary.expiringSoon,
      unlock: { count: summary.missing, totalValue: Number(summary.missingValue) },
    };
  }

  /** `$1`…`$3` of MATCH_FILTER. */
  private filterParameters(caller: Caller, query: EligibleScholarshipsQueryDto): unknown[] {
    return [caller.id, query.withoutRequirement ?? null, query.requirementFields ?? null];
  }
}
