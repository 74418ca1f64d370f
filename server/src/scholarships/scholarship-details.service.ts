import { Injectable } from '@nestjs/common';
import { evaluateEligibility, type EligibilityRule, type FieldDefinition, type ApplicationStatus } from '@scholarmatch/schemas';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { FormsService } from '../forms/forms.service.js';
import type { MyScholarshipDto, ScholarshipDetailDto } from './dto/scholarship-detail.dto.js';
import { subscriptionRequired } from './membership-gate.js';
import { toCard } from './scholarship-card.js';
import { totalAmountOf } from './scholarship.entity.js';
import { ScholarshipsRepository } from './scholarships.repository.js';

/**
 * What an applicant sees of one scholarship and of their own applications. Details are for
 * members; anyone may still open what they have applied to or drafted.
 */
@Injectable()
export class ScholarshipDetailsService {
  constructor(
    private readonly scholarships: ScholarshipsRepository,
    private readonly forms: FormsService,
  ) {}

  async detail(caller: Caller, id: string): Promise<ScholarshipDetailDto> {
    const row = await this.scholarships.findDetailForApplicant(id, caller.id);
    if (!row) throw new ApiError(404, 'There is no such scholarship.', { errorCode: 'SCHOLARSHIP_NOT_FOUND' });
    if (!row.subscribed && !row.application_status) {
      throw subscriptionRequired('Scholarship details are for members. Start your free 7-day membership to see them and apply.', {
        id: row.id,
        title: row.title,
      });
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
    const rows = await this.scholarships.findApplicationCards(caller.id, status ?? null);
    return rows.map((row) => ({ ...toCard(row), scholarshipStatus: row.status, reviewStatus: row.review_status, updatedAt: row.updated_at, appliedAutomaticallyAt: row.applied_automatically_at }));
  }
}
