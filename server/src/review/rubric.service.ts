import { Injectable } from '@nestjs/common';
import { compileScoringForm, FormValidator, rankCriteriaFromDrafts, weightedTotal, type RankCriterion } from '@scholarmatch/schemas';
import { randomUUID } from 'node:crypto';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { invalidAnswers } from '../forms/answer-intake.js';
import { FormsService } from '../forms/forms.service.js';
import type { FieldError } from '@scholarmatch/schemas';
import { WebhookOutbox } from '../webhooks/outbound/webhook-outbox.js';
import { ReviewAccess } from './review-access.js';
import { ReviewRepository } from './review.repository.js';

export const RANK_CRITERION_FORM = 'rank-criterion-editor';

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/**
 * The rubric and the points (docs/review.md, "Rank criteria", "Points"): criteria edited through
 * the served rank-criterion-editor form, points judged by the scoring form compiled from them.
 */
@Injectable()
export class RubricService {
  private readonly validator = new FormValidator();

  constructor(
    private readonly review: ReviewRepository,
    private readonly access: ReviewAccess,
    private readonly forms: FormsService,
    private readonly webhooks: WebhookOutbox,
  ) {}

  async rubric(caller: Caller, scholarshipId: string) {
    await this.access.reviewable(caller, scholarshipId);
    const criteria = await this.review.criteria(scholarshipId);
    return { criteria, scoringForm: compileScoringForm(scholarshipId, criteria) };
  }

  async replaceRubric(caller: Caller, scholarshipId: string, drafts: { id?: string; answers: Record<string, unknown> }[]) {
    await this.access.owned(caller, scholarshipId);
    const errors: FieldError[] = [];
    const judged: { id?: string; answers: Record<string, unknown> }[] = [];
    for (const [index, draft] of drafts.entries()) {
      const result = await this.forms.validate(RANK_CRITERION_FORM, draft.answers);
      errors.push(...result.errors.map((error) => ({ ...error, path: `criteria.${index}.${error.path}` })));
      judged.push({ id: draft.id, answers: result.answers });
    }
    if (errors.length) throw invalidAnswers(errors);
    await this.review.transaction(async (manager) => {
      // An id that is not one of this scholarship's criteria starts a new criterion.
      const known = await this.review.criterionIdsOf(manager, scholarshipId, judged.flatMap((d) => (d.id ? [d.id] : [])));
      const criteria = rankCriteriaFromDrafts(judged.map((d) => ({ answers: d.answers, id: d.id && known.has(d.id) ? d.id : undefined })), () => randomUUID());
      await this.review.replaceCriteria(manager, scholarshipId, criteria);
      await this.review.refreshAverages(manager, scholarshipId, null);
    });
    return this.rubric(caller, scholarshipId);
  }

  async points(caller: Caller, scholarshipId: string, applicationId: string) {
    await this.access.reviewable(caller, scholarshipId);
    await this.applicationOf(scholarshipId, applicationId, caller);
    return this.pointsView(caller, scholarshipId, applicationId);
  }

  async givePoints(caller: Caller, scholarshipId: string, applicationId: string, answers: Record<string, unknown>) {
    await this.access.reviewable(caller, scholarshipId);
    await this.applicationOf(scholarshipId, applicationId, caller);
    const criteria = await this.review.criteria(scholarshipId);
    if (!criteria.length) throw new ApiError(409, 'This scholarship has no rank criteria yet.', { errorCode: 'NO_RUBRIC' });
    const form = compileScoringForm(scholarshipId, criteria);
    const known = Object.fromEntries(criteria.filter((c) => c.id in answers).map((c) => [c.id, answers[c.id]]));
    const errors = this.validator.validate(`${form.key}@${form.version}`, form.schema, known);
    if (errors.length) throw invalidAnswers(errors);
    await this.review.transaction(async (manager) => {
      await this.review.replacePoints(manager, applicationId, caller.id, known as Record<string, number>);
      await this.review.refreshAverages(manager, scholarshipId, applicationId);
      if (Object.keys(known).length === criteria.length) {
        await this.webhooks.reviewCompleted(manager, scholarshipId, { applicationId, reviewerId: caller.id, points: known as Record<string, number> });
      }
    });
    return this.pointsView(caller, scholarshipId, applicationId);
  }

  private async applicationOf(scholarshipId: string, applicationId: string, caller: Caller): Promise<void> {
    const [row] = await this.review.applicantsByIds(scholarshipId, [applicationId], caller.id);
    if (!row) throw new ApiError(404, 'There is no such application.', { errorCode: 'APPLICATION_NOT_FOUND' });
  }

  private async pointsView(caller: Caller, scholarshipId: string, applicationId: string) {
    const criteria = await this.review.criteria(scholarshipId);
    const rows = await this.review.points(applicationId);
    const reviewers = groupByReviewer(criteria, rows);
    const mine = reviewers.find((r) => r.reviewerId === caller.id);
    const average = reviewers.length ? round2(reviewers.reduce((sum, r) => sum + r.total, 0) / reviewers.length) : null;
    return {
      scoringForm: compileScoringForm(scholarshipId, criteria),
      mine: mine ? { points: mine.points, total: mine.total, updatedAt: mine.updatedAt } : null,
      reviewers,
      average,
      reviewCount: reviewers.length,
    };
  }
}

function groupByReviewer(criteria: RankCriterion[], rows: { reviewerId: string; name: string; criterionId: string; points: number; updatedAt: Date }[]) {
  const byReviewer = new Map<string, { reviewerId: string; name: string; points: Record<string, number>; updatedAt: Date }>();
  for (const row of rows) {
    const entry = byReviewer.get(row.reviewerId) ?? { reviewerId: row.reviewerId, name: row.name, points: {}, updatedAt: row.updatedAt };
    entry.points[row.criterionId] = row.points;
    if (row.updatedAt > entry.updatedAt) entry.updatedAt = row.updatedAt;
    byReviewer.set(row.reviewerId, entry);
  }
  return [...byReviewer.values()].map((entry) => ({ ...entry, total: weightedTotal(criteria, entry.points) }));
}
