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
}
