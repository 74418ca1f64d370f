import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FieldDefinition, FormLayout } from '@scholarmatch/schemas';
import type { EntityManager, Repository } from 'typeorm';
import { UserEntity } from '../users/user.entity.js';
import { FormFieldEntity } from './form-field.entity.js';
import { FormEntity } from './form.entity.js';

/** A definition's columns as an admin writes them (the id, key and target never change). */
export type FieldChanges = Omit<FieldDefinition, 'id' | 'key' | 'target' | 'visibleWhen'> & { visibleWhen: FieldDefinition['visibleWhen'] | null };

/** Field definitions and form layouts, mapped to the vocabulary's plain types. */
@Injectable()
export class FormDefinitionsRepository {
  constructor(
    @InjectRepository(FormFieldEntity) private readonly fields: Repository<FormFieldEntity>,
    @InjectRepository(FormEntity) private readonly forms: Repository<FormEntity>,
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
  ) {}

  keyExists(key: string): Promise<boolean> {
    return this.fields.existsBy({ key });
  }

  /** Runs `work` in one transaction (a change and its audit row: docs/console.md, "Audit log"). */
  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.fields.manager.transaction(work);
  }

  /** The field rows, on `tx`'s connection when given. */
  private fieldsIn(tx?: EntityManager): Repository<FormFieldEntity> {
    return tx ? tx.getRepository(FormFieldEntity) : this.fields;
  }

  /** One field as stored; in a transaction with `lock`, held until it ends (its state before a change). */
  async findField(id: number, tx?: EntityManager, lock = false): Promise<FieldDefinition | null> {
    const row = await this.fieldsIn(tx).findOne({ where: { id }, ...(lock ? { lock: { mode: 'pessimistic_write' as const } } : {}) });
    return row ? toFieldDefinition(row) : null;
  }

  async insertField(field: Omit<FieldDefinition, 'id'>, tx?: EntityManager): Promise<number> {
    const fields = this.fieldsIn(tx);
    const saved = await fields.save(fields.create({ ...field, visibleWhen: field.visibleWhen ?? null }));
    return saved.id;
  }

  async updateField(id: number, changes: FieldChanges, tx?: EntityManager): Promise<void> {
    await this.fieldsIn(tx).update({ id }, changes as Parameters<Repository<FormFieldEntity>['update']>[1]);
  }

  /** Whether any applicant has an answer under this key (a field's type may change only before). */
  async isAnswered(key: string): Promise<boolean> {
    return this.users.createQueryBuilder('user').where('user.profile ? :key', { key }).getExists();
  }

  /** Every field definition, on `tx`'s connection (what a publish transaction has written so far). */
  async loadFields(tx?: EntityManager): Promise<FieldDefinition[]> {
    return (await this.fieldsIn(tx).find({ order: { section: 'ASC', order: 'ASC', key: 'ASC' } })).map(toFieldDefinition);
  }

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
    ...(row.system ? { system: true } : {}),
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
