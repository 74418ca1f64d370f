import { Injectable } from '@nestjs/common';
import { compileForm, fieldDefinitionProblems, type CompiledForm, type FieldDefinition, type FormLayout } from '@scholarmatch/schemas';
import type { EntityManager } from 'typeorm';
import type { AuditActor } from '../audit/audit-entry.js';
import { AuditLog } from '../audit/audit-log.service.js';
import { ApiError } from '../common/error-body.js';
import { DesignerState } from './designer-state.service.js';
import { checkFormsCompile } from './field-checks.js';
import { FormDefinitionsRepository } from './form-definitions.repository.js';
import { FormDesignerRepository, type VersionRow, type VersionSummaryRow } from './form-designer.repository.js';
import { diffDefinitions, sameDefinition, type DiffChange } from './form-diff.js';
import { DESIGNER_FORMS, FIXED_PAYLOAD_FORMS, definitionOf, formShows, servedDefinitions } from './form-draft.js';
import { FormsService } from './forms.service.js';

export interface Blocker {
  key: string;
  name: string;
  scholarships: { id: string; title: string }[];
}

export interface DraftDiff {
  basedOn: number;
  changes: DiffChange[];
  blockers: Blocker[];
}

export interface DesignerForm {
  key: string;
  title: string;
  description: string | null;
  sections: string[];
  fieldKeys: string[];
  fixedPayload: boolean;
  draftChanges: number;
}

export interface FormVersionSummary {
  number: number;
  kind: 'publish' | 'rollback';
  note: string | null;
  publishedAt: Date;
  publishedBy: { id: string; name: string } | null;
  changeCount: number;
}

export type FormVersion = FormVersionSummary & { changes: DiffChange[] };

function summary(row: VersionSummaryRow): FormVersionSummary {
  const { publishedById, publishedByName, ...rest } = row;
  return { ...rest, publishedBy: publishedById ? { id: publishedById, name: publishedByName ?? '' } : null };
}

const full = (row: VersionRow): FormVersion => ({ ...summary(row), changes: row.changes });

/**
 * Versions of the live forms (docs/form-designer.md): the draft's diff, publishing it as a new
 * version in one transaction, and rolling the latest version back. Writing `form_fields` here
 * fires its triggers as any change does: every replica recompiles its forms, matching's catalogue
 * version moves and answers are typed again (docs/matching.md). Answers are never deleted: a field
 * leaves the forms by `active = false`.
 */
@Injectable()
export class FormVersionsService {
  constructor(
    private readonly state: DesignerState,
    private readonly designer: FormDesignerRepository,
    private readonly definitions: FormDefinitionsRepository,
    private readonly forms: FormsService,
    private readonly audit: AuditLog,
  ) {}

  async designerForms(): Promise<DesignerForm[]> {
    const { forms, drafts, drafted } = await this.state.load();
    const changed = drafted.filter((field) => drafts.some((row) => row.key === field.key));
    return forms
      .filter((form) => (DESIGNER_FORMS as readonly string[]).includes(form.key))
      .sort((a, b) => DESIGNER_FORMS.indexOf(a.key as never) - DESIGNER_FORMS.indexOf(b.key as never))
      .map((form) => ({
        key: form.key,
        title: form.title,
        description: form.description ?? null,
        sections: form.sections,
        fieldKeys: form.fields ?? [],
        fixedPayload: FIXED_PAYLOAD_FORMS.has(form.key),
        draftChanges: changed.filter((field) => formShows(form, field)).length,
      }));
  }

  /** The form as it would be served once the draft is published. */
  async preview(formKey: string): Promise<CompiledForm> {
    const { forms, drafted } = await this.state.load();
    const layout = forms.find((form) => form.key === formKey);
    if (!layout) throw new ApiError(404, `There is no form named '${formKey}'.`, { errorCode: 'FORM_NOT_FOUND' });
    const usable = drafted.map(definitionOf).filter((field) => fieldDefinitionProblems(field).length === 0);
    return compileForm(layout, servedDefinitions(formKey, usable));
  }

  async diff(): Promise<DraftDiff> {
    const { published, forms, drafted } = await this.state.load();
    const [latest, { changes, blockers }] = await Promise.all([this.designer.latestVersion(), this.changes(published, drafted.map(definitionOf), forms)]);
    return { basedOn: latest.number, changes, blockers };
  }

  async publish(note: string | undefined, actor: AuditActor): Promise<FormVersion> {
    const version = await this.state.locked(async (tx) => {
      const { published, forms, drafts, drafted } = await this.state.load(tx);
      if (!drafts.length) throw new ApiError(409, 'The draft has no changes to publish.', { errorCode: 'DRAFT_EMPTY' });
      const wanted = drafted.map(definitionOf);
      const changes = await this.checked(published, wanted, forms, tx);
      await this.designer.allowLongStatements(tx);
      for (const row of drafts) {
        const { id: _id, ...definition } = row.definition;
        if (row.fieldId === null) await this.definitions.insertField({ ...definition, system: false }, tx);
        else await this.write(row.fieldId, row.definition, tx);
      }
      await this.designer.clearDrafts(tx);
      return this.record(tx, 'publish', note?.trim() || null, changes, actor);
    });
    this.forms.invalidate();
    return version;
  }

  /**
   * Undoes the latest version: each field it changed goes back to its definition in the version
   * before, a field it added is deactivated (never deleted), and the result is a new version.
   * Fields the latest version did not touch keep their state, whatever changed them since.
   */
  async rollback(number: number, actor: AuditActor): Promise<FormVersion> {
    const version = await this.state.locked(async (tx) => {
      const { published, forms, drafts } = await this.state.load(tx);
      const latest = await this.designer.latestVersion(tx);
      if (number !== latest.number || number === 1) {
        const why = number === 1 ? 'version 1 is the first: there is nothing before it' : `only the latest version (${latest.number}) can be rolled back`;
        throw new ApiError(409, `Version ${number} cannot be rolled back: ${why}.`, { errorCode: 'NOT_LATEST_VERSION' });
      }
      if (drafts.length) throw new ApiError(409, 'Publish or discard the draft before rolling a version back.', { errorCode: 'DRAFT_NOT_EMPTY' });
      const previous = new Map((await this.designer.version(number - 1, tx))!.definitions.map((field) => [field.key, field]));
      const inLatest = new Map(latest.definitions.map((field) => [field.key, field]));
      const wanted = published.map((field): FieldDefinition => {
        const before = previous.get(field.key);
        const after = inLatest.get(field.key);
        if (before && after && !sameDefinition(before, after)) return { ...before, id: field.id, key: field.key, target: field.target, system: field.system };
        if (!before && after && !field.system) return { ...field, active: false };
        return field;
      });
      const changes = await this.checked(published, wanted, forms, tx);
      await this.designer.allowLongStatements(tx);
      for (const [index, field] of wanted.entries()) if (!sameDefinition(published[index], field)) await this.write(field.id, field, tx);
      return this.record(tx, 'rollback', `Rollback of version ${number}`, changes, actor);
    });
    this.forms.invalidate();
    return version;
  }

  async versions(page: number, limit: number): Promise<{ items: FormVersionSummary[]; total: number }> {
    const { items, total } = await this.designer.versionsPage((page - 1) * limit, limit);
    return { items: items.map(summary), total };
  }

  async version(number: number): Promise<FormVersion> {
    const row = await this.designer.version(number);
    if (!row) throw new ApiError(404, `There is no form version ${number}.`, { errorCode: 'VERSION_NOT_FOUND' });
    return full(row);
  }

  /** Keys that versions published after `since` added, restored or made required. */
  requiredSince(since: Date): Promise<Set<string>> {
    return this.designer.keysRequiredSince(since);
  }

  /** The diff from `published` to `wanted`, refused when a removal breaks a published rule or a form would not compile. */
  private async checked(published: FieldDefinition[], wanted: FieldDefinition[], forms: FormLayout[], tx: EntityManager): Promise<DiffChange[]> {
    const { changes, blockers } = await this.changes(published, wanted, forms, tx);
    if (blockers.length) {
      const titles = [...new Set(blockers.flatMap((blocker) => blocker.scholarships.map((s) => `'${s.title}'`)))].join(', ');
      throw new ApiError(409, `Published scholarships' eligibility rules use ${blockers.map((b) => `'${b.key}'`).join(', ')}, so it cannot be removed: ${titles}.`, {
        errorCode: 'FIELD_IN_USE',
        errors: blockers.map((blocker) => ({ path: blocker.key, message: `Used by ${blocker.scholarships.map((s) => `'${s.title}'`).join(', ')}.` })),
      });
    }
    checkFormsCompile(wanted.filter((field) => field.active !== false), forms);
    return changes;
  }

  private async changes(published: FieldDefinition[], wanted: FieldDefinition[], forms: FormLayout[], tx?: EntityManager): Promise<{ changes: DiffChange[]; blockers: Blocker[] }> {
    const changes = diffDefinitions(published, wanted, forms);
    const removed = changes.filter((change) => change.change === 'removed');
    const [answers, using] = await Promise.all([
      this.designer.answerCounts(changes.map((change) => change.key), tx),
      this.designer.scholarshipsUsing(removed.map((change) => change.key), tx),
    ]);
    const blockers = removed
      .map((change) => ({ key: change.key, name: change.name, scholarships: using.filter((row) => row.key === change.key).map(({ id, title }) => ({ id, title })) }))
      .filter((blocker) => blocker.scholarships.length > 0);
    return { changes: changes.map((change) => ({ ...change, answers: answers.get(change.key) ?? 0 })), blockers };
  }

  private async write(id: number, field: FieldDefinition, tx: EntityManager): Promise<void> {
    const { id: _id, key: _key, target: _target, visibleWhen, ...columns } = field;
    await this.definitions.updateField(id, { ...columns, options: columns.options ?? [], validation: columns.validation ?? {}, ui: columns.ui ?? {}, active: field.active !== false, visibleWhen: visibleWhen ?? null }, tx);
  }

  /** The new version row (every definition as it now stands) and its audit row, in the change's transaction. */
  private async record(tx: EntityManager, kind: 'publish' | 'rollback', note: string | null, changes: DiffChange[], actor: AuditActor): Promise<FormVersion> {
    const latest = await this.designer.latestVersion(tx);
    const number = latest.number + 1;
    const definitions = await this.definitions.loadFields(tx);
    await this.designer.insertVersion({ number, kind, note, publishedBy: actor.id, definitions, changes }, tx);
    const action = kind === 'publish' ? 'form_version.published' : 'form_version.rolled_back';
    await this.audit.record({ actor, action, targetType: 'form_version', targetId: number, before: { number: latest.number }, after: { number, note, changes } }, tx);
    return full((await this.designer.version(number, tx))!);
  }
}
