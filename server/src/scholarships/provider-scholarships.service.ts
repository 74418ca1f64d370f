import { Injectable } from '@nestjs/common';
import {
  contentVersion,
  criterionValueForm,
  FormValidator,
  valueAnswersOfRule,
  parseIsoDate,
  requirementKeyFromTitle,
  requirementsFromDrafts,
  ruleProblems,
  todayIso,
  type EligibilityRule,
  type FieldDefinition,
  type FieldError,
  type Requirement,
  type RequirementDraft,
} from '@scholarmatch/schemas';
import { sanitizeRichText } from '@scholarmatch/schemas/html';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { AnswerIntake, invalidAnswers } from '../forms/answer-intake.js';
import { FormsService } from '../forms/forms.service.js';
import { WebhookOutbox } from '../webhooks/outbound/webhook-outbox.js';
import type {
  CreateScholarshipDto,
  ProviderScholarshipDto,
  RequirementInputDto,
  ScholarshipOverviewDto,
  ScholarshipOverviewQueryDto,
  UpdateScholarshipDto,
} from './dto/provider-scholarship.dto.js';
import { applyEditorAnswers, editorAnswersOf, SCHOLARSHIP_EDITOR_FORM, slugFromTitle } from './scholarship-editor.js';
import { type ScholarshipEntity, totalAmountOf } from './scholarship.entity.js';
import { ScholarshipsRepository, type ApplicationCounts } from './scholarships.repository.js';

/** The served form of one requirement in the requirement builder (docs/providers.md). */
export const REQUIREMENT_EDITOR_FORM = 'requirement-editor';

/** As many rules as the JSON API and the list call accept (ArrayMaxSize of the DTOs). */
const MAX_RULES = 50;

const NO_APPLICATIONS: ApplicationCounts = { received: 0, drafts: 0 };

export function toProviderScholarship(s: ScholarshipEntity, counts: ApplicationCounts = NO_APPLICATIONS): ProviderScholarshipDto {
  return {
    id: s.id,
    title: s.title,
    description: s.description,
    amounts: s.amounts,
    award: s.award,
    totalAmount: totalAmountOf(s),
    recurrenceConfig: s.recurrenceConfig,
    status: s.status,
    deadline: s.deadline,
    slug: s.slug,
    criteria: s.criteria,
    requirements: s.requirements,
    editor: editorAnswersOf(s),
    applicationsCount: counts.received,
    draftsCount: counts.drafts,
    cycle: s.cycle,
    previousCycleId: s.previousCycleId,
    publishedAt: s.publishedAt,
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/** Errors of one builder entry under its place in the list ('requirements.1.requirementTitle'). */
function underEntry(index: number, errors: FieldError[]): FieldError[] {
  return errors.map((error) => ({ path: `requirements.${index}.${error.path}`, message: error.message }));
}

/**
 * A provider's own scholarships (docs/providers.md): create, edit through the editor form or the
 * JSON API, requirements, criteria, publish, close. Criteria are checked against the field
 * vocabulary; another provider's scholarship is answered as not found.
 */
@Injectable()
export class ProviderScholarshipsService {
  private readonly valueValidator = new FormValidator();

  constructor(
    private readonly scholarships: ScholarshipsRepository,
    private readonly forms: FormsService,
    private readonly intake: AnswerIntake,
    private readonly webhooks: WebhookOutbox,
  ) {}

  /** The provider's scholarships; a reviewer reads those of the organisation it reviews for (docs/review.md). */
  async list(caller: Caller): Promise<ProviderScholarshipDto[]> {
    const providerId = caller.role === 'reviewer' ? await this.scholarships.organisationOfReviewer(caller.id) : caller.id;
    if (!providerId) return [];
    const [rows, counts] = await Promise.all([this.scholarships.findByProvider(providerId), this.scholarships.applicationCountsOfProvider(providerId)]);
    return rows.map((row) => toProviderScholarship(row, counts.get(row.id)));
  }

  /** The applicants overview: a page of the caller's (or its organisation's) scholarships (docs/review.md, "Overview"). */
  async overview(caller: Caller, query: ScholarshipOverviewQueryDto): Promise<ScholarshipOverviewDto> {
    const offset = query.offset ?? 0;
    const limit = query.limit ?? 20;
    const providerId = caller.role === 'reviewer' ? await this.scholarships.organisationOfReviewer(caller.id) : caller.id;
    if (!providerId) return { total: 0, offset, limit, hiddenEmptyDrafts: 0, scholarships: [] };
    const search = query.search?.trim() || undefined;
    const page = await this.scholarships.overviewOfProvider(providerId, { search, status: query.status, emptyDrafts: query.emptyDrafts === 'true', offset, limit });
    return { total: page.total, offset, limit, hiddenEmptyDrafts: page.hiddenEmptyDrafts, scholarships: page.rows };
  }

  async get(caller: Caller, id: string): Promise<ProviderScholarshipDto> {
    return this.answer(await this.own(caller, id));
  }

  async create(caller: Caller, body: CreateScholarshipDto): Promise<ProviderScholarshipDto> {
    const row = this.newRow(caller);
    await this.apply(row, body);
    return this.answer(await this.save(row));
  }

  async update(caller: Caller, id: string, body: UpdateScholarshipDto): Promise<ProviderScholarshipDto> {
    const row = await this.changeable(caller, id);
    await this.apply(row, body);
    return this.answer(await this.save(row));
  }

  /** A new draft from the editor form's answers: only what is given is checked (a title is needed). */
  async createFromEditor(caller: Caller, answers: Record<string, unknown>): Promise<ProviderScholarshipDto> {
    const row = this.newRow(caller);
    await this.applyEditor(row, answers);
    return this.answer(await this.save(row));
  }

  /** The editor form's answers saved as a draft would be: what is given must be valid. */
  async updateFromEditor(caller: Caller, id: string, answers: Record<string, unknown>): Promise<ProviderScholarshipDto> {
    const row = await this.changeable(caller, id);
    await this.applyEditor(row, answers);
    return this.answer(await this.save(row));
  }

  async requirements(caller: Caller, id: string): Promise<Requirement[]> {
    return (await this.own(caller, id)).requirements;
  }

  /** The builder's list replaces the requirements, in the order given; each entry is judged by the served requirement form. */
  async replaceRequirements(caller: Caller, id: string, drafts: RequirementDraft[]): Promise<Requirement[]> {
    const row = await this.changeable(caller, id);
    row.requirements = await this.requirementsOfDrafts(drafts, row.requirements);
    return (await this.save(row)).requirements;
  }

  /** The requirements of unsaved builder entries (the live preview), checked like a save. */
  async previewRequirements(caller: Caller, id: string, drafts: RequirementDraft[]): Promise<Requirement[]> {
    const row = await this.own(caller, id);
    return this.requirementsOfDrafts(drafts, row.requirements);
  }

  async criteria(caller: Caller, id: string): Promise<EligibilityRule[]> {
    return (await this.own(caller, id)).criteria;
  }

  /** Replaces the whole list of rules. */
  async replaceCriteria(caller: Caller, id: string, rules: EligibilityRule[]): Promise<EligibilityRule[]> {
    const row = await this.changeable(caller, id);
    row.criteria = await this.checkedCriteria(rules, row.criteria);
    return (await this.save(row)).criteria;
  }

  /** Adds one rule; answers it with its id. */
  async addCriterion(caller: Caller, id: string, rule: EligibilityRule): Promise<EligibilityRule> {
    const row = await this.changeable(caller, id);
    if (row.criteria.length >= MAX_RULES) {
      throw new ApiError(409, `A scholarship has at most ${MAX_RULES} eligibility rules.`, { errorCode: 'TOO_MANY_RULES' });
    }
    row.criteria = await this.checkedCriteria([...row.criteria, { ...rule, id: undefined }], row.criteria);
    return (await this.save(row)).criteria.at(-1)!;
  }

  async updateCriterion(caller: Caller, id: string, criterionId: string, rule: EligibilityRule): Promise<EligibilityRule> {
    const row = await this.changeable(caller, id);
    const index = this.criterionIndex(row, criterionId);
    const rules = row.criteria.map((existing, i) => (i === index ? { ...rule, id: criterionId } : existing));
    row.criteria = await this.checkedCriteria(rules, row.criteria);
    return (await this.save(row)).criteria[index];
  }

  async removeCriterion(caller: Caller, id: string, criterionId: string): Promise<EligibilityRule[]> {
    const row = await this.changeable(caller, id);
    const index = this.criterionIndex(row, criterionId);
    row.criteria = row.criteria.filter((_, i) => i !== index);
    return (await this.save(row)).criteria;
  }

  /** Rules checked against the vocabulary, as the live count needs them (nothing stored). */
  async checkRules(rules: EligibilityRule[]): Promise<EligibilityRule[]> {
    return this.checkedCriteria(rules, []);
  }

  async publish(caller: Caller, id: string): Promise<ProviderScholarshipDto> {
    const row = await this.own(caller, id);
    if (row.status !== 'draft') throw new ApiError(409, `Only a draft can be published; this one is ${row.status}.`, { errorCode: 'NOT_A_DRAFT' });
    if (!totalAmountOf(row)) throw new ApiError(400, 'Give the scholarship an amount before publishing it.', { errorCode: 'NO_AMOUNT' });
    if (!row.deadline) throw new ApiError(400, 'Give the scholarship a deadline before publishing it.', { errorCode: 'NO_DEADLINE' });
    if (row.deadline < todayIso()) throw new ApiError(400, 'The deadline has passed; set a later one before publishing.', { errorCode: 'DEADLINE_PASSED' });
    // Everything the editor form requires must be there (a field an admin made required, too).
    const { errors } = await this.forms.validate(SCHOLARSHIP_EDITOR_FORM, editorAnswersOf(row));
    if (errors.length) throw invalidAnswers(errors);
    row.slug ??= await this.freeSlug(slugFromTitle(row.title));
    row.status = 'published';
    row.publishedAt = new Date();
    const published = (manager: EntityManager) => this.webhooks.scholarshipPublished(manager, { id: row.id, slug: row.slug, deadline: row.deadline });
    return this.answer(await this.save(row, published));
  }

  async close(caller: Caller, id: string): Promise<ProviderScholarshipDto> {
    const row = await this.own(caller, id);
    if (row.status === 'closed') return this.answer(row);
    row.status = 'closed';
    return this.answer(await this.save(row, (manager) => this.webhooks.scholarshipClosed(manager, row.id)));
  }

  /** The caller's scholarship; someone else's is "not found", so ids reveal nothing. */
  private async own(caller: Caller, id: string): Promise<ScholarshipEntity> {
    const row = await this.scholarships.findById(id);
    if (!row || row.providerId !== caller.id) {
      throw new ApiError(404, 'There is no such scholarship among yours.', { errorCode: 'SCHOLARSHIP_NOT_FOUND' });
    }
    return row;
  }

  private async changeable(caller: Caller, id: string): Promise<ScholarshipEntity> {
    const row = await this.own(caller, id);
    if (row.status === 'closed') {
      throw new ApiError(409, 'This scholarship is closed and can no longer change.', { errorCode: 'SCHOLARSHIP_CLOSED' });
    }
    return row;
  }

  private newRow(caller: Caller): ScholarshipEntity {
    return this.scholarships.build({
      providerId: caller.id, status: 'draft', amounts: [], award: null, recurrenceConfig: {}, criteria: [], requirements: [], details: {}, slug: null,
    });
  }

  private async answer(row: ScholarshipEntity): Promise<ProviderScholarshipDto> {
    return toProviderScholarship(row, await this.scholarships.applicationCountsOf(row.id));
  }

  /** Saves; a web address another scholarship has is a 409 under the editor's field. */
  private async save(row: ScholarshipEntity, causes?: (manager: EntityManager) => Promise<void>): Promise<ScholarshipEntity> {
    try {
      return await (causes ? this.scholarships.saveWith(row, causes) : this.scholarships.save(row));
    } catch (error) {
      if (this.scholarships.isSlugTaken(error)) {
        const message = 'Another scholarship already uses this web address; please choose another.';
        throw new ApiError(409, message, { errorCode: 'SLUG_TAKEN', errors: [{ path: 'slug', message }] });
      }
      throw error;
    }
  }

  /** The slug, or the first of slug-2, slug-3… that no scholarship has. */
  private async freeSlug(slug: string): Promise<string> {
    const taken = await this.scholarships.slugsLike(slug);
    if (!taken.has(slug)) return slug;
    let n = 2;
    while (taken.has(`${slug}-${n}`)) n++;
    return `${slug}-${n}`;
  }

  /**
   * A draft saves whatever is valid; a published scholarship must stay publishable (the whole
   * form, a deadline not in the past, its web address kept), so applicants never see it broken.
   */
  private async applyEditor(row: ScholarshipEntity, data: Record<string, unknown>): Promise<void> {
    const published = row.status === 'published';
    const { errors, answers } = published
      ? await this.forms.validate(SCHOLARSHIP_EDITOR_FORM, data)
      : await this.forms.validateDraft(SCHOLARSHIP_EDITOR_FORM, data);
    const form = await this.forms.getForm(SCHOLARSHIP_EDITOR_FORM);
    errors.push(...(await this.intake.foreignUploads(row.providerId, form.fields, answers)));
    if (errors.length) throw invalidAnswers(errors);
    if (published && typeof answers.deadline === 'string' && answers.deadline < todayIso()) {
      throw invalidAnswers([{ path: 'deadline', message: 'The deadline of a published scholarship cannot be in the past.' }]);
    }
    if (published && row.slug && !answers.slug) answers.slug = row.slug;
    const title = typeof answers.title === 'string' ? answers.title : row.title;
    if (!title?.trim()) throw invalidAnswers([{ path: 'title', message: 'Please input your Title!' }]);
    if (typeof answers.deadline === 'string' && !parseIsoDate(answers.deadline)) {
      throw invalidAnswers([{ path: 'deadline', message: 'The deadline is not a real date.' }]);
    }
    applyEditorAnswers(row, answers);
  }

  private async requirementsOfDrafts(drafts: RequirementDraft[], current: Requirement[]): Promise<Requirement[]> {
    const known = new Map(current.map((requirement) => [requirement.id, requirement]));
    const errors: FieldError[] = [];
    const kept: RequirementDraft[] = [];
    for (const [index, draft] of drafts.entries()) {
      const { errors: entryErrors, answers } = await this.forms.validate(REQUIREMENT_EDITOR_FORM, draft.answers);
      errors.push(...underEntry(index, entryErrors));
      // A stored requirement keeps its answer key, so applicants' drafts keep their answers; an id
      // sent twice is that requirement once and a new one after (two answers never share a key).
      const stored = draft.id ? known.get(draft.id) : undefined;
      if (draft.id) known.delete(draft.id);
      kept.push({ id: stored?.id, key: stored?.field.key, answers });
    }
    if (errors.length) throw invalidAnswers(errors);
    return requirementsFromDrafts(kept, () => randomUUID());
  }

  private criterionIndex(row: ScholarshipEntity, criterionId: string): number {
    const index = row.criteria.findIndex((rule) => rule.id === criterionId);
    if (index < 0) throw new ApiError(404, 'This scholarship has no such rule.', { errorCode: 'CRITERION_NOT_FOUND' });
    return index;
  }

  private async apply(row: ScholarshipEntity, body: UpdateScholarshipDto): Promise<void> {
    if (body.title !== undefined) row.title = body.title.trim();
    if (body.description !== undefined) row.description = sanitizeRichText(body.description);
    if (body.amounts !== undefined) row.amounts = body.amounts;
    if (body.award !== undefined) row.award = body.award;
    if (body.recurrenceConfig !== undefined) {
      const deadline = body.recurrenceConfig.deadline;
      if (deadline !== undefined && !parseIsoDate(deadline)) {
        throw new ApiError(400, 'The deadline is not a real date.', { errors: [{ path: 'recurrenceConfig.deadline', message: 'The deadline is not a real date.' }] });
      }
      row.recurrenceConfig = { repeat: body.recurrenceConfig.repeat ?? 'none', ...(deadline ? { deadline } : {}) };
      row.deadline = deadline ?? null;
    }
    if (body.criteria !== undefined) row.criteria = await this.checkedCriteria(body.criteria, row.criteria);
    if (body.requirements !== undefined) row.requirements = requirementsOf(body.requirements, row.requirements);
  }

  /**
   * A rule's value judged by the value form the eligibility builder shows for it (a GPA between 0
   * and 4, one of a country field's options, an age in years), with the builder's words. A list
   * operator on a field whose options are searched on the server is judged by its shape only.
   */
  private valueProblems(rule: EligibilityRule, field: FieldDefinition): FieldError[] {
    if ((rule.operator === 'in' || rule.operator === 'nin') && !field.options?.length) return [];
    const form = criterionValueForm(field, rule.operator);
    if (!form) return [];
    return this.valueValidator.validate(`criterion:${contentVersion(form.schema)}`, form.schema, valueAnswersOfRule(rule));
  }

  /**
   * Rules checked against the profile vocabulary, each with an id (kept when the rule had one:
   * the original /criteria/{criteriaId} addresses it).
   */
  private async checkedCriteria(rules: EligibilityRule[], current: EligibilityRule[]): Promise<EligibilityRule[]> {
    const fields = new Map<string, FieldDefinition>();
    for (const field of (await this.forms.fieldsById()).values()) {
      if (field.target === 'profile' || field.key === 'dob') fields.set(field.key, field);
    }
    const errors = rules.flatMap((rule, index) => {
      const problems = ruleProblems(rule, fields.get(rule.fieldKey));
      if (problems.length) return problems.map((message) => ({ path: `criteria.${index}`, message }));
      return this.valueProblems(rule, fields.get(rule.fieldKey)!).map((error) => ({ path: `criteria.${index}.${error.path}`, message: error.message }));
    });
    if (errors.length) throw new ApiError(400, errors[0].message, { errors, errorCode: 'INVALID_CRITERIA' });
    const knownIds = new Set(current.map((rule) => rule.id));
    return rules.map(({ id, fieldKey, operator, value }) => ({
      id: id && knownIds.has(id) ? id : randomUUID(),
      fieldKey,
      operator,
      ...(value === undefined ? {} : { value }),
    }));
  }
}

/** The JSON API's requirements (integrators): keys from titles unless given, unique within the form. */
function requirementsOf(inputs: RequirementInputDto[], current: Requirement[]): Requirement[] {
  const used = new Set<string>();
  // A requirement sent with a stored one's key is that requirement: it keeps its id for the studio.
  const idOfKey = new Map(current.map((requirement) => [requirement.field.key, requirement.id]));
  return inputs.map((input, index) => {
    let key = input.key ?? requirementKeyFromTitle(input.title);
    if (used.has(key)) {
      if (input.key) {
        throw new ApiError(400, `Two requirements use the key '${key}'.`, { errors: [{ path: `requirements.${index}.key`, message: `Two requirements use the key '${key}'.` }] });
      }
      key = `${key}${index + 1}`;
    }
    used.add(key);
    return {
      id: idOfKey.get(key) ?? randomUUID(),
      title: input.title.trim(),
      ...(input.description ? { description: input.description.trim() } : {}),
      optional: input.optional ?? false,
      field: { key, name: input.title.trim(), dataType: input.dataType },
    };
  });
}

