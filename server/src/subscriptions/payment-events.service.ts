import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ApiError } from '../common/error-body.js';
import { JobQueue } from '../jobs/job-queue.js';
import { type GatewaySubscription, PaymentGateway, type PaymentEvent, WebhookRejected } from '../payments/payment-gateway.js';
import { MembershipsService, membershipStateOf } from './memberships.service.js';
import { PaymentEventsRepository, type EventsFilter, type StoredEvent } from './payment-events.repository.js';
import { Metrics } from '../metrics/metrics.js';

const RETRY_QUEUE = 'payment-event-retry';

/** The refusals' reasons a metric label takes (the error codes, in lower case; anything else is 'other'). */
const REFUSAL_REASONS = new Set(['signature_missing', 'signature_invalid', 'signature_expired', 'event_malformed', 'unknown_event']);

/** Event families this endpoint expects; anything else was subscribed by mistake (docs/payments.md, "Webhooks"). */
const HANDLED_EVENT_PREFIXES = ['customer.subscription.', 'checkout.session.', 'invoice.'];

/** What is kept of an event: the provider's own body (audit) and what the server read from it. */
interface StoredPayload {
  raw: unknown;
  subscription: GatewaySubscription | null;
}

function revive(subscription: GatewaySubscription): GatewaySubscription {
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return { ...subscription, trialEnd: date(subscription.trialEnd), currentPeriodEnd: date(subscription.currentPeriodEnd), canceledAt: date(subscription.canceledAt) };
}

export type WebhookOutcome = 'processed' | 'duplicate' | 'stored for retry';

/**
 * Webhook intake: verify, store once by event id, apply. A verified event is always answered 2xx
 * once stored; if applying it fails (say it names an applicant this server does not know yet),
 * a job retries it with backoff, so the provider never needs to resend it.
 */
@Injectable()
export class PaymentEventsService implements OnModuleInit {
  private readonly logger = new Logger('PaymentEvents');

  constructor(
    private readonly events: PaymentEventsRepository,
    private readonly memberships: MembershipsService,
    private readonly gateway: PaymentGateway,
    private readonly jobs: JobQueue,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ gateway: string; eventId: string }>(RETRY_QUEUE, (job) => this.retry(job.gateway, job.eventId), {
      retryLimit: 8,
      retryDelaySeconds: 30,
    });
    // A safety net for a retry job that was never queued (the queue failed after the event was stored).
    this.jobs.register('payment-event-sweep', () => this.retryWaiting(), { cron: '*/5 * * * *' });
  }

  async retryWaiting(): Promise<void> {
    for (const { gateway, eventId } of await this.events.waiting(100)) {
      await this.retry(gateway, eventId).catch((error: Error) => this.logger.warn({ eventId, err: error }, 'payment event still waiting'));
    }
  }

  async receive(gatewayName: string, rawBody: string | undefined, headers: Record<string, string | string[] | undefined>): Promise<WebhookOutcome> {
    if (gatewayName !== this.gateway.name) {
      // The name is the caller's (a path segment): not a label value.
      this.metrics.webhooksRefused.inc({ source: 'other', reason: 'gateway_not_configured' });
      throw new ApiError(404, `This server takes payment webhooks from ${this.gateway.name} only.`, { errorCode: 'GATEWAY_NOT_CONFIGURED' });
    }
    let event: PaymentEvent;
    try {
      event = this.verify(rawBody ?? '', headers);
    } catch (error) {
      const code = error instanceof ApiError ? error.options.errorCode?.toLowerCase() : undefined;
      this.metrics.webhooksRefused.inc({ source: this.gateway.name, reason: code && REFUSAL_REASONS.has(code) ? code : 'other' });
      throw error;
    }
    this.metrics.webhooksReceived.inc({ source: this.gateway.name });
    const stored = { gateway: gatewayName, eventId: event.id, type: event.type, occurredAt: event.occurredAt, payload: { raw: event.payload, subscription: event.subscription } };
    if (!event.subscription) return (await this.events.insert(stored, { processed: true })) ? 'processed' : 'duplicate';
    // The event is stored in the transaction of its effect: both happen, or neither.
    const applied = await this.memberships.applyGatewaySubscription(gatewayName, event.subscription, (manager) => this.events.insert(stored, { processed: true }, manager));
    if (applied === 'applied') return 'processed';
    if (applied === 'duplicate') return 'duplicate';
    const error = `subscription ${event.subscription.id} names no applicant of this server`;
    if (!(await this.events.insert(stored, { processed: false, error }))) return 'duplicate';
    await this.jobs.send(RETRY_QUEUE, { gateway: gatewayName, eventId: event.id }, { singletonKey: `${gatewayName}:${event.id}`, startAfterSeconds: 5 });
    this.logger.warn({ eventId: event.id }, 'payment event stored for retry');
    return 'stored for retry';
  }

  private verify(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentEvent {
    let event: PaymentEvent;
    try {
      event = this.gateway.parseWebhook(rawBody, headers);
    } catch (error) {
      if (error instanceof WebhookRejected) throw new ApiError(400, error.description, { errorCode: error.errorCode });
      throw error;
    }
    if (!HANDLED_EVENT_PREFIXES.some((prefix) => event.type.startsWith(prefix))) {
      throw new ApiError(400, `This endpoint does not handle '${event.type}' events. Subscribe it only to the events listed in docs/payments.md.`, {
        errorCode: 'UNKNOWN_EVENT',
      });
    }
    return event;
  }

  /** The webhooks received, newest first (the admins' audit); `onlyFailed`: those still waiting for a retry. */
  recent(filter: EventsFilter): Promise<StoredEvent[]> {
    return this.events.recent(filter);
  }

  /**
   * The events about a person's subscriptions, newest first, each with the membership state its
   * report meant (docs/console.md, "People"): the state changes as the provider reported them.
   */
  async aboutSubscriptions(gatewaySubscriptionIds: readonly string[], limit = 50) {
    const events = await this.events.aboutSubscriptions(gatewaySubscriptionIds, limit);
    return events.map(({ reportedStatus, cancelAtPeriodEnd, ...event }) => ({
      ...event,
      state: reportedStatus ? membershipStateOf({ status: reportedStatus as GatewaySubscription['status'], cancelAtPeriodEnd: cancelAtPeriodEnd ?? false }) : null,
    }));
  }

  /** The retry job: applies a stored event again; throws (for pg-boss's next try) while it still fails. */
  private async retry(gatewayName: string, eventId: string): Promise<void> {
    const stored = await this.events.payload(gatewayName, eventId);
    if (!stored || stored.processed) return;
    const { subscription } = stored.payload as StoredPayload;
    const applied = subscription ? await this.memberships.applyGatewaySubscription(gatewayName, revive(subscription)) : 'applied';
    const error = applied === 'unknown owner' ? `subscription ${subscription!.id} names no applicant of this server` : null;
    await this.events.markProcessed(gatewayName, eventId, error);
    if (error) throw new Error(error);
  }
}
