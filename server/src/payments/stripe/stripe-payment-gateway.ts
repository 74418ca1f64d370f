import { freeTrialUsedText } from '@scholarmatch/schemas';
import Stripe from 'stripe';
import {
  type CheckoutRequest,
  type CheckoutSession,
  type CheckoutState,
  type GatewaySubscription,
  type PaymentEvent,
  GatewayUnavailable,
  PaymentGateway,
  WEBHOOK_TOLERANCE_SECONDS,
  WebhookRejected,
} from '../payment-gateway.js';
import { toGatewaySubscription } from './stripe-subscription.js';

export interface StripeGatewayOptions {
  /** sk_… or rk_… (a restricted key needs write access to Customers, Checkout Sessions and Subscriptions). */
  secretKey: string;
  /** The webhook endpoint's signing secret, whsec_…. */
  webhookSecret: string;
  /** Another address for Stripe's API (a loopback test double); unset: api.stripe.com. */
  apiUrl?: string;
  /** Per request; a checkout page must not hang on a slow provider. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;
const SIGNATURE_HEADER = 'stripe-signature';

/** The events whose object is a subscription; every other event is stored and ignored. */
const SUBSCRIPTION_EVENTS = new Set([
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.subscription.trial_will_end',
]);

/** The PaymentGateway port over Stripe Billing: hosted Checkout in subscription mode, signed webhooks. */
export class StripePaymentGateway extends PaymentGateway {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(options: StripeGatewayOptions) {
    super();
    if (!options.secretKey || !options.webhookSecret) {
      throw new Error('The Stripe gateway needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
    }
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      // One retry rides out a dropped connection; the SDK adds an idempotency key to retried POSTs,
      // so a retried customer or session is not created twice. More would keep the applicant waiting.
      maxNetworkRetries: 1,
      ...(options.apiUrl ? apiAddress(options.apiUrl) : {}),
    });
  }

  async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
    const customerId = request.customerId ?? (await this.createCustomer(request));
    const session = await this.call('create a checkout session', () =>
      this.stripe.checkout.sessions.create(checkoutParams(request, customerId)),
    );
    if (!session.url) throw new GatewayUnavailable('Stripe created a checkout session without a payment page URL.');
    return { id: session.id, url: session.url };
  }

  async retrieveCheckout(sessionId: string): Promise<CheckoutState> {
    const session = await this.call('read a checkout session', () =>
      this.stripe.checkout.sessions.retrieve(sessionId, { expand: ['subscription'] }),
    );
    const subscription = session.subscription;
    return {
      status: checkoutStatus(session.status),
      subscription:
        subscription && typeof subscription === 'object' ? this.fromApi('read a checkout session', subscription) : null,
    };
  }

  async cancelAtPeriodEnd(subscriptionId: string): Promise<GatewaySubscription> {
    const subscription = await this.call('cancel a subscription at its period end', () =>
      this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: true }),
    );
    return this.fromApi('cancel a subscription at its period end', subscription);
  }

  parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentEvent {
    const signature = headerValue(headers, SIGNATURE_HEADER);
    if (!signature) {
      throw new WebhookRejected('The webhook has no Stripe-Signature header, so it cannot be verified.', 'SIGNATURE_MISSING');
    }
    return toPaymentEvent(this.verifiedEvent(rawBody, signature));
  }

  async now(): Promise<Date> {
    return new Date();
  }

  /**
   * The fingerprint of the subscription's default payment method (Checkout saves the card it took
   * there), the same for every copy of one card number across Stripe customers.
   */
  async cardFingerprint(subscriptionId: string): Promise<string | null> {
    const subscription = await this.call("read a subscription's card", () =>
      this.stripe.subscriptions.retrieve(subscriptionId, { expand: ['default_payment_method'] }),
    );
    const method = subscription.default_payment_method;
    return method && typeof method === 'object' ? (method.card?.fingerprint ?? null) : null;
  }

  /** `trial_end: 'now'`: Stripe ends the trial and invoices the first period at once. */
  async endTrialNow(subscriptionId: string): Promise<GatewaySubscription> {
    const subscription = await this.call('end a trial now', () => this.stripe.subscriptions.update(subscriptionId, { trial_end: 'now' }));
    return this.fromApi('end a trial now', subscription);
  }

  private async createCustomer(request: CheckoutRequest): Promise<string> {
    const customer = await this.call('create a customer', () =>
      this.stripe.customers.create({
        email: request.customerEmail,
        address: {
          country: request.countryCode,
          ...(request.postalCode ? { postal_code: request.postalCode } : {}),
        },
        metadata: { userId: request.metadata.userId },
      }),
    );
    return customer.id;
  }

  /**
   * An API answer carries no event time: it is the state at the moment we read it, so that moment
   * orders it after every event created before (event versions are their creation time in ms).
   */
  private fromApi(operation: string, subscription: Stripe.Subscription): GatewaySubscription {
    try {
      return toGatewaySubscription(subscription, Date.now());
    } catch (error) {
      throw new GatewayUnavailable(`Stripe answered the request to ${operation} with ${(error as Error).message}`);
    }
  }

  /** Runs one SDK call; any failure becomes GatewayUnavailable naming the operation, never the key. */
  private async call<T>(operation: string, request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw new GatewayUnavailable(`Stripe could not ${operation}: ${describeFailure(error)}`);
    }
  }

  private verifiedEvent(rawBody: string, signature: string): Stripe.Event {
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw malformed(error);
      if (this.signatureMatchesIgnoringAge(rawBody, signature)) {
        throw new WebhookRejected(
          `The webhook was signed more than ${WEBHOOK_TOLERANCE_SECONDS} seconds ago; a late or replayed delivery is refused.`,
          'SIGNATURE_EXPIRED',
        );
      }
      throw new WebhookRejected("The webhook signature does not match this endpoint's secret.", 'SIGNATURE_INVALID');
    }
  }

  /**
   * The SDK reports an old timestamp and a wrong signature with the same error class; checking the
   * signature again with no age limit (tolerance 0) tells them apart without reading its message.
   */
  private signatureMatchesIgnoringAge(rawBody: string, signature: string): boolean {
    try {
      return this.stripe.webhooks.signature?.verifyHeader(rawBody, signature, this.webhookSecret, 0) === true;
    } catch {
      return false;
    }
  }
}

function checkoutParams(request: CheckoutRequest, customerId: string): Stripe.Checkout.SessionCreateParams {
  const { userId, planId, linkId, sourceId } = request.metadata;
  return {
    mode: 'subscription',
    customer: customerId,
    client_reference_id: userId,
    line_items: [{ price: request.priceId, quantity: 1 }],
    subscription_data: {
      // Stripe refuses 0 (the minimum is 1): no trial is said by leaving the field out.
      ...(request.trialDays > 0 ? { trial_period_days: request.trialDays } : {}),
      metadata: { userId, planId },
    },
    metadata: { userId, planId, ...(linkId ? { linkId } : {}), ...(sourceId ? { sourceId } : {}) },
    // Stripe's page shows what is due today by itself; beside its button it also says why nothing is free.
    ...(request.trialDays === 0 && request.trialUsedAt ? { custom_text: { submit: { message: `${freeTrialUsedText(request.trialUsedAt, 'UTC')}.` } } } : {}),
    // Kept byte for byte: it may carry Stripe's {CHECKOUT_SESSION_ID} placeholder.
    success_url: request.successUrl,
    cancel_url: request.cancelUrl,
  };
}

/** 'open' for anything not finished (including a status newer than this code): it grants nothing. */
function checkoutStatus(status: string | null): CheckoutState['status'] {
  if (status === 'complete' || status === 'expired') return status;
  return 'open';
}

function toPaymentEvent(event: Stripe.Event): PaymentEvent {
  if (typeof event?.id !== 'string' || typeof event.type !== 'string' || typeof event.created !== 'number') {
    throw new WebhookRejected('The webhook body is not a Stripe event (it lacks an id, type or creation time).', 'EVENT_MALFORMED');
  }
  return {
    id: event.id,
    type: event.type,
    occurredAt: new Date(event.created * 1000),
    subscription: SUBSCRIPTION_EVENTS.has(event.type) ? eventSubscription(event) : null,
    payload: event,
  };
}

/** Stripe has no change counter: the event's creation time (ms) orders two reports of one subscription. */
function eventSubscription(event: Stripe.Event): GatewaySubscription {
  const object = (event.data as { object?: { object?: unknown } } | undefined)?.object;
  if (object?.object !== 'subscription') {
    throw new WebhookRejected(`The ${event.type} event does not carry a subscription.`, 'EVENT_MALFORMED');
  }
  try {
    return toGatewaySubscription(object as Stripe.Subscription, event.created * 1000);
  } catch (error) {
    throw new WebhookRejected(`The ${event.type} event cannot be read: ${(error as Error).message}`, 'EVENT_MALFORMED');
  }
}

function malformed(error: unknown): WebhookRejected {
  const reason = error instanceof SyntaxError ? 'it is not valid JSON' : (error as Error).message;
  return new WebhookRejected(`The webhook body cannot be read as a Stripe event: ${reason}`, 'EVENT_MALFORMED');
}

/** Node lower-cases header names, but callers (tests, other adapters) may not. */
function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  // A repeated header arrives as an array; Stripe's format is a comma list, so joining keeps every signature.
  return Array.isArray(value) ? value.join(',') : value;
}

/** STRIPE_API_URL -> the SDK's host/port/protocol (it takes no base path). */
function apiAddress(apiUrl: string): Pick<Stripe.StripeConfig, 'host' | 'port' | 'protocol'> {
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : url.protocol === 'https:' ? 'https' : null;
  if (!protocol || (url.pathname !== '/' && url.pathname !== '')) {
    throw new Error(`STRIPE_API_URL must be http(s)://host[:port] with no path, not ${apiUrl}.`);
  }
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/** Enough to diagnose (status, Stripe's code and message, request id) with any key-like token masked. */
function describeFailure(error: unknown): string {
  if (error instanceof Stripe.errors.StripeConnectionError) return 'the connection failed or timed out.';
  if (error instanceof Stripe.errors.StripeError) {
    const facts = [error.statusCode && `HTTP ${error.statusCode}`, error.code, error.requestId].filter(Boolean).join(', ');
    return `${redactKeys(error.message)}${facts ? ` (${facts})` : ''}`;
  }
  return redactKeys(error instanceof Error ? error.message : String(error));
}

function redactKeys(text: string): string {
  return text.replace(/\b(?:sk|rk|pk)_(?:test|live)_\S*|\bwhsec_\S*/g, '[redacted key]');
}
