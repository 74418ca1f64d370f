import type { OutboxQuery, PaymentEventsQuery } from '../../../api/console';

/** The outbox page's address state (docs/console.md, "Mail outbox page"): `q`, the address or subject searched. */
export interface OutboxSearch {
  q?: string;
}

/** The payment events page's address state (docs/console.md, "Payment events page"). */
export interface PaymentsSearch {
  email?: string;
  type?: string;
  from?: string;
  to?: string;
  failed?: true;
}

/** Messages an outbox search shows (the API's most). */
export const OUTBOX_LIMIT = 100;

/** A text of the address, trimmed and cut to `max` characters. */
export const text = (value: unknown, max: number) => (typeof value === 'string' ? value.trim().slice(0, max) : '');
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** A YYYY-MM-DD day of the address, or '' when it is none. */
export const day = (value: unknown) => {
  const candidate = text(value, 10);
  return DAY.test(candidate) && !Number.isNaN(Date.parse(`${candidate}T00:00:00Z`)) ? candidate : '';
};

export function validateOutboxSearch(search: Record<string, unknown>): OutboxSearch {
  const q = text(search.q, 200);
  return q ? { q } : {};
}

export function validatePaymentsSearch(search: Record<string, unknown>): PaymentsSearch {
  const email = text(search.email, 320);
  const type = text(search.type, 100);
  const from = day(search.from);
  const to = day(search.to);
  return {
    ...(email && { email }),
    ...(type && { type }),
    ...(from && { from }),
    ...(to && { to }),
    ...((search.failed === true || search.failed === 'true') && { failed: true as const }),
  };
}

export function outboxQueryOf(search: OutboxSearch): OutboxQuery {
  return { ...(search.q && { search: search.q }), limit: OUTBOX_LIMIT };
}

/** The day after a YYYY-MM-DD day, as the exclusive end the API takes: the page's last day is included. */
export function endOfDay(day: string): string {
  const next = new Date(`${day}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString();
}

export function paymentsQueryOf(search: PaymentsSearch): PaymentEventsQuery {
  return {
    ...(search.email && { email: search.email }),
    ...(search.type && { type: search.type }),
    ...(search.from && { from: `${search.from}T00:00:00.000Z` }),
    ...(search.to && { to: endOfDay(search.to) }),
    ...(search.failed && { failed: 'true' }),
  };
}
