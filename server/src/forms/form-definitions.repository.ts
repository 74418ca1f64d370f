import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FieldDefinition, FormLayout } from '@scholarmatch/schemas';
import { Repository } from 'typeorm';
import { FormFieldEntity } from './form-field.entity.js';
import { FormEntity } from './form.entity.js';

/** Reads field definitions and form layouts, mapped to the vocabulary's plain types. */
@Injectable()
export class FormDefinitionsRepository {
  constructor(
    @InjectRepository(FormFieldEntity) private readonly fields: Repository<FormFieldEntity>,
    @InjectRepository(FormEntity) private readonly forms: Repository<FormEntity>,
  ) {}

  async loadAll(): Promise<{ fields: FieldDefinition[]; forms: FormLayout[] }> {
    const [fields, forms] = await Promise.all([
      this.fields.find({ order: { section: 'ASC', order: 'ASC', key: 'ASC' } }),
      this.forms.find({ order: { key: 'ASC' } }),
    ]);
    return { fields: fields.map(toFieldDefinition), forms: forms.map(toFormLayout) };
  }
}

function toFieldDefinition(row: FormFieldEntity): FieldDefinition {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    dataType: row.dataType,
    options: row.options,
    validation: row.validation,
    ui: row.ui,
    section: row.section,
    order: row.order,
    target: row.target,
    ...(row.visibleWhen ? { visibleWhen: row.visibleWhen } : {}),
    active: row.active,
  };
}

function toFormLayout(row: FormEntity): FormLayout {
  return {
    key: row.key,
    title: row.title,
    sections: row.sections,
    ...(row.fieldKeys?.length ? { fields: row.fieldKeys } : {}),
    ...(row.description ? { description: row.description } : {}),
  };
}
