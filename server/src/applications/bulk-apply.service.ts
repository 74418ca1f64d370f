import { Injectable } from '@nestjs/common';
import { type FieldError, todayIso } from '@scholarmatch/schemas';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { AnswerIntake, keptAnswers } from '../forms/answer-intake.js';
import { ApplicantMatches } from '../matching/applicant-matches.js';
import { subscriptionRequired } from '../scholarships/membership-gate.js';
import { WebhookOutbox } from '../webhooks/outbound/webhook-outbox.js';
import { ApplicationNotices } from './application-notices.js';
import { ApplicationsRepository, type CandidateRow } from './applications.repository.js';
import type { ReferralSource, SubmitScholarshipsDto } from './dto/application.dto.js';
import { fieldsOfVersion, RequirementForms, type RequirementFormVersion } from './requirement-forms.js';
import { Metrics } from '../metrics/metrics.js';

/** The key of the CV requirement the "Apply With CV Data Only" list and bulk apply use. */
export const CV_REQUIREMENT_KEY = 'cv';

const CV_NOT_OWNED = 'The CV is not one of your uploads; please upload it again.';

/**
 * Easy Apply and bulk apply with a CV (as in the original product): one call applies to many scholarships
 * with the profile and, where one is asked, the CV. All or nothing: if one listed scholarship
 * cannot take this application, none is sent, and the description says which and why.
 */
@Injectable()
export class BulkApplyService {
  constructor(
    private readonly repository: ApplicationsRepository,
    private readonly matches: ApplicantMatches,
    private readonly forms: RequirementForms,
    private readonly intake: AnswerIntake,
    private readonly notices: ApplicationNotices,
    private readonly webhooks: WebhookOutbox,
    private readonly metrics: Metrics,
  ) {}

  async apply(caller: Caller, body: SubmitScholarshipsDto): Promise<string[]> {
    const cv = body.requirements?.cv;
    await this.checkMemberAndCv(caller, cv);
    await this.matches.current(caller.id);
    const currentForms = await this.currentForms(caller, body.scholarshipId);
    let submitted = 0;
    const applied = await this.repository.transaction(async (manager) => {
      const candidates = await this.repository.candidates(manager, caller.id, body.scholarshipId);
      const errors: FieldError[] = [];
      const toInsert: { id: string; version: string; answers: Record<string, unknown>; referral?: ReferralSource }[] = [];
      const referred = new Set((body.embedReferrals ?? []).map((id) => id.toLowerCase()));
      for (const [index, row] of candidates.entries()) {
        const problem = this.problemOf(row);
        if (problem) {
          errors.push({ path: `scholarshipId.${index}`, message: problem });
          continue;
        }
        if (row.application_status === 'Received') continue;
        // A draft is completed on its own version, keeping what it already holds.
        const form = row.form_version ? await this.forms.version(row.id, row.form_version, manager) : currentForms.get(row.id)!;
        const asksForCv = form.requirements.some((r) => r.field.key === CV_REQUIREMENT_KEY);
        const answers = keptAnswers(fieldsOfVersion(form), { ...(row.answers ?? {}), ...(cv && asksForCv ? { [CV_REQUIREMENT_KEY]: cv } : {}) });
        if (this.forms.complete(form, answers).length) {
          errors.push({ path: `scholarshipId.${index}`, message: `'${row.title}' asks for more than a CV; apply to it from its page.` });
          continue;
        }
        toInsert.push({ id: row.id, version: form.version, answers, ...(referred.has(row.id) ? { referral: 'embed' as const } : {}) });
      }
      if (errors.length) {
        const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
        throw new ApiError(400, `${errors[0].message}${more}`, { errors, errorCode: 'CANNOT_APPLY' });
      }
      await this.repository.insertReceived(manager, caller.id, toInsert);
      await this.notices.received(manager, caller.id, toInsert.map((row) => row.id));
      await this.webhooks.applicationsSubmitted(manager, caller.id, toInsert.map((row) => row.id));
      submitted = toInsert.length;
      return candidates.map((row) => row.id);
    });
    // Counted once committed. Easy Apply is this call with one scholarship and no requirements (docs/applications.md).
    const easy = body.scholarshipId.length === 1 && !body.requirements;
    this.metrics.applicationSubmitted(easy ? 'easy_apply' : 'bulk', submitted);
    return applied;
  }

  private async checkMemberAndCv(caller: Caller, cv: string | undefined): Promise<void> {
    if (!(await this.repository.isMember(caller.id))) {
      throw subscriptionRequired('Easy Apply and applying with your CV are for members. Start your free 7-day membership to use them.');
    }
    if (cv === undefined) return;
    const cvField = { key: CV_REQUIREMENT_KEY, dataType: 'file' } as const;
    if ((await this.intake.foreignUploads(caller.id, [cvField], { [CV_REQUIREMENT_KEY]: cv })).length) {
      throw new ApiError(400, CV_NOT_OWNED, { errors: [{ path: 'requirements.cv', message: CV_NOT_OWNED }] });
    }
  }

  /**
   * The current requirement form of each listed scholarship that has no application yet, resolved
   * before the transaction: storing a new version needs a pooled connection of its own, which a
   * transaction holding one must never wait for (docs/performance.md).
   */
  private async currentForms(caller: Caller, ids: string[]): Promise<Map<string, RequirementFormVersion>> {
    const forms = new Map<string, RequirementFormVersion>();
    for (const row of await this.repository.candidates(undefined, caller.id, ids)) {
      if (!row.form_version && row.requirements) forms.set(row.id, await this.forms.current(row.id, row.requirements));
    }
    return forms;
  }

  /** Why this scholarship cannot take an application now, if it cannot. */
  private problemOf(row: CandidateRow): string | undefined {
    if (row.status === null || row.status === 'draft') return 'There is no such scholarship.';
    if (row.application_status === 'Received') return undefined;
    if (row.status !== 'published' || (row.deadline !== null && row.deadline < todayIso())) return `'${row.title}' no longer takes applications.`;
    if (!row.eligible) return `You are not eligible for '${row.title}'.`;
    return undefined;
  }
}
