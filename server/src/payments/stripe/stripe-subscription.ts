import type Stripe from 'stripe';
import type { GatewaySubscription, GatewaySubscriptionStatus, SubscriptionMetadata } from '../payment-gateway.js';

const KNOWN_STATUSES: readonly GatewaySubscriptionStatus[] = [
  'trialing',
  'active',
  'past_due',
  'unpaid',
  'canceled',
  'incomplete',
  'incomplete_expired',
  'paused',
];

/**
 * Stripe's status enum is open (it may grow without a new API version). A status we cannot name is
 * refused rather than guessed, so a new state never silently grants or revokes a membership.
 */
export class UnknownSubscriptionStatus extends Error {
  constructor(subscriptionId: string, status: string) {
    super(`Stripe reported subscription ${subscriptionId} in status "${status}", which this server does not know.`);
  }
}

/**
 * Reads a Stripe subscription (from an API answer or a webhook event) as the port's
 * GatewaySubscription. Pure: `version` is supplied by the caller (the event's creation time, or the
 * moment of an API answer), because Stripe keeps no change counter.
 */
export function toGatewaySubscription(subscription: Stripe.Subscription, version: number): GatewaySubscription {
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer),
    status: knownStatus(subscription),
    cancelAtPeriodEnd: subscription.cancel_at_period_end === true,
    trialEnd: fromUnixSeconds(subscription.trial_end),
    currentPeriodEnd: fromUnixSeconds(currentPeriodEnd(subscription)),
    canceledAt: fromUnixSeconds(subscription.canceled_at),
    metadata: ourMetadata(subscription.metadata),
    version,
  };
}

function knownStatus(subscription: Stripe.Subscription): GatewaySubscriptionStatus {
  const status = subscription.status as GatewaySubscriptionStatus;
  if (!KNOWN_STATUSES.includes(status)) throw new UnknownSubscriptionStatus(subscription.id, String(subscription.status));
  return status;
}

/**
 * Since API version 2025-03-31 the period lives on each subscription item; older versions (an
 * account or webhook endpoint pinned to one) still send it on the subscription. We sell one price
 * per subscription, so the first item's period is the subscription's.
 */
function currentPeriodEnd(subscription: Stripe.Subscription): number | null {
  const fromItem = subscription.items?.data?.[0]?.current_period_end;
  if (typeof fromItem === 'number') return fromItem;
  const legacy = (subscription as { current_period_end?: unknown }).current_period_end;
  return typeof legacy === 'number' ? legacy : null;
}

function idOf(reference: string | { id: string } | null | undefined): string | null {
  if (!reference) return null;
  return typeof reference === 'string' ? reference : reference.id;
}

function fromUnixSeconds(seconds: number | null | undefined): Date | null {
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

/** Only the two keys we put there at checkout; anything else in Stripe's metadata is not ours. */
function ourMetadata(metadata: Stripe.Metadata | null | undefined): Partial<SubscriptionMetadata> {
  const result: Partial<SubscriptionMetadata> = {};
  if (metadata?.userId) result.userId = metadata.userId;
  if (metadata?.planId) result.planId = metadata.planId;
  return result;
}
