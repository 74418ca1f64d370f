import { queryOptions } from '@tanstack/react-query';
import { dataOf, shouldRetry } from './api-error';
import { api } from './client';
import type { components } from '@scholarmatch/sdk/schema';

/** One membership plan as GET /subscription-plans lists it (price: the monthly price, '$29'). */
export type Plan = components['schemas']['PlanDto'];
/** The applicant's membership, the first element of `userWithSubscription` (docs/api.md, "Memberships and payments"). */
export type SubscriptionRecord = components['schemas']['SubscriptionRecordDto'];
export type CurrentSubscription = components['schemas']['CurrentSubscriptionDto'];
export type CheckoutStarted = components['schemas']['CheckoutStartedDto'];
/** Whether the applicant can still have the free trial, and when they had it (docs/payments.md, "One free trial"). */
export type FreeTrial = components['schemas']['FreeTrialDto'];

async function fetchPlans(signal: AbortSignal): Promise<Plan[]> {
  return dataOf(await api.GET('/api/v1/subscription-plans', { signal }));
}

/** The plans offered (public). They change only when an admin edits them, so a visit reuses them for a while. */
export const plansQueryOptions = queryOptions({
  queryKey: ['subscription-plans'],
  queryFn: ({ signal }) => fetchPlans(signal),
  staleTime: 5 * 60_000,
  retry: shouldRetry,
});

export async function fetchCurrentSubscription(signal?: AbortSignal): Promise<CurrentSubscription> {
  return dataOf(await api.GET('/api/v1/user-payments/current-subscription', { signal }));
}

/**
 * The applicant's membership; under 'register-applicants' so that signing in or out drops it.
 * Asked again on each visit: a checkout, a renewal or a cancellation changes it from elsewhere.
 */
export const currentSubscriptionQueryOptions = queryOptions({
  queryKey: ['register-applicants', 'current-subscription'],
  queryFn: ({ signal }) => fetchCurrentSubscription(signal),
  staleTime: 0,
  retry: shouldRetry,
});

/** The affiliate link and traffic source kept in local storage (docs/decisions.md, "Memberships (web)", Checkout), when some earlier page stored them. */
function attribution(): { linkId?: string; sourceId?: string } {
  try {
    const linkId = localStorage.getItem('linkId') ?? undefined;
    const sourceId = localStorage.getItem('sourceId') ?? undefined;
    return { ...(linkId && { linkId }), ...(sourceId && { sourceId }) };
  } catch {
    return {};
  }
}

/** Opens the payment provider's checkout for a plan; the browser is then sent to `checkoutUrl`. */
export async function startCheckout(planId: string): Promise<CheckoutStarted> {
  return dataOf(await api.POST('/api/v1/user-payments/checkout', { body: { planId, ...attribution() } }));
}

/** Cancels at the end of the period: the answer is the record, benefits kept until `next_billing_date`. */
export async function cancelSubscription(record: Pick<SubscriptionRecord, 'subscribed_id' | 'payment_gateway'>): Promise<SubscriptionRecord> {
  return dataOf(
    await api.POST('/api/v1/user-payments/cancel-subscription/{subscribed_id}/{payment_gateway}', {
      params: { path: { subscribed_id: record.subscribed_id, payment_gateway: record.payment_gateway } },
    }),
  );
}
