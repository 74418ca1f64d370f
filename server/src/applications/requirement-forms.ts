import { Injectable } from '@nestjs/common';
import {
  compileRequirementForm,
  requirementFields,
  requirementFormKey,
  type CompiledForm,
  type FieldDefinition,
  type FieldError,
  FormValidator,
  type Requirement,
} from '@scholarmatch/schemas';
import { LRUCache } from 'lru-cache';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../common/error-body.js';
import { ApplicationsRepository } from './applications.repository.js';

/** A stored version of a requirement form: the compiled form and the requirements it came from. */
export interface RequirementFormVersion extends CompiledForm {
  requirements: Requirement[];
}

/** The requirements of a form version as field definitions, for the answer policy. */
export function fieldsOfVersion(form: RequirementFormVersion): FieldDefinition[] {
  return requirementFields(form.requirements);
}

/**
 * Versions of scholarships' requirement forms. A version is the form's content hash; each one is
 * stored the first time it is served and never changes, so an application can keep answering the
 * version it was started on whatever the provider edits later (docs/applications.md).
 */
@Injectable()
export class RequirementForms {
  private readonly validator = new FormValidator();
  /** Versions known to be stored: serving the current form costs no write after the first time. */
  private readonly stored = new LRUCache<string, true>({ max: 20_000 });

  constructor(private readonly repository: ApplicationsRepository) {}

  /**
   * The form the requirements compile to today, stored as a version if it is new. Stored outside
   * any caller's transaction, on a pooled connection of its own: a version is worth keeping even if
   * that write is rolled back, the "stored" cache must never remember a row that a rollback took
   * away, and a transaction that waited for a second connection could exhaust the pool. So callers
   * resolve the current form before they open a transaction.
   */
  async current(scholarshipId: string, requirements: Requirement[]): Promise<RequirementFormVersion> {
    const form = { ...compileRequirementForm(scholarshipId, requirements), requirements };
    const id = `${scholarshipId}@${form.version}`;
    if (!this.stored.has(id)) {
      await this.repository.storeFormVersion(scholarshipId, form, requirements);
      this.stored.set(id, true);
    }
    return form;
  }

  /** A stored version; 404 when the scholarship never served it. */
  async version(scholarshipId: string, version: string, manager?: EntityManager): Promise<RequirementFormVersion> {
    const row = await this.repository.formVersion(manager, scholarshipId, version);
    if (!row) {
      throw new ApiError(404, 'This version of the requirement form does not exist; reload the scholarship.', { errorCode: 'FORM_VERSION_NOT_FOUND' });
    }
    return { key: requirementFormKey(scholarshipId), version: row.version, schema: row.schema, uiSchema: row.ui_schema, requirements: row.requirements };
  }

  /** The answers' problems against the full form (every required requirement answered). */
  complete(form: RequirementFormVersion, answers: Record<string, unknown>): FieldError[] {
    return this.validator.validate(`${form.key}@${form.version}`, form.schema, answers);
  }

  /** The answers' problems as a draft: what is given must be valid, nothing is required. */
  draft(form: RequirementFormVersion, answers: Record<string, unknown>): FieldError[] {
    const { required: _required, errorMessage: _messages, ...optional } = form.schema;
    return this.validator.validate(`${form.key}@${form.version}:draft`, optional, answers);
  }
}
