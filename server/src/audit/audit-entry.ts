import type { Role } from '../users/user.entity.js';

/**
 * What the audit log records (docs/console.md, "Audit log"): each staff action by name, as
 * `<what it touched>.<what happened>`.
 */
export const AUDIT_ACTIONS = [
  'form_field.created',
  'form_field.updated',
  'form_field.deactivated',
  'form_draft.discarded',
  'form_version.published',
  'form_version.rolled_back',
  'plan.updated',
  'membership.set',
  'support.answered',
  'staff.invited',
  'account.sessions_ended',
  'account.locked',
  'account.unlocked',
  'account.role_changed',
  'membership.canceled',
  'membership.complimentary_granted',
  'account.password_reset_sent',
  'privacy.exported',
  'privacy.erased',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Who acted: the signed-in staff member, their role then, and the address they called from. */
export interface AuditActor {
  id: string;
  role: Role;
  ip?: string | null;
}

/** One staff action: who, what, on what, and the state before and after (null where none applies). */
export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  targetType: string;
  targetId: string | number;
  before?: unknown;
  after?: unknown;
}

/** A recorded row, as the list returns it. */
export interface AuditRecord {
  id: string;
  at: Date;
  actorId: string | null;
  actorRole: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  ip: string | null;
}

/** What the list keeps: every given filter must hold. */
export interface AuditFilter {
  actorId?: string;
  targetType?: string;
  targetId?: string;
  action?: string;
  from?: Date;
  to?: Date;
}
