import { Injectable } from '@nestjs/common';
import type { Caller } from '../auth/auth.decorators.js';
import { ApplicantMatches } from './applicant-matches.js';
import { toCard } from './scholarship-card.js';
import { ScholarshipsRepository } from './scholarships.repository.js';
import type { DashboardSummaryDto, EligibleScholarshipDto, EligibleScholarshipsQueryDto } from './dto/eligible-scholarships.dto.js';

/**
 * The applicant's open scholarships: published, deadline not passed, and every rule met by the
 * applicant's answers. Decided in PostgreSQL and stored per applicant (ApplicantMatches), so a
 * list page is an index range and a count one of the day's aggregates (docs/matching.md).
 */
@Injectable()
export class EligibleScholarshipsService {
  constructor(
    private readonly matches: ApplicantMatches,
    private readonly scholarships: ScholarshipsRepository,
  ) {}

  async list(caller: Caller, query: EligibleScholarshipsQueryDto): Promise<EligibleScholarshipDto[]> {
    const rows = await this.matches.listPage({
      userId: caller.id,
      withoutRequirement: query.withoutRequirement ?? null,
      requirementKey: query.requirementFields ?? null,
      orderBy: query.orderBy ?? 'createdAt',
      order: query.order ?? 'DESC',
      offset: query.offset ?? 0,
      limit: query.limit ?? 6,
    });
    return rows.map(toCard);
  }

  /** Every filter combination the lists use is counted when the matches are computed. */
  async count(caller: Caller, query: EligibleScholarshipsQueryDto): Promise<number> {
    const summary = await this.matches.current(caller.id);
    const { withoutRequirement, requirementFields } = query;
    // One named requirement means one requirement, never none. Own keys only: the key comes from the
    // query string, and `constructor` or `toString` would otherwise read Object.prototype (a function,
    // which the answer then lost: `{ statusCode: 200 }` with no count).
    if (requirementFields !== undefined) {
      return withoutRequirement || !Object.hasOwn(summary.onlyRequirement, requirementFields) ? 0 : summary.onlyRequirement[requirementFields];
    }
    if (withoutRequirement === undefined) return summary.eligible;
    return withoutRequirement ? summary.easyApply : summary.recommendation;
  }

  /** The Recommendation count (scholarships/stats), from the day's aggregates. */
  async recommendationCount(caller: Caller): Promise<number> {
    return (await this.matches.current(caller.id)).recommendation;
  }

  /**
   * The dashboard's tiles and the unlock hint: what the applicant is eligible for, and what a
   * rule on an unanswered field keeps out (issue 5's "complete your profile to unlock N more
   * scholarships worth $X").
   */
  async summary(caller: Caller): Promise<DashboardSummaryDto> {
    const summary = await this.matches.current(caller.id);
    return {
      appliedScholarship: await this.scholarships.countReceivedApplications(caller.id),
      yourRecommendation: summary.recommendation,
      eligible: summary.eligible,
      scholarshipAmount: Number(summary.eligibleValue),
      expiringSoon: summary.expiringSoon,
      unlock: { count: summary.missing, totalValue: Number(summary.missingValue) },
    };
  }
}
