import { Injectable } from '@nestjs/common';
import { compileForm, fieldDefinitionProblems, FormValidator, type FieldDefinition } from '@scholarmatch/schemas';
import type { AuditAction, AuditActor } from '../audit/audit-entry.js';
import { AuditLog } from '../audit/audit-log.service.js';
import { ApiError } from '../common/error-body.js';
import type { CreateFieldDefinitionDto, UpdateFieldDefinitionDto } from './dto/admin-field.dto.js';
import { FormDefinitionsRepository } from './form-definitions.repository.js';
import { FormsService } from './forms.service.js';

/** DTO instances carry absent properties as undefined: drop them so defaults and current values apply. */
function given<T extends object>(input: T): Partial<T> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/**
 * Admins change the applicant's questions without a deploy. A change is checked the way the
 * server will use it (the vocabulary's schema, then every form compiled with it) before it is
 * saved; the database trigger then tells every instance to recompile, so the forms get a new
 * version at once. Deactivating hides a field and keeps every stored answer. System fields, which
 * the code relies on, keep their type and stay active (docs/decisions.md, "System fields"). Each
 * change is audited in its own transaction (docs/console.md, "Audit log").
 */
@Injectable()
export class AdminFieldsService {
  constructor(
    private readonly definitions: FormDefinitionsRepository,
    private readonly forms: FormsService,
    private readonly audit: AuditLog,
  ) {}

  async list(): Promise<FieldDefinition[]> {
    return (await this.definitions.loadAll()).fields;
  }

  async create(input: CreateFieldDefinitionDto, actor: AuditActor): Promise<FieldDefinition> {
    const candidate = { order: 0, ...given(input), id: 0, target: 'profile', active: true, system: false } as FieldDefinition;
    if (candidate.visibleWhen === null) delete candidate.visibleWhen;
    if (typeof candidate.key === 'string' && (await this.definitions.keyExists(candidate.key))) {
      throw new ApiError(409, `A field with the key '${candidate.key}' exists already.`, { errorCode: 'FIELD_KEY_TAKEN' });
    }
    await this.check(candidate);
    const { id: _id, ...row } = candidate;
    const id = await this.definitions.transaction(async (tx) => {
      const inserted = await this.definitions.insertField(row, tx);
      const after = await this.definitions.findField(inserted, tx);
      await this.audit.record({ actor, action: 'form_field.created', targetType: 'form_field', targetId: inserted, before: null, after }, tx);
      return inserted;
    });
    return this.changed(id);
  }

  update(id: number, patch: UpdateFieldDefinitionDto, actor: AuditActor): Promise<FieldDefinition> {
    return this.change(id, patch, actor, 'form_field.updated');
  }

  deactivate(id: number, actor: AuditActor): Promise<FieldDefinition> {
    return this.change(id, { active: false }, actor, 'form_field.deactivated');
  }

  private async change(id: number, patch: UpdateFieldDefinitionDto, actor: AuditActor, action: AuditAction): Promise<FieldDefinition> {
    const current = (await this.list()).find((field) => field.id === id);
    if (!current) throw new ApiError(404, `There is no field with id ${id}.`, { errorCode: 'FIELD_NOT_FOUND' });
    const candidate = { ...current, ...given(patch) } as FieldDefinition;
    if (candidate.visibleWhen === null) delete candidate.visibleWhen;
    await this.checkSystemRules(current, candidate);
    await this.check(candidate);
    const { id: _id, key: _key, target: _target, visibleWhen, ...changes } = candidate;
    await this.definitions.transaction(async (tx) => {
      // The state the change replaces, held until it commits: the audit row's `before` is exact.
      const before = await this.definitions.findField(id, tx, true);
      await this.definitions.updateField(id, { ...changes, visibleWhen: visibleWhen ?? null }, tx);
      const after = await this.definitions.findField(id, tx);
      await this.audit.record({ actor, action, targetType: 'form_field', targetId: id, before, after }, tx);
    });
    return this.changed(id);
  }

  /**
   * A system field stays active and keeps its type (the code reads it); any other field may change
   * its type only while nobody has answered it, since stored answers were checked against the old one.
   */
  private async checkSystemRules(current: FieldDefinition, candidate: FieldDefinition): Promise<void> {
    const retyped = candidate.dataType !== current.dataType;
    if (current.system && (retyped || candidate.active === false)) {
      const change = retyped ? 'change its type' : 'deactivate it';
      throw new ApiError(409, `'${current.key}' is a system field: the product relies on it, so you cannot ${change}. You may rename it, reword its messages or move it.`, {
        errorCode: 'SYSTEM_FIELD',
      });
    }
    if (retyped && (await this.definitions.isAnswered(current.key))) {
      throw new ApiError(409, `Applicants have answered '${current.key}' as ${current.dataType}, so its type cannot change. Add a new field and deactivate this one instead.`, {
        errorCode: 'FIELD_ANSWERED',
      });
    }
  }

  /** The definition fits the vocabulary, sits in a section some form shows, and every form still compiles. */
  private async check(candidate: FieldDefinition): Promise<void> {
    const problems = fieldDefinitionProblems(candidate);
    if (problems.length) {
      throw new ApiError(400, `The field definition is not valid: ${problems[0].path || 'definition'} ${problems[0].message}`, {
        errorCode: 'INVALID_FIELD_DEFINITION',
        errors: problems,
      });
    }
    const { fields, forms } = await this.definitions.loadAll();
    if (!forms.some((form) => form.sections.includes(candidate.section))) {
      const sections = [...new Set(forms.flatMap((form) => form.sections))].sort().join(', ');
      throw new ApiError(400, `No form shows the section '${candidate.section}'. Sections: ${sections}.`, {
        errorCode: 'UNKNOWN_SECTION',
        errors: [{ path: 'section', message: `No form shows the section '${candidate.section}'.` }],
      });
    }
    const all = [...fields.filter((field) => field.id !== candidate.id), candidate];
    const validator = new FormValidator();
    for (const form of forms) {
      try {
        const compiled = compileForm(form, all);
        validator.prepare(form.key, compiled.schema);
      } catch (error) {
        throw new ApiError(400, `With this change the form '${form.key}' would not compile: ${(error as Error).message}`, {
          errorCode: 'FORM_WOULD_BREAK',
        });
      }
    }
  }

  /** Drops this instance's compiled forms at once (the database trigger tells the others). */
  private async changed(id: number): Promise<FieldDefinition> {
    this.forms.invalidate();
    return (await this.list()).find((field) => field.id === id)!;
  }
}
