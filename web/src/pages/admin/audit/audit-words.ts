import type { AuditQuery, AuditRecord } from '../../../api/console';

export type AuditAction = NonNullable<AuditQuery['action']>;

/**
 * Each recorded action in words (docs/console.md, "Audit log"). Typed by the API's list: an action
 * the server adds fails the web's typecheck until it has its words here.
 */
export const ACTION_WORDS = {
  'form_field.created': 'Form field created',
  'form_field.updated': 'Form field changed',
  'form_field.deactivated': 'Form field deactivated',
  'form_draft.discarded': 'Form draft discarded',
  'form_version.published': 'Form version published',
  'form_version.rolled_back': 'Form version rolled back',
  'plan.updated': 'Plan changed',
  'membership.set': 'Membership set',
  'support.answered': 'Support request answered',
  'staff.invited': 'Staff member invited',
  'account.sessions_ended': 'Sessions ended',
  'account.locked': 'Account locked',
  'account.unlocked': 'Account unlocked',
  'account.role_changed': 'Role changed',
  'account.password_reset_sent': 'Password reset e-mail sent',
  'membership.canceled': 'Membership canceled at period end',
  'membership.complimentary_granted': 'Complimentary membership granted',
  'privacy.exported': "Person's data exported",
  'privacy.erased': 'Person erased',
} as const satisfies Record<AuditAction, string>;

export const AUDIT_ACTION_LIST = Object.keys(ACTION_WORDS) as AuditAction[];

/** The kinds of thing an action is recorded on, for the filter. */
export const TARGET_TYPES = ['form_field', 'form_field_draft', 'form_draft', 'form_version', 'plan', 'applicant', 'subscription', 'support_request', 'user', 'staff_invitation'] as const;

export const actionWords = (action: string) => ACTION_WORDS[action as AuditAction] ?? action;

/** One changed key of a row: its value before and after, as short text. */
export interface KeyChange {
  key: string;
  before: string;
  after: string;
}

const MAX_VALUE_CHARS = 120;

function shown(value: unknown): string {
  if (value === undefined) return '(none)';
  const text = typeof value === 'string' ? JSON.stringify(value) : JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS - 1)}…` : text;
}

/**
 * The keys whose value differs between before and after, in the order they first appear; a key
 * only on one side counts as changed. A row with neither side has no changes.
 */
export function changedKeys(record: Pick<AuditRecord, 'before' | 'after'>): KeyChange[] {
  const before = (record.before ?? {}) as Record<string, unknown>;
  const after = (record.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({ key, before: shown(before[key]), after: shown(after[key]) }));
}
