import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { todayIso } from '@scholarmatch/schemas';
import { descriptionPreview } from '@scholarmatch/schemas/html';
import type { DataSource } from 'typeorm';
import type { Caller } from '../auth/auth.decorators.js';
import { notSignedIn } from '../auth/access-tokens.js';
import { totalAmountOf } from './scholarship.entity.js';
import type { DashboardSummaryDto, EligibleScholarshipDto, EligibleScholarshipsQueryDto } from './dto/eligible-scholarships.dto.js';

const ORDER_COLUMNS = { createdAt: 's.created_at', deadline: 's.deadline' } as const;

/** 'Expiring Soon' on the dashboard: a deadline within this many days. */
export const EXPIRING_SOON_DAYS = 14;

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
 * The applicant's open scholarships: published, deadline not passed, and every rule of the
 * scholarship met by the applicant's answers, decided in PostgreSQL (`eligibility_outcome`).
 * This first version evaluates the rules row by row; the indexes and precomputation that the
 * 100,000-scholarship target needs are issue 5's next step (docs/matching.md, to come).
 */
@Injectable()
export class EligibleScholarshipsService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(caller: Caller, query: EligibleScholarshipsQueryDto): Promise<EligibleScholarshipDto[]> {
    const { where, parameters } = await this.filter(caller, query);
    const orderBy = ORDER_COLUMNS[query.orderBy ?? 'createdAt'];
    const order = query.order ?? 'DESC';
    const rows = (await this.db.query(
      `SELECT s.id, s.title, s.description, s.amounts, s.award, s.recurrence_config, s.created_at,
              jsonb_array_length(s.requirements) AS requirement_count, provider.first_name AS sponsor,
              EXISTS (SELECT 1 FROM wishlist w WHERE w.user_id = $${parameters.length + 3} AND w.scholarship_id = s.id) AS is_liked
         FROM scholarships s JOIN users provider ON provider.id = s.provider_id
        WHERE ${where}
        ORDER BY ${orderBy} ${order} NULLS LAST, s.id
        OFFSET $${parameters.length + 1} LIMIT $${parameters.length + 2}`,
      [...parameters, query.offset ?? 0, query.limit ?? 6, caller.id],
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
    const { where, parameters } = await this.filter(caller, query);
    const [row] = (await this.db.query(`SELECT count(*)::int AS n FROM scholarships s WHERE ${where}`, parameters)) as { n: number }[];
    return row.n;
  }

  /**
   * The dashboard's tiles and the unlock hint in one pass over the open scholarships: what the
   * applicant is eligible for, and what a rule on an unanswered field keeps out (issue 5's
   * "complete your profile to unlock N more scholarships worth $X").
   */
  async summary(caller: Caller): Promise<DashboardSummaryDto> {
    const { parameters } = await this.filter(caller, {});
    const [row] = (await this.db.query(
      `SELECT count(*) FILTER (WHERE outcome = 'eligible' AND requirement_count > 0)::int AS your_recommendation,
              count(*) FILTER (WHERE outcome = 'eligible')::int AS eligible,
              coalesce(sum(total) FILTER (WHERE outcome = 'eligible'), 0)::bigint AS scholarship_amount,
              count(*) FILTER (WHERE outcome = 'eligible' AND deadline <= $2::date + ${EXPIRING_SOON_DAYS})::int AS expiring_soon,
              count(*) FILTER (WHERE outcome = 'missing')::int AS unlock_count,
              coalesce(sum(total) FILTER (WHERE outcome = 'missing'), 0)::bigint AS unlock_value
         FROM (SELECT s.deadline, jsonb_array_length(s.requirements) AS requirement_count,
                      eligibility_outcome(s.criteria, $1::jsonb, $2::date) AS outcome,
                      CASE WHEN cardinality(s.amounts) > 0 THEN (SELECT sum(amount) FROM unnest(s.amounts) AS amount) ELSE coalesce(s.award, 0) END AS total
                 FROM scholarships s
                WHERE s.status = 'published' AND (s.deadline IS NULL OR s.deadline >= $2::date)) AS open_scholarships`,
      parameters.slice(0, 2),
    )) as Record<string, number | string>[];
    return {
      // Applications arrive with issue 6; until then nobody has applied to anything.
      appliedScholarship: 0,
      yourRecommendation: Number(row.your_recommendation),
      eligible: Number(row.eligible),
      scholarshipAmount: Number(row.scholarship_amount),
      expiringSoon: Number(row.expiring_soon),
      unlock: { count: Number(row.unlock_count), totalValue: Number(row.unlock_value) },
    };
  }

  /** The WHERE clause shared by the list and its count, with its parameters ($1…). */
  private async filter(caller: Caller, query: EligibleScholarshipsQueryDto): Promise<{ where: string; parameters: unknown[] }> {
    const [user] = (await this.db.query(`SELECT profile, to_char(dob, 'YYYY-MM-DD') AS dob FROM users WHERE id = $1`, [caller.id])) as {
      profile: Record<string, unknown>;
      dob: string | null;
    }[];
    if (!user) throw notSignedIn();
    const answers = { ...user.profile, ...(user.dob ? { dob: user.dob } : {}) };
    return {
      where: `s.status = 'published'
          AND (s.deadline IS NULL OR s.deadline >= $2::date)
          AND ($3::boolean IS NULL OR (jsonb_array_length(s.requirements) = 0) = $3::boolean)
          AND ($4::text IS NULL OR (jsonb_array_length(s.requirements) = 1 AND s.requirements -> 0 -> 'field' ->> 'key' = $4::text))
          AND eligibility_outcome(s.criteria, $1::jsonb, $2::date) = 'eligible'`,
      parameters: [JSON.stringify(answers), todayIso(), query.withoutRequirement ?? null, query.requirementFields ?? null],
    };
  }
}
