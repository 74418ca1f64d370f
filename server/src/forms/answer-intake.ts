import { Injectable } from '@nestjs/common';
import { answeredOnly, prepareAnswers, uploadIdOfUrl, uploadsInAnswers, type FieldDefinition, type FieldError } from '@scholarmatch/schemas';
import { sanitizeAnswers } from '@scholarmatch/schemas/html';
import { ApiError } from '../common/error-body.js';
import type { EntityManager } from 'typeorm';
import { UploadedFilesService } from '../uploads/uploaded-files.service.js';

type Answers = Record<string, unknown>;

/** The words under a file answer that is not one of the caller's uploads. */
export const FOREIGN_UPLOAD_MESSAGE = 'This file is not one of your uploads; please upload it again.';

/**
 * What the server does to a form's answers before it judges and stores them, the same for profile
 * tabs, sign-up and requirement forms: the per-type answer policy of @scholarmatch/schemas
 * (answers/answer-policy.ts), applied here and nowhere else.
 *
 * The answers as they will be validated and stored: only the visible fields of the form, derived
 * values recomputed (the GPA), people's HTML sanitised, and nothing that is no answer.
 */
export function keptAnswers(fields: readonly FieldDefinition[], data: Answers): Answers {
  return answeredOnly(fields, sanitizeAnswers(fields, prepareAnswers(fields, data)));
}

/** 400 with every field error; the description names the first problem (the form's banner shows it). */
export function invalidAnswers(errors: FieldError[]): ApiError {
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
  return new ApiError(400, `${errors[0].message}${more}`, { message: 'Validation failed', errors, errorCode: 'INVALID_ANSWERS' });
}

/** The policy's one check that needs the database: file answers must be the caller's own uploads. */
@Injectable()
export class AnswerIntake {
  constructor(private readonly files: UploadedFilesService) {}

  /**
   * The file answers that are not the caller's own uploads, as errors under their fields: nobody
   * may attach someone else's document. Runs on the caller's transaction when given one.
   */
  async foreignUploads(ownerId: string, fields: readonly Pick<FieldDefinition, 'key' | 'dataType'>[], answers: Answers, manager?: EntityManager): Promise<FieldError[]> {
    const uploads = uploadsInAnswers(fields, answers);
    if (!uploads.length) return [];
    const owned = await this.files.ownedUploadIds(ownerId, uploads.map((upload) => upload.url), manager);
    return uploads.filter((upload) => !owned.has(uploadIdOfUrl(upload.url) ?? '')).map((upload) => ({ path: upload.path, message: FOREIGN_UPLOAD_MESSAGE }));
  }
}
