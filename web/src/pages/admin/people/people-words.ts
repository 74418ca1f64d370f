import type { PeopleRole } from './people-search';

/** The roles as the console names them. */
export const ROLE_WORDS: Record<PeopleRole, string> = {
  applicant: 'Applicant',
  provider: 'Provider',
  reviewer: 'Reviewer',
  admin: 'Admin',
  support: 'Support',
};

/** Membership states as the console names them (docs/payments.md, "States"). */
export const MEMBERSHIP_WORDS: Record<string, { label: string; palette: string }> = {
  trialing: { label: 'Free trial', palette: 'blue' },
  active: { label: 'Active', palette: 'green' },
  past_due: { label: 'Past due', palette: 'orange' },
  canceled: { label: 'Cancelled', palette: 'yellow' },
  expired: { label: 'Expired', palette: 'gray' },
};

/** An answer as text: a list joined, a date or object written out, an upload by its name. */
export function answerText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(answerText).join(', ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.name === 'string') return record.name;
    if (typeof record.url === 'string') return record.url;
    return Object.values(record).map(answerText).filter(Boolean).join(' · ');
  }
  return String(value);
}
