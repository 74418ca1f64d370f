import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A form layout: a titled, ordered list of field sections. */
@Entity({ name: 'forms' })
export class FormEntity {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  key: string;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  @Column({ type: 'text', nullable: true })
  description: string | null;

  @Column({ type: 'text', array: true })
  sections: string[];

  /** Single fields borrowed from other sections, shown first (e.g. the sign-up form's names). */
  @Column({ name: 'field_keys', type: 'text', array: true, default: () => "'{}'" })
  fieldKeys: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
