import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { compileForm, fieldDefinitionProblems, FormValidator, type FieldDefinition } from '@scholarmatch/schemas';
import type { Repository } from 'typeorm';
import { ApiError } from '../common/error-body.js';
import type { CreateFieldDefinitionDto, UpdateFieldDefinitionDto } from './dto/admin-field.dto.js';
import { FormDefinitionsRepository } from './form-definitions.repository.js';
import { FormFieldEntity } from './form-field.entity.js';
import { FormsService } from './forms.service.js';

/**
 * Admins change the applicant's questions without a deploy. A change is checked the way the
 * server will use it (the vocabulary's schema, then every form compiled with it) before it is
 * saved; the database trigger then tells every instance to recompile, so the forms get a new
 * version at once. Deactivating hides a field and keeps every stored answer.
 */
@Injectable()
export class AdminFieldsService {
  constructor(
    @InjectRepository(FormFieldEntity) private readonly rows: Repository<FormFieldEntity>,
    private readonly definitions: FormDefinitionsRepository,
    private readonly forms: FormsService,
  ) {}

  async list(): Promise<FieldDefinition[]> {
    return (await this.definitions.loadAll()).fields;
  }

  async create(input: CreateFieldDefinitionDto): Promise<FieldDefinition> {
    // DTO instances carry absent properties as undefined: drop them so the defaults apply.
    const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
    const candidate: FieldDefinition = { order: 0, ...given, id: 0, target: 'profile', active: true } as FieldDefinition;
    if (candidate.visibleWhen === null) delete candidate.visibleWhen;
    if (typeof candidate.key === 'string' && (await this.rows.existsBy({ key: candidate.key }))) {
      throw new ApiError(409, `A field with the key '${candidate.key}' exists already.`, { errorCode: 'FIELD_KEY_TAKEN' });
    }
    await this.check(candidate);
    const { id: _id, ...row } = candidate;
    const saved = await this.rows.save(this.rows.create({ ...row, visibleWhen: row.visibleWhen ?? null }));
    return this.changed(saved.id);
  }

  async update(id: number, patch: UpdateFieldDefinitionDto): Promise<FieldDefinition> {
    const current = (await this.list()).find((field) => field.id === id);
    if (!current) throw new ApiError(404, `There is no field with id ${id}.`, { errorCode: 'FIELD_NOT_FOUND' });
    const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    const candidate = { ...current, ...given } as FieldDefinition;
    if (candidate.visibleWhen === null) delete candidate.visibleWhen;
    await this.check(candidate);
    const { id: _id, key: _key, dataType: _type, target: _target, ...changes } = candidate;
    await this.rows.update({ id }, { ...changes, visibleWhen: candidate.visibleWhen ?? null } as Parameters<Repository<FormFieldEntity>['update']>[1]);
    return this.changed(id);
  }

  deactivate(id: number): Promise<FieldDefinition> {
    return this.update(id, { active: false });
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
