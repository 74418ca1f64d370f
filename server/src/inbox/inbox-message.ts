import { formatDate } from '@scholarmatch/schemas';

/**
 * What the product puts in a person's inbox (docs/inbox.md). Every message is also e-mailed
 * through the mail port.
 */
export const INBOX_MESSAGE_KINDS = [
  'provider',
  'application-received',
  'status-changed',
  'winner',
  'not-selected',
  'membership-receipt',
  'reviewer-invitation',
  'support-answer',
  'support-received',
  'auto-applied',
  'deadline-reminder',
  'closing-soon',
  'new-cycle',
] as const;
export type InboxMessageKind = (typeof INBOX_MESSAGE_KINDS)[number];

export interface OutgoingMessage {
  kind: InboxMessageKind;
  fromName: string;
  fromEmail: string;
  subject: string;
  /** Rich text; sanitised on delivery, and its plain text derived from it. */
  html: string;
  /** The scholarship the message is about, when there is one. */
  scholarshipId?: string | null;
  /** The application whose conversation a provider's message belongs to (docs/inbox.md, "Conversations"). */
  applicationId?: string | null;
  /** The support request whose thread a staff answer belongs to (docs/support.md, "The thread"). */
  supportRequestId?: string | null;
}

/**
 * An organisation as the sender: its name, and no address of its own. The provider's login (or its
 * contact person's) e-mail is never shown to applicants; the view and the e-mail show the product's
 * address, and replies go through the inbox (docs/inbox.md, "Who a message is from").
 */
export function organisationSender(name: string): Pick<OutgoingMessage, 'fromName' | 'fromEmail'> {
  return { fromName: name, fromEmail: '' };
}

/** The product as the sender of its own messages: the name and address of the configured MAIL_FROM. */
export function productSender(mailFrom: string): Pick<OutgoingMessage, 'fromName' | 'fromEmail'> {
  const named = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(mailFrom);
  if (named) return { fromName: named[1] || 'ScholarMatch', fromEmail: named[2] };
  return { fromName: 'ScholarMatch', fromEmail: mailFrom.trim() };
}

/** A deadline (YYYY-MM-DD) as every message writes it: 'Friday, 4 December 2026'. */
export function deadlineInWords(deadline: string): string {
  return formatDate(`${deadline}T00:00:00Z`, 'weekday', 'UTC');
}
