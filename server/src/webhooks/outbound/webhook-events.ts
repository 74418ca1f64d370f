/**
 * The events an organisation's endpoints can subscribe to (docs/webhooks.md, "Events"), each
 * written to the outbox in the transaction of its cause (webhook-outbox.ts). `ping` is the test
 * event an owner sends from the studio or the API; nobody subscribes to it.
 */
export const WEBHOOK_EVENT_TYPES = [
  'application.submitted',
  'application.status_changed',
  'scholarship.published',
  'scholarship.closed',
  'review.completed',
  'winner.selected',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const PING_EVENT = 'ping';

/** The body every delivery sends: the event's id (the receiver's deduplication key), its type, when it happened, its data. */
export interface WebhookBody {
  id: string;
  type: WebhookEventType | typeof PING_EVENT;
  createdAt: string;
  data: unknown;
}

/** The exact bytes sent and signed, the same on every attempt of an event. */
export function bodyOf(event: { id: string; type: string; createdAt: Date; data: unknown }): string {
  return JSON.stringify({ id: event.id, type: event.type, createdAt: event.createdAt.toISOString(), data: event.data });
}
