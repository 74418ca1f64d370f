import { SUPPORT_REPLY_HOURS, type SupportStatus } from '@scholarmatch/schemas';

/** A request's status in the console's words. */
export const STATUS_WORDS: Record<SupportStatus, { label: string; palette: string }> = {
  open: { label: 'Open', palette: 'orange' },
  answered: { label: 'Answered', palette: 'blue' },
  solved: { label: 'Solved', palette: 'green' },
};

export const KIND_WORDS: Record<string, string> = {
  support: 'Support request',
  contact: 'Contact message',
};

const HOUR = 3_600_000;

/** How long ago, in whole hours (or days past two days). */
export function ageText(createdAt: string, now = Date.now()): string {
  const hours = Math.floor((now - new Date(createdAt).getTime()) / HOUR);
  if (hours < 1) return 'less than an hour ago';
  if (hours < 48) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return `${Math.floor(hours / 24)} days ago`;
}

/**
 * Where an open request stands against the promised reply (MESSAGES.supportReplyTime): past it,
 * or how long is left, counted from when it started waiting (sent, or the person's latest reply
 * that reopened it). Answered and solved requests owe nothing.
 */
export function replyDue(waitingSince: string, status: SupportStatus, now = Date.now()): { late: boolean; text: string } | null {
  if (status !== 'open') return null;
  const hours = (now - new Date(waitingSince).getTime()) / HOUR;
  if (hours >= SUPPORT_REPLY_HOURS) return { late: true, text: `Past ${SUPPORT_REPLY_HOURS} hours` };
  const left = Math.ceil(SUPPORT_REPLY_HOURS - hours);
  return { late: false, text: `${left} hour${left === 1 ? '' : 's'} left` };
}
