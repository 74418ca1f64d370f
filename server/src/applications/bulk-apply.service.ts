import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { answeredOnly, type FieldError, type Requirement, todayIso, uploadIdOfUrl } from '@scholarmatch/schemas';
import type { DataSource, EntityManager } from 'typeorm';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { ApplicantMatches } from '../scholarships/applicant-matches.js';
import { subscriptionRequired } from '../scholarships/membership-gate.js';
import { UploadedFilesService } from '../uploads/uploaded-files.service.js';
import type { SubmitScholarshipsDto } from './dto/application.dto.js';
import { RequirementForms } from './requirement-forms.js';

/** The key of the CV requirement the "Apply With CV Data Only" list and bulk apply use. */
export const CV_REQUIREMENT_KEY = 'cv';

interface CandidateRow {
  id: string;
  title: string | null;
  status: string | null;
  deadline: string | null;
  requirements: Requirement[] | null;
  eligible: boolean;
  application_status: string | null;
  form_version: string | null;
  answers: Record<string, unknown> | null;
}

/**
 * Easy Apply and bulk apply with a CV (seed 000 section 4): one call applies to many scholarships
 * with the profile and, where one is asked, the CV. All or nothing: if one listed scholarship
 * cannot take this application, none is sent, and the description says which and why.
 */
@Injectable()
export class BulkApplyService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly matches: ApplicantMatches,
    private readonly forms: RequirementForms,
    private readonly files: UploadedFilesService,
  ) {}

  async apply(caller: Caller, body: SubmitScholarshipsDto): Promise<string[]> {
    const cv = body.requirements?.cv;
    await this.checkMemberAndCv(caller, cv);
    await this.matches.current(caller.id);
    return this.db.transaction(async (manager) => {
      const candidates = await this.candidates(manager, caller, body.scholarshipId);
      const errors: FieldError[] = [];
      const toInsert: { id: string; version: string; answers: Record<string, unknown> }[] = [];
      for (const [index, row] of candidates.entries()) {
        const problem = this.problemOf(row);
        if (problem) {
          errors.push({ path: `scholarshipId.${index}`, message: problem });
          continue;
        }
        if (row.application_status === 'Received') continue;
        // A draft is completed on its own version, keeping what it already holds.
        const form = row.form_version ? await this.forms.version(row.id, row.form_version, manager) : await this.forms.current(row.id, row.requirements!);
        const asksForCv = form.requirements.some((r) => r.field.key === CV_REQUIREMENT_KEY);
        const answers = answeredOnly({ ...(row.answers ?? {}), ...(cv && asksForCv ? { [CV_REQUIREMENT_KEY]: cv } : {}) });
        if (this.forms.complete(form, answers).length) {
          errors.push({ path: `scholarshipId.${index}`, message: `'${row.title}' asks for more than a CV; apply to it from its page.` });
          continue;
        }
        toInsert.push({ id: row.id, version: form.version, answers });
      }
      if (errors.length) {
        const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
        throw new ApiError(400, `${errors[0].message}${more}`, { errors, errorCode: 'CANNOT_APPLY' });
      }
      await this.insertReceived(manager, caller, toInsert);
      return candidates.map((row) => row.id);
    });
  }

  private async checkMemberAndCv(caller: Caller, cv: string | undefined): Promise<void> {
    const [me] = (await this.db.query(`SELECT is_active_subscription AS subscribed FROM users WHERE id = $1`, [caller.id])) as { subscribed: boolean }[];
    if (!me?.subscribed) throw subscriptionRequired('Easy Apply and applying with your CV are for members. Start your free 7-day membership to use them.');
    if (cv === undefined) return;
    const owned = await this.files.ownedUploadIds(caller.id, [cv]);
    if (!owned.has(uploadIdOfUrl(cv) ?? '')) {
      throw new ApiError(400, 'The CV is not one of your uploads; please upload it again.', {
        errors: [{ path: 'requirements.cv', message: 'The CV is not one of your uploads; please upload it again.' }],
      });
    }
  }

  /** The listed scholarships in the order given, with whether the caller matches and has applied. */
  private async candidates(manager: EntityManager, caller: Caller, ids: string[]): Promise<CandidateRow[]> {
    return (await manager.query(
      `SELECT listed.id, s.title, s.status, s.deadline::text AS deadline, s.requirements,
              EXISTS (SELECT 1 FROM applicant_matches m WHERE m.user_id = $2 AND m.scholarship_id = listed.id) AS eligible,
              a.status AS application_status, a.form_version, a.answers
         FROM unnest($1::uuid[]) WITH ORDINALITY AS listed (id, position)
         LEFT JOIN scholarships s ON s.id = listed.id
         LEFT JOIN applications a ON a.scholarship_id = listed.id AND a.user_id = $2
        ORDER BY listed.position`,
      [ids, caller.id],
    )) as CandidateRow[];
  }

  /** Why this scholarship cannot take an application now, if it cannot. */
  private problemOf(row: CandidateRow): string | undefined {
    if (row.status === null || row.status === 'draft') return 'There is no such scholarship.';
    if (row.application_status === 'Received') return undefined;
    if (row.status !== 'published' || (row.deadline !== null && row.deadline < todayIso())) return `'${row.title}' no longer takes applications.`;
    if (!row.eligible) return `You are not eligible for '${row.title}'.`;
    return undefined;
  }

  private async insertReceived(manager: EntityManager, caller: Caller, rows: { id: string; version: string; answers: Record<string, unknown> }[]): Promise<void> {
    if (!rows.length) return;
    await manager.query(
      `INSERT INTO applications (user_id, scholarship_id, status, form_version, answers, submitted_at)
       SELECT $1, item.id, 'Received', item.version, item.answers, now()
         FROM jsonb_to_recordset($2::jsonb) AS item (id uuid, version text, answers jsonb)
       ON CONFLICT (user_id, scholarship_id) DO UPDATE
         SET status = 'Received', form_version = EXCLUDED.form_version, answers = EXCLUDED.answers, submitted_at = now(), updated_at = now()`,
      [caller.id, JSON.stringify(rows)],
    );
  }
}
