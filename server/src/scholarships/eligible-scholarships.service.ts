import { Injectable } from '@nestjs/common';
import type { Caller } from '../auth/auth.decorators.js';
import { ApplicantMatches } from '../matching/applicant-matches.js';
import { toCard } from './scholarship-card.js';
import { ScholarshipsRepository } from './scholarships.repository.js';
import { listCount, type StudentCounts, studentCountsOf } from './student-counts.js';
import type { DashboardSummaryDto, EligibleScholarshipDto, EligibleScholarshipsQueryDto } from './dto/eligible-scholarships.dto.js';

/**
 * The applicant's open scholarships: published, deadline not passed, and every rule met by the
 * applicant's answers. Decided in PostgreSQL and stored per applicant (ApplicantMatches), so a
 * list page is an index range and every count one of the day's aggregates, read through `counts`
 * (docs/matching.md, "The counts").
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

  /**
   * Every count a student sees (docs/matching.md, "The counts"), from the stored matches brought
   * up to date: the one read behind the list counts, scholarships/stats and the dashboard summary.
   */
  async counts(caller: Caller): Promise<StudentCounts> {
    return studentCountsOf(await this.matches.current(caller.id));
  }

  /** How many scholarships the list with these filters holds (its pages). */
  async count(caller: Caller, query: EligibleScholarshipsQueryDto): Promise<number> {
    return listCount(await this.counts(caller), query);
  }

  /** The Recommendation count (scholarships/stats): the profile header's "Eligible for N". */
  async recommendationCount(caller: Caller): Promise<number> {
    return (await this.counts(caller)).recommendations;
  }

  /** The dashboard's tiles and the unlock hint ("complete your profile to unlock N more scholarships worth $X"). */
  async summary(caller: Caller): Promise<DashboardSummaryDto> {
    const counts = await this.counts(caller);
    return {
      appliedScholarship: await this.scholarships.countReceivedApplications(caller.id),
      yourRecommendation: counts.recommendations,
      eligible: counts.recommendations,
      scholarshipAmount: counts.recommendationsValue,
      expiringSoon: counts.expiringSoon,
      unlock: { count: counts.couldUnlock, totalValue: counts.couldUnlockValue },
    };
  }
}
