import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { answeredOnly, type FieldError, type Requirement, todayIso, uploadIdOfUrl } from '@scholarmatch/schemas';
import { sanitizeRichText } from '@scholarmatch/schemas/html';
import type { DataSource, EntityManager } from 'typeorm';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { subscriptionRequired } from '../scholarships/membership-gate.js';
import type { ApplicationStatus } from '../scholarships/dto/scholarship-detail.dto.js';
import { UploadedFilesService } from '../uploads/uploaded-files.service.js';
import type { ApplicantDetailsDto, RequirementAnswerDto, SubmitApplicationDto } from './dto/application.dto.js';
import { RequirementForms, type RequirementFormVersion } from './requirement-forms.js';

/** The scholarship and the caller's application to it, as one row. */
interface ApplyingRow {
  status: string;
  deadline: string | null;
  requirements: Requirement[];
  subscribed: boolean;
  application_status: ApplicationStatus | null;
  form_version: string | null;
  answers: Record<string, unknown> | null;
}

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

function invalidAnswers(errors: FieldError[]): ApiError {
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return new ApiError(400, `${errors[0].message}${more}`, { errors, errorCode: 'INVALID_ANSWERS' });
}

/** The seed's `requirements: [{ key, fieldValue }]` as one answers object; an unknown key is a 400. */
function answersOf(given: RequirementAnswerDto[], form: RequirementFormVersion): Record<string, unknown> {
  const known = new Set(form.requirements.map((r) => r.field.key));
  const errors = given.filter((item) => !known.has(item.key)).map((item) => ({ path: item.key, message: 'This scholarship asks for no such requirement.' }));
  if (errors.length) throw invalidAnswers(errors);
  return Object.fromEntries(given.map((item) => [item.key, item.fieldValue]));
}

/** Essays are HTML from a person: stored only once sanitised. */
function sanitised(answers: Record<string, unknown>, form: RequirementFormVersion): Record<string, unknown> {
  const result = { ...answers };
  for (const requirement of form.requirements) {
    const essay = result[requirement.field.key] as { text?: unknown } | undefined;
    if (requirement.field.dataType === 'editor' && essay && typeof essay === 'object' && typeof essay.text === 'string') {
      result[requirement.field.key] = { ...essay, text: sanitizeRichText(essay.text) };
    }
  }
  return result;
}

/** Every upload address in the answers, by the path its error would show. */
function uploadsIn(answers: Record<string, unknown>, form: RequirementFormVersion): { path: string; url: string }[] {
  return form.requirements.flatMap((requirement) => {
    const key = requirement.field.key;
    const value = answers[key];
    if (requirement.field.dataType === 'file' && typeof value === 'string') return [{ path: key, url: value }];
    const url = (value as { url?: unknown } | undefined)?.url;
    if (requirement.field.dataType === 'editor' && typeof url === 'string') return [{ path: `${key}.url`, url }];
    return [];
  });
}

/**
 * An applicant's applications (seed 000 sections 3–4): drafts and submissions validated against
 * the requirement form version the application was started on, and bulk / Easy Apply.
 */
@Injectable()
export class ApplicationsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly forms: RequirementForms,
    private readonly files: UploadedFilesService,
  ) {}

  /** The requirement form to fill: the caller's pinned version, a named one, or the current one. */
  async form(caller: Caller, scholarshipId: string, version?: string): Promise<RequirementFormVersion> {
    const row = await this.applying(this.db.manager, caller, scholarshipId);
    this.checkGate(row);
    const wanted = version ?? row.form_version;
    return wanted ? this.forms.version(scholarshipId, wanted) : this.forms.current(scholarshipId, row.requirements);
  }

  /** The caller's application to one scholarship (seed: get-applicant-details). */
  async details(caller: Caller, scholarshipId: string): Promise<ApplicantDetailsDto> {
    const row = await this.applying(this.db.manager, caller, scholarshipId);
    if (!row.application_status || !row.form_version) return { status: null, formVersion: null, applicantFields: [] };
    const form = await this.forms.version(scholarshipId, row.form_version);
    return this.detailsOf(row.application_status, form, row.answers ?? {});
  }

  /**
   * Save draft (status Draft: what is given must be valid) or submit (status Received: every
   * required requirement answered, else it stays a Draft and the missing ones are returned).
   */
  async submit(caller: Caller, body: SubmitApplicationDto): Promise<ApplicantDetailsDto> {
    return this.db.transaction(async (manager) => {
      const row = await this.applying(manager, caller, body.scholarshipId, true);
      this.checkGate(row);
      this.checkOpen(row);
      const pinned = row.form_version ?? body.formVersion;
      const form = pinned ? await this.forms.version(body.scholarshipId, pinned, manager) : await this.forms.current(body.scholarshipId, row.requirements);
      const answers = answeredOnly(sanitised(answersOf(body.requirements, form), form));
      const invalid = inFormOrder(this.forms.draft(form, answers), form);
      if (invalid.length) throw invalidAnswers(invalid);
      await this.checkUploads(caller, answers, form);
      const missing = body.status === 'Received' ? inFormOrder(this.forms.complete(form, answers), form) : [];
      const status: ApplicationStatus = body.status === 'Received' && !missing.length ? 'Received' : 'Draft';
      await manager.query(
        `INSERT INTO applications (user_id, scholarship_id, status, form_version, answers, submitted_at)
         VALUES ($1, $2, $3::varchar, $4, $5, CASE WHEN $3::varchar = 'Received' THEN now() END)
         ON CONFLICT (user_id, scholarship_id) DO UPDATE
           SET status = EXCLUDED.status, answers = EXCLUDED.answers, submitted_at = EXCLUDED.submitted_at, updated_at = now()`,
        [caller.id, body.scholarshipId, status, form.version, answers],
      );
      const details = this.detailsOf(status, form, answers);
      return missing.length ? { ...details, errors: missing } : details;
    });
  }

  /** The scholarship (404 if missing or unpublished and not applied to), with the caller's application; locked when writing. */
  private async applying(manager: EntityManager, caller: Caller, scholarshipId: string, forUpdate = false): Promise<ApplyingRow> {
    if (forUpdate) await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1 || $2, 6))`, [caller.id, scholarshipId]);
    const [row] = (await manager.query(
      `SELECT s.status, s.deadline::text AS deadline, s.requirements, me.is_active_subscription AS subscribed,
              a.status AS application_status, a.form_version, a.answers
         FROM scholarships s
         JOIN users me ON me.id = $2
         LEFT JOIN applications a ON a.scholarship_id = s.id AND a.user_id = me.id
        WHERE s.id = $1 AND (s.status <> 'draft' OR a.id IS NOT NULL)`,
      [scholarshipId, caller.id],
    )) as ApplyingRow[];
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

  /** A file answer must be one of the caller's own uploads (never someone else's document). */
  private async checkUploads(caller: Caller, answers: Record<string, unknown>, form: RequirementFormVersion): Promise<void> {
    const uploads = uploadsIn(answers, form);
    if (!uploads.length) return;
    const owned = await this.files.ownedUploadIds(caller.id, uploads.map((u) => u.url));
    const errors = uploads
      .filter((u) => !owned.has(uploadIdOfUrl(u.url) ?? ''))
      .map((u) => ({ path: u.path, message: 'This file is not one of your uploads; please upload it again.' }));
    if (errors.length) throw invalidAnswers(errors);
  }

  private detailsOf(status: ApplicationStatus, form: RequirementFormVersion, answers: Record<string, unknown>): ApplicantDetailsDto {
    return {
      status,
      formVersion: form.version,
      applicantFields: form.requirements.map((r) => ({ key: r.field.key, fieldValue: answers[r.field.key], field: r.field })),
    };
  }
}
