import type { EligibilityRule, Requirement } from '@scholarmatch/schemas';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const SCHOLARSHIP_STATUSES = ['draft', 'published', 'closed'] as const;
export type ScholarshipStatus = (typeof SCHOLARSHIP_STATUSES)[number];

export interface RecurrenceConfig {
  /** 'YYYY-MM-DD' */
  deadline?: string;
  /** A yearly scholarship reopens with next year's deadline once closed. */
  repeat?: 'none' | 'yearly';
}

/** The scholarship's value in whole USD: its amounts summed, or its single award. */
export function totalAmountOf(scholarship: { amounts: number[]; award: number | null }): number {
  return scholarship.amounts.length ? scholarship.amounts.reduce((sum, amount) => sum + amount, 0) : (scholarship.award ?? 0);
}

/** A provider's scholarship: amounts in whole US dollars, criteria and requirements as data. */
@Entity({ name: 'scholarships' })
export class ScholarshipEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'provider_id', type: 'uuid' })
  providerId: string;

  @Column({ type: 'varchar', length: 200 })
  title: string;

  /** Sanitised HTML. */
  @Column({ type: 'text', default: '' })
  description: string;

  @Column({ type: 'integer', array: true, default: () => "'{}'" })
  amounts: number[];

  @Column({ type: 'integer', nullable: true })
  award: number | null;

  @Column({ type: 'date', nullable: true })
  deadline: string | null;

  @Column({ name: 'recurrence_config', type: 'jsonb', default: () => "'{}'" })
  recurrenceConfig: RecurrenceConfig;

  @Column({ type: 'varchar', length: 16, default: 'draft' })
  status: ScholarshipStatus;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  criteria: EligibilityRule[];

  @Column({ type: 'jsonb', default: () => "'[]'" })
  requirements: Requirement[];

  /** The public page's address, /scholarships/{slug} (docs/providers.md); given at publish when absent. */
  @Column({ type: 'varchar', length: 80, nullable: true })
  slug: string | null;

  /** Answers of fields an admin added to the scholarship editor form, by field key. */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  details: Record<string, unknown>;

  /** Which cycle of a recurring scholarship this is: 1, then one more each year (docs/automation.md). */
  @Column({ type: 'integer', default: 1 })
  cycle: number;

  /** The cycle before this one, for the second cycle on. */
  @Column({ name: 'previous_cycle_id', type: 'uuid', nullable: true })
  previousCycleId: string | null;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
