import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const ROLES = ['applicant', 'provider', 'admin', 'reviewer', 'support'] as const;
export type Role = (typeof ROLES)[number];

/** Staff: accounts an admin invites, never made by a sign-up (docs/security.md, "Roles and permissions"). */
export const STAFF_ROLES = ['admin', 'support'] as const satisfies readonly Role[];
export type StaffRole = (typeof STAFF_ROLES)[number];

export const APPLICANT_TYPES = ['STUDENT', 'PARENT'] as const;
export type ApplicantType = (typeof APPLICANT_TYPES)[number];

/** Anyone who signs in: an applicant (student or parent), a scholarship provider, a reviewer or staff (an admin, support). */
@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ type: 'varchar', length: 320 })
  email: string;

  @Column({ name: 'password_hash', type: 'text', select: false })
  passwordHash: string;

  @Column({ type: 'varchar', length: 16 })
  role: Role;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName: string;

  @Column({ type: 'varchar', length: 32, nullable: true })
  phone: string | null;

  /** 'YYYY-MM-DD' (pg's date type, read as a string: no time zone shifts). */
  @Column({ type: 'date', nullable: true })
  dob: string | null;

  @Column({ name: 'applicant_type', type: 'varchar', length: 16, nullable: true })
  applicantType: ApplicantType | null;

  @Column({ name: 'is_profile_update', type: 'boolean', default: false })
  isProfileUpdate: boolean;

  @Column({ name: 'is_scholarship_applied', type: 'boolean', default: false })
  isScholarshipApplied: boolean;

  @Column({ name: 'is_active_subscription', type: 'boolean', default: false })
  isActiveSubscription: boolean;

  /** Profile answers keyed by field key (matching queries them; docs/architecture.md, "How a form flows"). */
  @Column({ type: 'jsonb', default: () => "'{}'" })
  profile: Record<string, unknown>;

  @Column({ name: 'consented_to_contact_at', type: 'timestamptz', nullable: true })
  consentedToContactAt: Date | null;

  @Column({ name: 'accepted_terms_at', type: 'timestamptz', nullable: true })
  acceptedTermsAt: Date | null;

  @Column({ name: 'password_changed_at', type: 'timestamptz' })
  passwordChangedAt: Date;

  /** Raised to end every access token of the account at its next request (docs/staff-security.md, "Session control"). */
  @Column({ name: 'session_version', type: 'integer', default: 0 })
  sessionVersion: number;

  /** Set by an admin: no login, and no token works (distinct from the login lock-out). */
  @Column({ name: 'locked_at', type: 'timestamptz', nullable: true })
  lockedAt: Date | null;

  /** Set when an admin erased the person (docs/privacy.md): the row stays, under a pseudonym, for the payment records. */
  @Column({ name: 'erased_at', type: 'timestamptz', nullable: true })
  erasedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
