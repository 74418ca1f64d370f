import type { FieldCondition, FieldOption, FieldTarget, FieldType, FieldUi, FieldValidation } from '@scholarmatch/schemas';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A field definition: one question any form may ask (see schemas/src/vocabulary.ts). */
@Entity({ name: 'form_fields' })
export class FormFieldEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 64, unique: true })
  key: string;

  @Column({ type: 'varchar', length: 200 })
  name: string;

  @Column({ name: 'data_type', type: 'varchar', length: 32 })
  dataType: FieldType;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  options: FieldOption[];

  @Column({ type: 'jsonb', default: () => "'{}'" })
  validation: FieldValidation;

  @Column({ type: 'jsonb', default: () => "'{}'" })
  ui: FieldUi;

  @Column({ type: 'varchar', length: 64 })
  section: string;

  @Column({ type: 'integer', default: 0 })
  order: number;

  @Column({ type: 'varchar', length: 16, default: 'profile' })
  target: FieldTarget;

  @Column({ name: 'visible_when', type: 'jsonb', nullable: true })
  visibleWhen: FieldCondition | null;

  @Column({ type: 'boolean', default: true })
  active: boolean;

  /** The code relies on it: no deactivation, no change of type (docs/decisions.md, "System fields"). */
  @Column({ type: 'boolean', default: false })
  system: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
