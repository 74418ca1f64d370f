import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { ServerSecrets } from '../../auth/server-secrets.js';
import { JobQueue } from '../../jobs/job-queue.js';
import type { CheckoutRequest } from '../payment-gateway.js';
import { SandboxProviderRepository, type SandboxSubscriptionRow, type SubscriptionChange } from './sandbox-provider.repository.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxWebhook } from './sandbox-signature.js';

/** Where the sandbox delivers its webhooks: this server's own endpoint. */
export const SANDBOX_WEBHOOK_PATH = '/api/v1/payments/webhooks/sandbox';
const DELIVERY_QUEUE = 'sandbox-webhook-delivery';
const CLOCK_QUEUE = 'sandbox-clock';
const DAY_MS = 86_400_000;
/** A failed renewal is retried this often, and the subscription ends after this many failures (a card provider's dunning). */
const RETRY_EVERY_DAYS = 3;
const RENEWAL_ATTEMPTS = 3;

/** The test cards of the sandbox checkout (docs/payments.md), as card providers' test modes have them. */
export const TEST_CARDS = {
  '4242424242424242': { behaviour: 'succeeds', label: 'Succeeds, and every renewal is paid' },
  '4000000000000002': { behaviour: 'declined', label: 'Declined' },
  '4000000000000119': { behaviour: 'retry', label: 'Fails with a processing error once, then succeeds on retry' },
  '4000000000000341': { behaviour: 'renewals-fail', label: 'Starts the trial, but renewal payments fail (past due, then ends); declined when there is no trial' },
} as const;
type TestCard = keyof typeof TEST_CARDS;

export interface CardDetails {
  number: string;
  expiry: string;
  cvc: string;
  postalCode: string;
}

export type PaymentOutcome =
  | { ok: true; successUrl: string }
  | { ok: false; status: 400 | 402 | 404 | 409; message: string };

/** The sandbox's subscription object, as its webhooks and API carry it (dates as ISO strings). */
export interface SandboxSubscriptionObject {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  trial_end: string | null;
  current_period_end: string;
  canceled_at: string | null;
  metadata: Record<string, string>;
  version: number;
}

export function subscriptionObject(row: SandboxSubscriptionRow): SandboxSubscriptionObject {
  return {
    id: row.id,
    object: 'subscription',
    customer: row.customerId,
    status: row.status,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    trial_end: row.trialEnd?.toISOString() ?? null,
    current_period_end: row.currentPeriodEnd.toISOString(),
    canceled_at: row.canceledAt?.toISOString() ?? null,
    metadata: row.metadata,
    version: row.version,
  };
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** Why a card form is refused before any "charge", in the words a checkout page uses. */
function cardProblem(card: CardDetails, now: Date): string | null {
  if (!/^\d{12,19}$/.test(card.number)) return 'Your card number is incomplete.';
  if (!(card.number in TEST_CARDS)) return 'This is the sandbox: use one of the test cards listed below.';
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry);
  if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) return "Your card's expiration date is incomplete.";
  if (new Date(Date.UTC(2000 + Number(expiry[2]), Number(expiry[1]), 1)) <= now) return "Your card's expiration date is in the past.";
  if (!/^\d{3,4}$/.test(card.cvc)) return "Your card's security code is incomplete.";
  if (!card.postalCode.trim()) return 'Your postal code is incomplete.';
  return null;
}

/**
 * The built-in payment provider (docs/payments.md, "The sandbox provider"): a hosted checkout with test
 * cards, subscriptions with a free trial, renewals, retries and ends on its own clock, and signed
 * webhooks delivered to this server's endpoint, retried until accepted. It keeps its state in its
 * own tables, so it behaves the same across restarts and replicas. Its clock is the real time
 * plus an offset that an admin can advance (for demos and tests).
 */
@Injectable()
export class SandboxProvider implements OnModuleInit {
  private readonly logger = new Logger('SandboxProvider');

  constructor(
    private readonly repository: SandboxProviderRepository,
    private readonly jobs: JobQueue,
    private readonly secrets: ServerSecrets,
    private readonly http: HttpAdapterHost,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ eventId: string }>(DELIVERY_QUEUE, ({ eventId }) => this.deliver(eventId), { retryLimit: 10, retryDelaySeconds: 2 });
    this.jobs.register(CLOCK_QUEUE, () => this.tick().then(() => undefined), { cron: '* * * * *' });
  }

  async now(): Promise<Date> {
    return new Date(Date.now() + (await this.repository.clockOffsetMs()));
  }

  /** Moves the clock forward and runs everything that became due; returns the new time. */
  async advanceClock(seconds: number): Promise<{ now: Date; processed: number }> {
    await this.repository.advanceClock(seconds * 1000);
    const processed = await this.tick();
    return { now: await this.now(), processed };
  }

  async createSession(request: CheckoutRequest): Promise<{ id: string; url: string }> {
    const id = newId('cs_sandbox');
    await this.repository.insertSession(id, request);
    return { id, url: `/api/v1/sandbox-checkout/${id}` };
  }

  session(id: string) {
    return this.repository.findSession(id);
  }

  subscription(id: string) {
    return this.repository.findSubscription(id);
  }

  /** The checkout page's Pay button: test-card rules, then the subscription with its trial, or with its first period paid at once. */
  async pay(sessionId: string, card: CardDetails): Promise<PaymentOutcome> {
    const now = await this.now();
    const problem = cardProblem(card, new Date());
    if (problem) return { ok: false, status: 400, message: problem };
    const events: string[] = [];
    const outcome = await this.repository.transaction(async (manager): Promise<PaymentOutcome> => {
      const session = await this.repository.findSession(sessionId, manager, true);
      if (!session) return { ok: false, status: 404, message: 'This checkout does not exist.' };
      if (session.status !== 'open') return { ok: false, status: 409, message: 'This checkout is already complete.' };
      const { request } = session;
      const trial = request.trialDays > 0;
      const behaviour = TEST_CARDS[card.number as TestCard].behaviour;
      // Without a trial the first period is charged now: a card whose charges fail is declined here, as at a card provider.
      if (behaviour === 'declined' || (behaviour === 'renewals-fail' && !trial)) return { ok: false, status: 402, message: 'Your card was declined. Try another card.' };
      if (behaviour === 'retry' && session.failedAttempts === 0) {
        await this.repository.countFailedAttempt(manager, sessionId);
        return { ok: false, status: 402, message: 'An error occurred while processing your card. Try again in a little bit.' };
      }
      const trialEnd = trial ? new Date(now.getTime() + request.trialDays * DAY_MS) : null;
      const subscription = await this.repository.insertSubscription(manager, {
        id: newId('sub_sandbox'),
        customerId: request.customerId ?? newId('cus_sandbox'),
        status: trial ? 'trialing' : 'active',
        cancelAtPeriodEnd: false,
        trialEnd,
        currentPeriodEnd: trialEnd ?? addMonths(now, request.intervalMonths),
        amountCents: request.amountCents,
        intervalMonths: request.intervalMonths,
        cardLast4: card.number.slice(-4),
        metadata: { ...request.metadata, cardBehaviour: behaviour },
      });
      await this.repository.completeSession(manager, sessionId, subscription.id);
      if (!trial) events.push(await this.emit(manager, 'invoice.paid', { ...this.invoice(subscription), id: newId('in_sandbox'), status: 'paid' }));
      events.push(await this.emit(manager, 'customer.subscription.created', subscriptionObject(subscription)));
      events.push(await this.emit(manager, 'checkout.session.completed', { id: sessionId, object: 'checkout.session', status: 'complete', subscription: subscription.id }));
      return { ok: true, successUrl: request.successUrl };
    });
    await this.queueDeliveries(events);
    return outcome;
  }

  /**
   * The provider's "end the trial now": the first period falls due at once and is charged as a
   * renewal is (paid and active, or past due for a card whose renewals fail). A subscription no
   * longer in its trial is left as it is.
   */
  async endTrialNow(subscriptionId: string): Promise<SandboxSubscriptionRow | null> {
    const now = await this.now();
    const ended = await this.repository.transaction(async (manager) => {
      const current = await this.repository.findSubscription(subscriptionId, manager, true);
      if (current?.status !== 'trialing') return false;
      await this.repository.updateSubscription(manager, subscriptionId, { trialEnd: now, currentPeriodEnd: now });
      return true;
    });
    // The clock charges it, with the events a renewal sends.
    if (ended) await this.tick();
    return this.repository.findSubscription(subscriptionId);
  }

  /** The provider's cancel call: no renewal, the subscription ends when its period does. */
  async cancelAtPeriodEnd(subscriptionId: string): Promise<SandboxSubscriptionRow | null> {
    const events: string[] = [];
    const row = await this.repository.transaction(async (manager) => {
      const current = await this.repository.findSubscription(subscriptionId, manager, true);
      if (!current || current.cancelAtPeriodEnd || current.status === 'canceled') return current;
      const updated = await this.repository.updateSubscription(manager, subscriptionId, { cancelAtPeriodEnd: true, canceledAt: await this.now() });
      events.push(await this.emit(manager, 'customer.subscription.updated', subscriptionObject(updated)));
      return updated;
    });
    await this.queueDeliveries(events);
    return row;
  }

  /** Everything due on the sandbox clock: trial ends, renewals, retries, ends. Returns how many steps ran. */
  async tick(): Promise<number> {
    // A delivery whose job was lost is tried again here, every minute.
    for (const eventId of await this.repository.overdueEvents(100)) await this.deliver(eventId).catch(() => undefined);
    let steps = 0;
    // A clock advanced by a year runs twelve monthly renewals one after another; the bound stops a runaway.
    for (; steps < 10_000; steps++) {
      const now = await this.now();
      const events: string[] = [];
      const stepped = await this.repository.transaction(async (manager) => {
        const due = await this.repository.lockNextDue(manager, now);
        if (!due) return false;
        for (const [type, object] of await this.advance(manager, due, now)) events.push(await this.emit(manager, type, object));
        return true;
      });
      await this.queueDeliveries(events);
      if (!stepped) break;
    }
    return steps;
  }

  /** One due subscription's next step, and the events it sends. */
  private async advance(manager: EntityManager, due: SandboxSubscriptionRow, now: Date): Promise<[string, object][]> {
    const update = (change: SubscriptionChange) => this.repository.updateSubscription(manager, due.id, change);
    if (due.cancelAtPeriodEnd) {
      const ended = await update({ status: 'canceled' });
      return [['customer.subscription.deleted', subscriptionObject(ended)]];
    }
    const invoice = this.invoice(due);
    if (due.metadata.cardBehaviour !== 'renewals-fail') {
      const renewed = await update({ status: 'active', currentPeriodEnd: addMonths(due.currentPeriodEnd, due.intervalMonths), nextAttemptAt: null, failedRenewals: 0 });
      return [
        ['invoice.paid', { ...invoice, id: newId('in_sandbox'), status: 'paid' }],
        ['customer.subscription.updated', subscriptionObject(renewed)],
      ];
    }
    const failures = due.failedRenewals + 1;
    const failed = { ...invoice, id: newId('in_sandbox'), status: 'open', attempt_count: failures };
    if (failures >= RENEWAL_ATTEMPTS) {
      const ended = await update({ status: 'canceled', canceledAt: now, failedRenewals: failures, nextAttemptAt: null });
      return [['invoice.payment_failed', failed], ['customer.subscription.deleted', subscriptionObject(ended)]];
    }
    // Retries keep their schedule from the failed renewal, so a clock moved far ahead runs each of them.
    const failedAt = due.status === 'past_due' && due.nextAttemptAt ? due.nextAttemptAt : due.currentPeriodEnd;
    const pastDue = await update({ status: 'past_due', failedRenewals: failures, nextAttemptAt: new Date(failedAt.getTime() + RETRY_EVERY_DAYS * DAY_MS) });
    return [['invoice.payment_failed', failed], ['customer.subscription.updated', subscriptionObject(pastDue)]];
  }

  /** The invoice of one period of a subscription, as its events carry it. */
  private invoice(subscription: SandboxSubscriptionRow) {
    return { object: 'invoice', subscription: subscription.id, amount_due: subscription.amountCents, currency: 'usd' };
  }

  /** Stores an event in the same transaction as the change it reports; delivered after commit. */
  private async emit(manager: EntityManager, type: string, object: object): Promise<string> {
    const id = newId('evt_sandbox');
    const body = JSON.stringify({ id, object: 'event', type, created: (await this.now()).toISOString(), data: { object } });
    await this.repository.insertEvent(manager, id, type, body);
    return id;
  }

  /**
   * Each event is a job (retried with backoff until the endpoint accepts it) and is also tried at
   * once, so a webhook normally arrives within milliseconds; the job then finds it delivered.
   */
  private async queueDeliveries(eventIds: string[]): Promise<void> {
    for (const eventId of eventIds) {
      await this.jobs.send(DELIVERY_QUEUE, { eventId }, { singletonKey: eventId, startAfterSeconds: 5 });
      void this.deliver(eventId).catch(() => undefined);
    }
  }

  /** POSTs one event, signed, to this server's webhook endpoint; throws (for a retry) unless it answered 2xx. */
  async deliver(eventId: string): Promise<void> {
    const event = await this.repository.undeliveredEvent(eventId);
    if (!event) return;
    const fastify = this.http.httpAdapter.getInstance<FastifyInstance>();
    const response = await fastify.inject({
      method: 'POST',
      url: SANDBOX_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(this.secrets.sandboxWebhookKey, event.body) },
      payload: event.body,
    });
    const accepted = response.statusCode >= 200 && response.statusCode < 300;
    await this.repository.markDelivery(eventId, accepted ? null : `HTTP ${response.statusCode}`);
    if (!accepted) {
      this.logger.warn({ eventId, statusCode: response.statusCode }, 'sandbox webhook refused');
      throw new Error(`webhook endpoint answered ${response.statusCode}`);
    }
  }
}
