import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { evaluateEligibility, type EligibilityRule, type FieldDefinition, type Requirement } from '@scholarmatch/schemas';
import type { DataSource } from 'typeorm';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { FormsService } from '../forms/forms.service.js';
import type { ApplicationStatus, MyScholarshipDto, ScholarshipDetailDto } from './dto/scholarship-detail.dto.js';
import { answersOfUserSql } from './match-queries.js';
import { subscriptionRequired } from './membership-gate.js';
import { type CardRow, toCard } from './scholarship-card.js';
import { totalAmountOf } from './scholarship.entity.js';


interface DetailRow {
  id: string;
  title: string;
  description: string;
  amounts: number[];
  award: number | null;
  recurrence_config: { deadline?: string; repeat?: string };
  status: string;
  criteria: EligibilityRule[];
  requirements: Requirement[];
  sponsor: string;
  is_liked: boolean;
  application_status: ApplicationStatus | null;
  subscribed: boolean;
  answers: Record<string, unknown>;
}

/**
 * What an applicant sees of one scholarship and of their own applications. Details are for
 * members; anyone may still open what they have applied to or drafted (issue 5).
 */
@Injectable()
export class ScholarshipDetailsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly forms: FormsService,
  ) {}

  async detail(caller: Caller, id: string): Promise<ScholarshipDetailDto> {
    const [row] = (await this.db.query(
      `SELECT s.id, s.title, s.description, s.amounts, s.award, s.recurrence_config, s.status, s.criteria, s.requirements,
              provider.first_name AS sponsor, application.status AS application_status,
              me.is_active_subscription AS subscribed,
              ${answersOfUserSql('me')} AS answers,
              EXISTS (SELECT 1 FROM wishlist w WHERE w.user_id = me.id AND w.scholarship_id = s.id) AS is_liked
         FROM scholarships s
         JOIN users provider ON provider.id = s.provider_id
         JOIN users me ON me.id = $2
         LEFT JOIN applications application ON application.scholarship_id = s.id AND application.user_id = me.id
        WHERE s.id = $1 AND (s.status <> 'draft' OR application.id IS NOT NULL)`,
      [id, caller.id],
    )) as DetailRow[];
    if (!row) throw new ApiError(404, 'There is no such scholarship.', { errorCode: 'SCHOLARSHIP_NOT_FOUND' });
    if (!row.subscribed && !row.application_status) {
      throw subscriptionRequired('Scholarship details are for members. Start your free 7-day membership to see them and apply.');
    }
    return {
      id: row.id,
      title: row.title,
      description: row.description,
      amounts: row.amounts,
      award: row.award,
      totalAmount: totalAmountOf(row),
      recurrenceConfig: row.recurrence_config,
      status: row.status,
      user: { firstName: row.sponsor },
      requirements: row.requirements,
      isLiked: row.is_liked,
      scholarshipStatus: row.application_status,
      match: await this.explain(row.criteria, row.answers),
    };
  }

  /** Which rules pass, fail or lack an answer: the pure evaluator, which the SQL matcher agrees with. */
  private async explain(criteria: EligibilityRule[], answers: Record<string, unknown>): Promise<ScholarshipDetailDto['match']> {
    const byKey = new Map<string, FieldDefinition>();
    for (const field of (await this.forms.fieldsById()).values()) if (field.active !== false) byKey.set(field.key, field);
    const verdict = evaluateEligibility(criteria, byKey, answers);
    return {
      outcome: verdict.outcome,
      rules: verdict.rules.map(({ rule, verdict: ruleVerdict }) => ({
        fieldKey: rule.fieldKey,
        fieldName: byKey.get(rule.fieldKey)?.name ?? rule.fieldKey,
        operator: rule.operator,
        ...(rule.value === undefined ? {} : { value: rule.value }),
        verdict: ruleVerdict,
      })),
    };
  }

  /** My Scholarships: the applicant's applications, newest change first, optionally one status. */
  async mine(caller: Caller, status?: ApplicationStatus): Promise<MyScholarshipDto[]> {
    const rows = (await this.db.query(
      `SELECT s.id, s.title, s.description, s.amounts, s.award, s.recurrence_config, s.created_at, s.updated_at AS scholarship_updated_at,
              jsonb_array_length(s.requirements) AS requirement_count, provider.first_name AS sponsor,
              a.status, a.updated_at,
              EXISTS (SELECT 1 FROM wishlist w WHERE w.user_id = a.user_id AND w.scholarship_id = s.id) AS is_liked
         FROM applications a
         JOIN scholarships s ON s.id = a.scholarship_id
         JOIN users provider ON provider.id = s.provider_id
        WHERE a.user_id = $1 AND ($2::text IS NULL OR a.status = $2::text)
        ORDER BY a.updated_at DESC, a.id`,
      [caller.id, status ?? null],
    )) as (CardRow & { status: ApplicationStatus; updated_at: Date })[];
    return rows.map((row) => ({ ...toCard(row), scholarshipStatus: row.status, updatedAt: row.updated_at }));
  }
}
