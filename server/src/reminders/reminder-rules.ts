import type { InboxMessageKind } from '../inbox/inbox-message.js';

/**
 * The reminders the product sends on its own (docs/automation.md "Reminders"). Each goes once per
 * applicant, scholarship and kind (the `reminders` table).
 */
export const REMINDER_KINDS = ['deadline-7-days', 'deadline-1-day', 'closing-soon'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/**
 * When each kind is due, in whole UTC days from today to the scholarship's deadline (the deadline
 * day itself still takes applications: 0 days left). A run that missed a day still finds what
 * fell due since: the 7-day reminder goes anywhere from 7 to 2 days left (a draft started 3 days
 * before the deadline gets it too), the 1-day one on the last day or the one before.
 */
export const REMINDER_WINDOWS: Record<ReminderKind, { fromDays: number; toDays: number }> = {
  'deadline-7-days': { fromDays: 2, toDays: 7 },
  'deadline-1-day': { fromDays: 0, toDays: 1 },
  'closing-soon': { fromDays: 0, toDays: 3 },
};

/** The inbox kind each reminder is stored as (docs/inbox.md). */
export const REMINDER_INBOX_KINDS: Record<ReminderKind, InboxMessageKind> = {
  'deadline-7-days': 'deadline-reminder',
  'deadline-1-day': 'deadline-reminder',
  'closing-soon': 'closing-soon',
};
