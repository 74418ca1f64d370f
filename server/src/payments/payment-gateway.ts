/**
 * The payment provider, behind one port (docs/payments.md, "The pieces"): the built-in sandbox by default,
 * Stripe when PAYMENTS_PROVIDER=stripe (docs/payments.md). The rest of the server speaks only these
 * types: a subscription as the provider sees it, and events about it.
 *
 * Only two things grant a membership: a webhook whose signature `parseWebhook` verified, and an
 * answer the server itself asked the provider for (`retrieveCheckout`). Never the browser.
 */

export type GatewayName = 'sandbox' | 'stripe';

/** A provider's own subscription statuses (Stripe's vocabulary, which the sandbox speaks too). */
export type GatewaySubscriptionStatus =
  | 'trialing'
  | 'active'
  | 'past_due'
  | 'unpaid'
  | 'canceled'
  | 'incomplete'
  | 'incomplete_expired'
  | 'paused';

/** What we attach to a checkout so the provider's subscription names its applicant and plan. */
export interface SubscriptionMetadata {
  userId: string;
  planId: string;
}

/** A subscription as the provider reports it at one moment. */
export interface GatewaySubscription {
  id: string;
  customerId: string | null;
  status: GatewaySubscriptionStatus;
  /** Ends at `currentPeriodEnd` instead of renewing (cancelled by the applicant). */
  cancelAtPeriodEnd: boolean;
  trialEnd: Date | null;
  currentPeriodEnd: Date | null;
  canceledAt: Date | null;
  metadata: Partial<SubscriptionMetadata>;
  /**
   * Orders two reports of one subscription: a larger version is newer. The sandbox counts its
   * changes; Stripe has no counter, so its adapter uses the event's creation time in milliseconds.
   */
  version: number;
}

/** A webhook event, verified and reduced to what the server acts on. */
export interface PaymentEvent {
  /** The provider's event id: the same id twice is one event (idempotency). */
  id: string;
  type: string;
  occurredAt: Date;
  /** The subscription the event reports, when it reports one (else it is stored and ignored). */
  subscription: GatewaySubscription | null;
  /** The raw event, kept for audit. */
  payload: unknown;
}

export interface CheckoutRequest {
  /** The provider's price id of the plan (from our plans table, never from the browser). */
  priceId: string;
  /** What one period costs and its length, for providers (the sandbox) that take them inline. */
  amountCents: number;
  intervalMonths: number;
  planTitle: string;
  /** 7, or 0 for a person who has had their free trial (docs/payments.md, "One free trial"). */
  trialDays: number;
  /** When that person's trial was taken (ISO 8601), for the checkout page to say so; null otherwise. */
  trialUsedAt: string | null;
  customerEmail: string;
  /** The provider's customer id from an earlier checkout, reused when known. */
  customerId: string | null;
  countryCode: string;
  postalCode: string | null;
  metadata: SubscriptionMetadata & { linkId?: string; sourceId?: string };
  /** Absolute URLs the provider sends the browser back to. */
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutSession {
  id: string;
  /** Where the browser goes to pay. */
  url: string;
}

export interface CheckoutState {
  status: 'open' | 'complete' | 'expired';
  subscription: GatewaySubscription | null;
}

/** A webhook the provider did not sign, signed too long ago, or that cannot be read: answered 400. */
export class WebhookRejected extends Error {
  constructor(
    readonly description: string,
    readonly errorCode: 'SIGNATURE_MISSING' | 'SIGNATURE_INVALID' | 'SIGNATURE_EXPIRED' | 'EVENT_MALFORMED',
  ) {
    super(description);
  }
}

/** A provider call that failed or timed out: answered 502 with a description, the request is not lost. */
export class GatewayUnavailable extends Error {}

/** How old a webhook's signed timestamp may be (seconds), as Stripe's own default tolerance. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export abstract class PaymentGateway {
  abstract readonly name: GatewayName;

  /** Opens a hosted checkout for a subscription, with a free trial when `trialDays` is above 0. */
  abstract createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;

  /** Asks the provider how a checkout ended (the success page's server-side check). */
  abstract retrieveCheckout(sessionId: string): Promise<CheckoutState>;

  /** Stops renewal: the subscription ends at its period's end. Returns the provider's new state. */
  abstract cancelAtPeriodEnd(subscriptionId: string): Promise<GatewaySubscription>;

  /**
   * Verifies a webhook's signature over its exact bytes (tolerance WEBHOOK_TOLERANCE_SECONDS) and
   * reads it. Throws WebhookRejected.
   */
  abstract parseWebhook(rawBody: string, headers: Record<string, string | string[] | undefined>): PaymentEvent;

  /** The provider's clock: trials and periods end by it (the sandbox's can be advanced). */
  abstract now(): Promise<Date>;

  /**
   * The fingerprint of the card paying for a subscription, the same for every copy of one card
   * number, when the provider identifies cards (Stripe); null when it does not (the sandbox, whose
   * test cards everyone shares) or the subscription has no card yet.
   */
  abstract cardFingerprint(subscriptionId: string): Promise<string | null>;

  /**
   * Ends a subscription's free trial now, so its first period is billed at once (a trial the rules
   * say this person or card has had already). Returns the provider's new state.
   */
  abstract endTrialNow(subscriptionId: string): Promise<GatewaySubscription>;
}
