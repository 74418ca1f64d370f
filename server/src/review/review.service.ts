import { Injectable } from '@nestjs/common';
import { compileRequirementForm, requirementFormKey, todayIso, type Requirement, type ReviewStatus } from '@scholarmatch/schemas';
import { escapeHtml, sanitizeRichText } from '@scholarmatch/schemas/html';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { invalidAnswers } from '../forms/answer-intake.js';
import { FormsService } from '../forms/forms.service.js';
import { organisationSender, type OutgoingMessage } from '../inbox/inbox-message.js';
import { InboxService } from '../inbox/inbox.service.js';
import type { ApplicantsQueryDto } from './dto/review.dto.js';
import { EligibilityJudgementJob } from './eligibility-judgement.job.js';
import { ReviewAccess } from './review-access.js';
import { ReviewRepository, type ApplicantRow, type ReviewedScholarship } from './review.repository.js';

export const PROVIDER_MESSAGE_FORM = 'provider-message';
const APPLICATION_NOT_FOUND = 'There is no such application.';

/** A short code people can say aloud instead of a name (docs/review.md, "Blind review"). */
export function referenceOf(applicationId: string): string {
  return applicationId.slice(0, 8).toUpperCase();
}

function score(value: string | null): number | null {
  return value === null ? null : Number(value);
}

/** A row as the list shows it: personal columns null under blind review. */
export function applicantRow(row: ApplicantRow, blind: boolean) {
  return {
    id: row.id,
    reference: referenceOf(row.id),
    status: row.status,
    submittedAt: row.submittedAt,
    eligibility: row.eligibility ?? 'missing',
    averageScore: score(row.averageScore),
    reviewCount: row.reviewCount,
    myScore: score(row.myScore),
    name: blind ? null : `${row.firstName} ${row.lastName}`,
    email: blind ? null : row.email,
    phone: blind ? null : row.phone,
    school: blind ? null : row.school,
  };
}

/** Escapes LIKE's wildcards so a search is taken literally. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The message an applicant gets when the status of their application moves (docs/review.md, "Status"). */
export function statusMessage(scholarship: ReviewedScholarship, status: ReviewStatus): OutgoingMessage {
  const from = { ...organisationSender(scholarship.sponsor), scholarshipId: scholarship.id };
  const title = scholarship.title;
  if (status === 'Winner') {
    return { ...from, kind: 'winner', subject: `You won ${title}`, html: `<p>Congratulations! You have been selected as a winner of <strong>${escapeHtml(title)}</strong>.</p>` };
  }
  if (status === 'Not selected') {
    return { ...from, kind: 'not-selected', subject: `${title}: the winners are chosen`, html: `<p>Thank you for applying to <strong>${escapeHtml(title)}</strong>. You were not selected this time.</p>` };
  }
  return { ...from, kind: 'status-changed', subject: `${title}: ${status}`, html: `<p>Your application to <strong>${escapeHtml(title)}</strong> is now: ${status}.</p>` };
}

/** Sanitises essays (`{ text }`) and rich text answers again on the way out. */
function sanitisedAnswers(answers: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(answers).map(([key, value]) => {
      if (value && typeof value === 'object' && typeof (value as { text?: unknown }).text === 'string') {
        return [key, { ...value, text: sanitizeRichText((value as { text: string }).text) }];
      }
      return [key, value];
    }),
  );
}

/**
 * Reading applications (docs/review.md): the list, one submission, blind review, status moves,
 * activity and messages. Who may do what is ReviewAccess's.
 */
@Injectable()
export class ReviewService {
  constructor(
    private readonly review: ReviewRepository,
    private readonly access: ReviewAccess,
    private readonly forms: FormsService,
    private readonly inbox: InboxService,
    private readonly judgement: EligibilityJudgementJob,
  ) {}

  async settings(caller: Caller, scholarshipId: string) {
    return { blindReview: (await this.access.reviewable(caller, scholarshipId)).blindReview };
  }

  async updateSettings(caller: Caller, scholarshipId: string, blindReview: boolean) {
    await this.access.owned(caller, scholarshipId);
    await this.review.setBlindReview(scholarshipId, blindReview);
    return { blindReview };
  }

  async list(caller: Caller, scholarshipId: string, query: ApplicantsQueryDto) {
    const scholarship = await this.access.reviewable(caller, scholarshipId);
    const eligibilityUpdating = await this.judgeNewArrivals(scholarshipId);
    const blind = scholarship.blindReview;
    const search = query.search?.trim() ? likeLiteral(query.search.trim()) : null;
    const filter = { search, status: query.status ?? null, eligible: query.eligible ?? null, blind };
    const sort = blind && (query.sort === 'name' || query.sort === '-name') ? '-submittedAt' : (query.sort ?? '-submittedAt');
    const offset = query.offset ?? 0;
    const limit = query.limit ?? 20;
    const [total, rows] = await Promise.all([
      this.review.countApplicants(scholarshipId, filter),
      this.review.applicantsPage(scholarshipId, filter, sort, offset, limit, caller.id),
    ]);
    return { total, offset, limit, blindReview: blind, eligibilityUpdating, applicants: rows.map((row) => applicantRow(row, blind)) };
  }

  /**
   * Judges the applications that arrived since the last judgement (a few: cheap). When the whole
   * judgement is due (the rules changed, or a new day), queues the job that makes it rather than
   * keep the request waiting, and says so: the stored verdicts are shown meanwhile.
   */
  private async judgeNewArrivals(scholarshipId: string): Promise<boolean> {
    const { wholeDue } = await this.review.judgeEligibility(scholarshipId, todayIso(), false);
    if (wholeDue) await this.judgement.queue();
    return wholeDue;
  }

  async submission(caller: Caller, scholarshipId: string, applicationId: string) {
    const scholarship = await this.access.reviewable(caller, scholarshipId);
    await this.judgeNewArrivals(scholarshipId);
    const row = await this.review.submission(scholarshipId, applicationId, caller.id);
    if (!row) throw new ApiError(404, APPLICATION_NOT_FOUND, { errorCode: 'APPLICATION_NOT_FOUND' });
    const blind = scholarship.blindReview;
    const { name: _name, email: _email, phone: _phone, school: _school, ...summary } = applicantRow(row, blind);
    const form = row.schema && row.formVersion
      ? { key: requirementFormKey(scholarshipId), version: row.formVersion, schema: row.schema, uiSchema: row.uiSchema }
      : compileRequirementForm(scholarshipId, scholarship.requirements as Requirement[]);
    return {
      ...summary,
      blindReview: blind,
      applicant: blind ? null : { firstName: row.firstName, lastName: row.lastName, email: row.email, phone: row.phone, school: row.school },
      form,
      answers: sanitisedAnswers(row.answers),
    };
  }

  async activity(caller: Caller, scholarshipId: string, days: number) {
    await this.access.reviewable(caller, scholarshipId);
    return { days: await this.review.submittedPerDay(scholarshipId, days) };
  }

  async message(caller: Caller, scholarshipId: string, applicationIds: string[], data: Record<string, unknown>) {
    const scholarship = await this.access.owned(caller, scholarshipId);
    const { errors, answers } = await this.forms.validate(PROVIDER_MESSAGE_FORM, data);
    if (errors.length) throw invalidAnswers(errors.map((error) => ({ ...error, path: `answers.${error.path}` })));
    const unique = [...new Set(applicationIds)];
    const rows = await this.review.applicantsByIds(scholarshipId, unique, caller.id);
    const found = new Set(rows.map((row) => row.id));
    const missing = applicationIds.flatMap((id, i) => (found.has(id) ? [] : [{ path: `applicantIds.${i}`, message: APPLICATION_NOT_FOUND }]));
    if (missing.length) throw invalidAnswers(missing);
    const message = { kind: 'provider' as const, ...organisationSender(scholarship.sponsor), subject: String(answers.subject), html: sanitizeRichText(String(answers.body)), scholarshipId };
    // One message per application, each the start (or the next turn) of that application's conversation.
    await this.inbox.deliverEach(rows.map((row) => ({ userId: row.userId, message: { ...message, applicationId: row.id } })));
    return { sent: rows.length };
  }

  /** For the export and winners: the scholarship, checked. */
  reviewable(caller: Caller, scholarshipId: string): Promise<ReviewedScholarship> {
    return this.access.reviewable(caller, scholarshipId);
  }
}
