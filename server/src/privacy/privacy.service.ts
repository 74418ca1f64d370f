import { Injectable, Logger } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type { EntityManager } from 'typeorm';
import { ProfileService } from '../applicants/profile.service.js';
import type { AuditActor } from '../audit/audit-entry.js';
import { AuditLog } from '../audit/audit-log.service.js';
import { SessionControl } from '../auth/session-control.js';
import { ApiError } from '../common/error-body.js';
import { ApplicantMatches } from '../matching/applicant-matches.js';
import { UploadedFilesService } from '../uploads/uploaded-files.service.js';
import type { KeptRecordDto, PrivacyErasureDto } from './dto/privacy.dto.js';
import { exportArchive } from './privacy-archive.js';
import { PrivacyEraseRepository, pseudonymOf } from './privacy-erase.repository.js';
import { PrivacyExportRepository } from './privacy-export.repository.js';

const notFound = () => new ApiError(404, 'There is no such person.', { errorCode: 'USER_NOT_FOUND' });

/** Why each kept part stays after an erasure (docs/privacy.md, "What an erasure keeps"). */
export const KEPT_REASONS: Record<string, string> = {
  memberships: 'Memberships with their plan, price and dates: payment and tax records we must keep.',
  paymentEvents: "The payment provider's notices about those memberships (charges, renewals, cancellations): payment records.",
  checkouts: 'Checkouts with their plan and country, the address and browser removed: tax records say where a sale was made.',
  freeTrials: 'That a free trial was taken: one free trial per person, against fraud.',
  referralEvents: 'Sign-up and trial events a partner was credited for: partners are paid on them.',
  submittedApplications:
    'Applications sent to providers, emptied of every answer and shown as "Erased applicant": the providers\' record of the scholarships they scored and awarded.',
  account: 'The account itself, under the pseudonym, with no password, no profile and no sign-in: the records above point at it.',
};

/** The parts of `data.json` in the order a reader meets them (jsonb would sort its keys by length). */
const PARTS = [
  'account', 'consents', 'profileAnswers', 'signInProviders', 'organisation', 'applications', 'wishlist', 'inbox', 'supportRequests',
  'memberships', 'paymentEvents', 'checkouts', 'referralEvents', 'sweepstakesEntries', 'deadlineReminders',
] as const;

/** What the archive says about itself, for whoever opens it. */
const ABOUT =
  'Everything ScholarMatch holds about this person, as the Privacy Policy promises (section 8, "Right to know and access"). ' +
  'Files uploaded are in the files folder, each listed under "files" with its path. Essays are the answers to scholarship ' +
  'requirements, under applications[].requirementAnswers; the essay assistant keeps no copy of what it drafts.';

/**
 * Privacy requests in the staff console (docs/privacy.md): an export of everything held about a
 * person, and an erasure that removes what is personal and keeps what payment and tax records need.
 * Both are recorded in the audit log.
 */
@Injectable()
export class PrivacyService {
  private readonly logger = new Logger(PrivacyService.name);

  constructor(
    private readonly exports: PrivacyExportRepository,
    private readonly erasures: PrivacyEraseRepository,
    private readonly files: UploadedFilesService,
    private readonly profile: ProfileService,
    private readonly control: SessionControl,
    private readonly audit: AuditLog,
    private readonly matches: ApplicantMatches,
  ) {}

  /**
   * Reads the person's data and writes the audit row in one transaction (the data was disclosed
   * once it was read), then answers the archive as a stream: `data.json` and the files.
   */
  async exportOf(userId: string, actor: AuditActor): Promise<{ fileName: string; archive: Readable }> {
    const { data, files } = await this.exports.transaction(async (tx) => {
      const data = await this.exports.dataOf(tx, userId);
      if (!data) throw notFound();
      const files = await this.exports.files(tx, userId);
      const applications = Array.isArray(data.applications) ? data.applications.length : 0;
      const after = { files: files.length, bytes: files.reduce((sum, file) => sum + file.size, 0), applications };
      await this.audit.record({ actor, action: 'privacy.exported', targetType: 'user', targetId: userId, before: null, after }, tx);
      return { data, files };
    });
    const exportedAt = new Date();
    const listed = files.map((file) => ({ ...file, path: `files/${file.id}-${file.name}` }));
    const document = {
      exportedAt,
      about: ABOUT,
      ...Object.fromEntries(PARTS.map((part) => [part, data[part]])),
      profileByForm: await this.profile.answersByForm(userId),
      files: listed.map(({ storageKey: _key, ...file }) => file),
    };
    const archive = exportArchive(
      document,
      listed.map((file) => ({ path: file.path, open: () => this.files.bytesOf(file.storageKey) })),
    );
    return { fileName: `scholarmatch-data-${userId.slice(0, 8)}-${exportedAt.toISOString().slice(0, 10)}.zip`, archive };
  }

  /**
   * In one transaction: the account is locked and its sessions end (on every replica, as the
   * console's Lock does), everything personal is removed or emptied, the account takes its
   * pseudonym, and the audit row records how many rows went and what stayed. The uploads' bytes are
   * deleted after the commit.
   */
  async erase(userId: string, confirmEmail: string, actor: AuditActor): Promise<PrivacyErasureDto> {
    let outcome: { removed: Record<string, number>; kept: Record<string, number>; storageKeys: string[] } | undefined;
    const erase = async (tx: EntityManager) => {
      const account = await this.erasures.account(tx, userId);
      if (!account) throw notFound();
      if (account.erasedAt) throw new ApiError(409, 'This person was already erased.', { errorCode: 'ALREADY_ERASED' });
      if (account.role === 'admin' || account.role === 'support') {
        throw new ApiError(409, "A staff account cannot be erased: change the person's role or lock the account instead.", { errorCode: 'STAFF_NOT_ERASABLE' });
      }
      if (account.role !== 'applicant') {
        throw new ApiError(409, "Only a student's or parent's account can be erased here: a provider's or reviewer's account holds its organisation's scholarships and reviews.", {
          errorCode: 'NOT_ERASABLE',
        });
      }
      if (confirmEmail.trim().toLowerCase() !== account.email.toLowerCase()) {
        throw new ApiError(400, "The e-mail address typed is not this person's.", { errorCode: 'CONFIRMATION_MISMATCH' });
      }
      if (await this.erasures.renews(tx, userId)) {
        throw new ApiError(409, "This person's membership still renews: cancel it first, then erase them.", { errorCode: 'MEMBERSHIP_RENEWS' });
      }
      const { removed, storageKeys } = await this.erasures.erase(tx, userId, account.email);
      const kept = await this.erasures.kept(tx, userId);
      await this.audit.record({ actor, action: 'privacy.erased', targetType: 'user', targetId: userId, before: removed, after: kept }, tx);
      outcome = { removed, kept, storageKeys };
    };
    // Before the account's row is locked: a recomputation under way holds matches the erasure deletes.
    const holdRecomputation = (tx: EntityManager) => this.matches.holdRecomputation(tx, userId);
    const changed = await this.control.lock(userId, erase, holdRecomputation);
    if (!changed || !outcome) throw notFound();
    const failed = await this.files.removeStored(outcome.storageKeys);
    if (failed) this.logger.warn(`Privacy erasure of ${userId}: ${failed} of ${outcome.storageKeys.length} files could not be removed from storage`);
    return {
      userId,
      pseudonym: pseudonymOf(userId),
      erasedAt: new Date(),
      removed: outcome.removed,
      kept: [...Object.entries(outcome.kept).map(([part, count]) => keptRecord(part, count)), keptRecord('account', 1)],
    };
  }
}

function keptRecord(part: string, count: number): KeptRecordDto {
  return { part, count, reason: KEPT_REASONS[part] };
}
