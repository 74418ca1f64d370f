import { Injectable } from '@nestjs/common';
import { type FieldError, todayIso, type ApplicationStatus } from '@scholarmatch/schemas';
import type { EntityManager } from 'typeorm';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { AnswerIntake, invalidAnswers, keptAnswers } from '../forms/answer-intake.js';
import { subscriptionRequired } from '../scholarships/membership-gate.js';
import type { ApplicantDetailsDto, RequirementAnswerDto, SubmitApplicationDto } from './dto/application.dto.js';
import { WebhookOutbox } from '../webhooks/outbound/webhook-outbox.js';
import { ApplicationNotices } from './application-notices.js';
import { ApplicationsRepository, type ApplyingRow } from './applications.repository.js';
import { fieldsOfVersion, RequirementForms, type RequirementFormVersion } from './requirement-forms.js';
import { Metrics } from '../metrics/metrics.js';

function notFound(): ApiError {
  return new ApiError(404, 'There is no such scholarship.', { errorCode: 'SCHOLARSHIP_NOT_FOUND' });
}

/** Problems in the order the form asks its questions (ajv reports by keyword). */
function inFormOrder(errors: FieldError[], form: RequirementFormVersion): FieldError[] {
  const keys = form.requirements.map((r) => r.field.key);
  const rank = (error: FieldError) => {
    const index = keys.indexOf(error.path.split('.')[0]);
    return index < 0 ? keys.length : index;
  };
  return [...errors].sort((a, b) => rank(a) - rank(b));
}

/** The original `requirements: [{ key, fieldValue }]` as one answers object; an unknown key is a 400. */
function answersOf(given: RequirementAnswerDto[], form: RequirementFormVersion): Record<string, unknown> {
  const known = new Set(form.requirements.map((r) => r.field.key));
  const errors = given.filter((item) => !known.has(item.key)).map((item) => ({ path: item.key, message: 'This scholarship asks for no such requirement.' }));
  if (errors.length) throw invalidAnswers(errors);
  return Object.fromEntries(given.map((item) => [item.key, item.fieldValue]));
}

/**
 * An applicant's applications (as in the original product): drafts and submissions validated against
 * the requirement form version the application was started on, and bulk / Easy Apply.
 */
@Injectable()
export class ApplicationsService {
  constructor(
    private readonly repository: ApplicationsRepository,
    private readonly forms: RequirementForms,
    private readonly intake: AnswerIntake,
    private readonly notices: ApplicationNotices,
    private readonly webhooks: WebhookOutbox,
    private readonly metrics: Metrics,
  ) {}

  /** The requirement form to fill: the caller's pinned version, a named one, or the current one. */
  async form(caller: Caller, scholarshipId: string, version?: string): Promise<RequirementFormVersion> {
    const row = await this.applying(undefined, caller, scholarshipId);
    this.checkGate(row);
    const wanted = version ?? row.form_version;
    return wanted ? this.forms.version(scholarshipId, wanted) : this.forms.current(scholarshipId, row.requirements);
  }

  /** The caller's application to one scholarship (originally get-applicant-details). */
  async details(caller: Caller, scholarshipId: string): Promise<ApplicantDetailsDto> {
    const row = await this.applying(undefined, caller, scholarshipId);
    if (!row.application_status || !row.form_version) return { status: null, formVersion: null, applicantFields: [] };
    const form = await this.forms.version(scholarshipId, row.form_version);
    return this.detailsOf(row.application_status, form, row.answers ?? {});
  }

  /**
   * Save draft (status Draft: what is given must be valid) or submit (status Received: every
   * required requirement answered, else it stays a Draft and the missing ones are returned).
   */
  async submit(caller: Caller, body: SubmitApplicationDto): Promise<ApplicantDetailsDto> {
    // Resolved before the transaction: storing a new version needs a pooled connection of its own,
    // which a transaction holding one must never wait for (docs/performance.md).
    const current = body.formVersion ? undefined : await this.form(caller, body.scholarshipId);
    const details = await this.repository.transaction(async (manager) => {
      const row = await this.applying(manager, caller, body.scholarshipId, true);
      this.checkGate(row);
      this.checkOpen(row);
      const pinned = row.form_version ?? body.formVersion;
      const form = pinned ? await this.forms.version(body.scholarshipId, pinned, manager) : current!;
      const fields = fieldsOfVersion(form);
      const answers = keptAnswers(fields, answersOf(body.requirements, form));
      const invalid = inFormOrder(this.forms.draft(form, answers), form);
      if (invalid.length) throw invalidAnswers(invalid);
      const foreign = await this.intake.foreignUploads(caller.id, fields, answers, manager);
      if (foreign.length) throw invalidAnswers(foreign);
      const missing = body.status === 'Received' ? inFormOrder(this.forms.complete(form, answers), form) : [];
      const status: ApplicationStatus = body.status === 'Received' && !missing.length ? 'Received' : 'Draft';
      await this.repository.saveApplication(manager, { userId: caller.id, scholarshipId: body.scholarshipId, status, formVersion: form.version, answers, referral: body.referral });
      if (status === 'Received') {
        await this.notices.received(manager, caller.id, [body.scholarshipId]);
        await this.webhooks.applicationsSubmitted(manager, caller.id, [body.scholarshipId]);
      }
      const details = this.detailsOf(status, form, answers);
      return missing.length ? { ...details, errors: missing } : details;
    });
    // Counted once committed (a submission refused or left a draft is not).
    if (details.status === 'Received') this.metrics.applicationSubmitted('form');
    return details;
  }

  /** The scholarship (404 if missing or unpublished and not applied to), with the caller's application; locked when writing. */
  private async applying(manager: EntityManager | undefined, caller: Caller, scholarshipId: string, forUpdate = false): Promise<ApplyingRow> {
    const row = await this.repository.applying(manager, caller.id, scholarshipId, forUpdate);
    if (!row) throw notFound();
    return row;
  }

  /** Members apply; anyone may go on with an application they already have. */
  private checkGate(row: ApplyingRow): void {
    if (!row.subscribed && !row.application_status) {
      throw subscriptionRequired('Applying is for members. Start your free 7-day membership to apply.');
    }
  }

  private checkOpen(row: ApplyingRow): void {
    if (row.application_status === 'Received') {
      throw new ApiError(409, 'This application has been submitted and can no longer change.', { errorCode: 'ALREADY_SUBMITTED' });
    }
    if (row.deadline !== null && row.deadline < todayIso()) {
      throw new ApiError(409, `The deadline for this scholarship (${row.deadline}) has passed; it no longer takes applications.`, {
        errorCode: 'DEADLINE_PASSED',
      });
    }
    if (row.status !== 'published') {
      throw new ApiError(409, 'This scholarship is closed; it no longer takes applications.', { errorCode: 'SCHOLARSHIP_CLOSED' });
    }
  }

  private detailsOf(status: ApplicationStatus, form: RequirementFormVersion, answers: Record<string, unknown>): ApplicantDetailsDto {
    return {
      status,
      formVersion: form.version,
      applicantFields: form.requirements.map((r) => ({ key: r.field.key, fieldValue: answers[r.field.key], field: r.field })),
    };
  }
}
