import { Injectable } from '@nestjs/common';
import type { FieldDefinition } from '@scholarmatch/schemas';
import type { EntityManager } from 'typeorm';
import type { AuditAction, AuditActor } from '../audit/audit-entry.js';
import { AuditLog } from '../audit/audit-log.service.js';
import { ApiError } from '../common/error-body.js';
import { DesignerState, type DesignerSnapshot } from './designer-state.service.js';
import type { CreateFieldDefinitionDto, UpdateFieldDefinitionDto } from './dto/admin-field.dto.js';
import { checkDefinition, checkSystemRules } from './field-checks.js';
import { FormDefinitionsRepository } from './form-definitions.repository.js';
import { FormDesignerRepository } from './form-designer.repository.js';
import { sameDefinition } from './form-diff.js';
import { DESIGNER_FORMS, definitionOf, formShows, type DraftField } from './form-draft.js';

/** DTO instances carry absent properties as undefined: drop them so defaults and current values apply. */
function given<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}

const notFound = (id: number) => new ApiError(404, `There is no field with id ${id}.`, { errorCode: 'FIELD_NOT_FOUND' });

/**
 * Staff change the questions in one shared draft (docs/form-designer.md): nothing here touches a
 * live form, publishing does (FormVersionsService). A change is checked the way the server will
 * use it (the vocabulary's schema, then every form compiled with the draft) before it is drafted;
 * system fields keep their type and stay (docs/decisions.md, "System fields"). Each drafted change
 * is audited under the field's `form_field.*` action in its own transaction (docs/console.md,
 * "Audit log"): a published field is the target `form_field` with its id, a field new in the draft
 * `form_field_draft` with the draft row's id.
 */
@Injectable()
export class AdminFieldsService {
  constructor(
    private readonly state: DesignerState,
    private readonly designer: FormDesignerRepository,
    private readonly definitions: FormDefinitionsRepository,
    private readonly audit: AuditLog,
  ) {}

  async list(): Promise<DraftField[]> {
    return (await this.state.load()).drafted;
  }

  async create(input: CreateFieldDefinitionDto, actor: AuditActor): Promise<DraftField> {
    return this.state.locked(async (tx) => {
      const snapshot = await this.state.load(tx);
      const candidate = { order: 0, ...given(input), id: 0, target: 'profile', active: true, system: false } as FieldDefinition;
      if (candidate.visibleWhen === null) delete candidate.visibleWhen;
      if (typeof candidate.key === 'string' && snapshot.drafted.some((field) => field.key === candidate.key)) {
        throw new ApiError(409, `A field with the key '${candidate.key}' exists already.`, { errorCode: 'FIELD_KEY_TAKEN' });
      }
      checkDefinition(candidate, this.active(snapshot), snapshot.forms);
      const { id: _id, ...definition } = candidate;
      const rowId = await this.designer.insertDraft({ fieldId: null, key: candidate.key, definition: { ...definition, id: 0 }, removed: false }, actor.id, tx);
      const after: DraftField = { ...candidate, id: -rowId, draft: 'added' };
      await this.audit.record({ actor, action: 'form_field.created', targetType: 'form_field_draft', targetId: rowId, before: null, after }, tx);
      return after;
    });
  }

  update(id: number, patch: UpdateFieldDefinitionDto, actor: AuditActor): Promise<DraftField> {
    return this.state.locked((tx) => this.change(tx, id, patch, actor, 'form_field.updated'));
  }

  /** Drafts the removal of a published field (its answers are kept); a field new in the draft is dropped from it. */
  deactivate(id: number, actor: AuditActor): Promise<DraftField> {
    return this.state.locked(async (tx) => {
      if (id > 0) return this.change(tx, id, { active: false }, actor, 'form_field.deactivated');
      return this.dropNew(tx, id, actor, 'form_field.deactivated');
    });
  }

  /** Drops the field's draft row: the field is as published again (a new one is gone). */
  revert(id: number, actor: AuditActor): Promise<DraftField> {
    return this.state.locked(async (tx) => {
      if (id < 0) return this.dropNew(tx, id, actor, 'form_field.updated');
      const snapshot = await this.state.load(tx);
      const before = this.find(snapshot, id);
      const published = snapshot.published.find((field) => field.id === id)!;
      const row = snapshot.drafts.find((draft) => draft.fieldId === id);
      const after: DraftField = { ...published, draft: null };
      if (row) {
        await this.designer.deleteDraft(row.id, tx);
        await this.audit.record({ actor, action: 'form_field.updated', targetType: 'form_field', targetId: id, before, after }, tx);
      }
      return after;
    });
  }

  /**
   * Drafts the order of a form's fields as listed (positions 10, 20, ... within their sections).
   * A field a form borrows from another section keeps its place: the form's layout fixes it.
   */
  order(formKey: string, keys: string[], actor: AuditActor): Promise<DraftField[]> {
    return this.state.locked(async (tx) => {
      const snapshot = await this.state.load(tx);
      const layout = snapshot.forms.find((form) => form.key === formKey);
      if (!layout || !(DESIGNER_FORMS as readonly string[]).includes(formKey)) {
        throw new ApiError(404, `There is no form named '${formKey}' in the designer.`, { errorCode: 'FORM_NOT_FOUND' });
      }
      const errors = keys.flatMap((key) => {
        const field = snapshot.drafted.find((candidate) => candidate.key === key && candidate.active !== false);
        if (!field || !formShows(layout, field)) return [{ path: key, message: `'${key}' is not a field of the form '${formKey}'.` }];
        if (!layout.sections.includes(field.section)) return [{ path: key, message: `'${key}' is borrowed from another form: its place here is fixed.` }];
        return [];
      });
      if (errors.length || new Set(keys).size !== keys.length) {
        throw new ApiError(400, errors[0]?.message ?? 'Each field may be listed once.', { errorCode: 'INVALID_ORDER', errors });
      }
      for (const [index, key] of keys.entries()) {
        const field = snapshot.drafted.find((candidate) => candidate.key === key)!;
        if (field.order !== (index + 1) * 10) await this.change(tx, field.id, { order: (index + 1) * 10 }, actor, 'form_field.updated');
      }
      return (await this.state.load(tx)).drafted;
    });
  }

  /** Empties the whole draft. */
  discard(actor: AuditActor): Promise<{ discarded: number }> {
    return this.state.locked(async (tx) => {
      const { drafts } = await this.state.load(tx);
      const discarded = await this.designer.clearDrafts(tx);
      if (discarded) {
        const before = drafts.map((row) => ({ key: row.key, fieldId: row.fieldId, removed: row.removed }));
        await this.audit.record({ actor, action: 'form_draft.discarded', targetType: 'form_draft', targetId: 'draft', before, after: null }, tx);
      }
      return { discarded };
    });
  }

  /** A field as published, if it is. */
  async published(id: number): Promise<FieldDefinition | undefined> {
    return (await this.definitions.loadFields()).find((field) => field.id === id);
  }

  /** One field as drafted (404 when there is none). */
  async field(id: number): Promise<DraftField> {
    return this.find(await this.state.load(), id);
  }

  private find(snapshot: DesignerSnapshot, id: number): DraftField {
    const field = snapshot.drafted.find((candidate) => candidate.id === id);
    if (!field) throw notFound(id);
    return field;
  }

  /** The active definitions as drafted: what the forms would be compiled from after publishing. */
  private active(snapshot: DesignerSnapshot): FieldDefinition[] {
    return snapshot.drafted.filter((field) => field.active !== false).map(definitionOf);
  }

  private async change(tx: EntityManager, id: number, patch: UpdateFieldDefinitionDto, actor: AuditActor, action: AuditAction): Promise<DraftField> {
    const snapshot = await this.state.load(tx);
    const current = this.find(snapshot, id);
    const candidate = { ...definitionOf(current), ...given(patch), id: current.id, key: current.key, target: current.target } as FieldDefinition;
    if (candidate.visibleWhen === null) delete candidate.visibleWhen;
    await checkSystemRules(current, candidate, (key) => this.definitions.isAnswered(key));
    checkDefinition(candidate, this.active(snapshot), snapshot.forms);
    const row = id < 0 ? snapshot.drafts.find((draft) => draft.id === -id) : snapshot.drafts.find((draft) => draft.fieldId === id);
    const published = snapshot.published.find((field) => field.id === id);
    let after: DraftField;
    if (!published) {
      await this.designer.updateDraft(row!.id, candidate, false, actor.id, tx);
      after = { ...candidate, draft: 'added' };
    } else if (sameDefinition(published, candidate)) {
      // Back to what is published: the draft keeps no row that changes nothing.
      if (row) await this.designer.deleteDraft(row.id, tx);
      after = { ...published, draft: null };
    } else {
      const removed = published.active !== false && candidate.active === false;
      if (row) await this.designer.updateDraft(row.id, candidate, removed, actor.id, tx);
      else await this.designer.insertDraft({ fieldId: id, key: current.key, definition: candidate, removed }, actor.id, tx);
      after = { ...candidate, draft: removed ? 'removed' : 'changed' };
    }
    const target = published ? { targetType: 'form_field', targetId: id } : { targetType: 'form_field_draft', targetId: -id };
    await this.audit.record({ actor, action, ...target, before: current, after }, tx);
    return after;
  }

  private async dropNew(tx: EntityManager, id: number, actor: AuditActor, action: AuditAction): Promise<DraftField> {
    const snapshot = await this.state.load(tx);
    const before = this.find(snapshot, id);
    await this.designer.deleteDraft(-id, tx);
    const after: DraftField = { ...before, active: false, draft: null };
    await this.audit.record({ actor, action, targetType: 'form_field_draft', targetId: -id, before, after: null }, tx);
    return after;
  }
}
