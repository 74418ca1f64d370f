import { escapeHtml } from '@scholarmatch/schemas/html';
import { deadlineInWords, type OutgoingMessage } from '../inbox/inbox-message.js';
import { REMINDER_INBOX_KINDS, type ReminderKind } from './reminder-rules.js';
import type { DueReminder } from './reminders.repository.js';

/** 'today', 'tomorrow' or 'in 5 days'. */
export function whenDue(daysLeft: number): string {
  if (daysLeft <= 0) return 'today';
  if (daysLeft === 1) return 'tomorrow';
  return `in ${daysLeft} days`;
}

/** Where a reminder sends the applicant: the scholarship's details page, where a draft is finished (web: scholarshipDetailsHref). */
export function scholarshipLink(publicUrl: string, scholarshipId: string): string {
  return `${publicUrl}/auth/scholarshipDetail?${scholarshipId}`;
}

type ReminderText = Pick<OutgoingMessage, 'subject' | 'html'>;

/** The words of each kind; every value from the database is escaped, the subject is plain text. */
const TEXTS: Record<ReminderKind, (r: DueReminder, link: string) => ReminderText> = {
  'deadline-7-days': (r, link) => ({
    subject: `Your application to ${r.title} is due ${whenDue(r.daysLeft)}`,
    html:
      `<p>Hi ${escapeHtml(r.firstName)},</p>` +
      `<p>You started an application to <strong>${escapeHtml(r.title)}</strong> from ${escapeHtml(r.sponsor)}, and it is still a draft. ` +
      `The deadline is <strong>${deadlineInWords(r.deadline)}</strong>, ${r.daysLeft} days from now.</p>` +
      `<p>Your answers so far are saved. <a href="${escapeHtml(link)}">Open the scholarship to finish your application</a> and submit it before the deadline.</p>`,
  }),
  'deadline-1-day': (r, link) => ({
    subject: `Your application to ${r.title} is due ${whenDue(r.daysLeft)}`,
    html:
      `<p>Hi ${escapeHtml(r.firstName)},</p>` +
      `<p>Your application to <strong>${escapeHtml(r.title)}</strong> from ${escapeHtml(r.sponsor)} is still a draft, and the deadline is ${whenDue(r.daysLeft)}: ` +
      `<strong>${deadlineInWords(r.deadline)}</strong>. Applications close at the end of that day (UTC).</p>` +
      `<p><a href="${escapeHtml(link)}">Finish and submit your application</a> so it reaches ${escapeHtml(r.sponsor)} in time.</p>`,
  }),
  'closing-soon': (r, link) => ({
    subject: `${r.title}, which you saved, closes ${whenDue(r.daysLeft)}`,
    html:
      `<p>Hi ${escapeHtml(r.firstName)},</p>` +
      `<p>You saved <strong>${escapeHtml(r.title)}</strong> from ${escapeHtml(r.sponsor)}, and it closes ${whenDue(r.daysLeft)}: ` +
      `the deadline is <strong>${deadlineInWords(r.deadline)}</strong>. You have not applied yet.</p>` +
      `<p><a href="${escapeHtml(link)}">See the scholarship and apply</a> before it closes.</p>`,
  }),
};

/** A reminder's inbox message (without its sender), linking to the scholarship. */
export function reminderMessage(kind: ReminderKind, reminder: DueReminder, publicUrl: string): Omit<OutgoingMessage, 'fromName' | 'fromEmail'> {
  return { kind: REMINDER_INBOX_KINDS[kind], scholarshipId: reminder.scholarshipId, ...TEXTS[kind](reminder, scholarshipLink(publicUrl, reminder.scholarshipId)) };
}
