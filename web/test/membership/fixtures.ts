import type { CurrentSubscription, FreeTrial, Plan, SubscriptionRecord } from '../../src/api/memberships';
import { apiAnswer } from '../scholarships/fixtures';

const BENEFITS = 'Scholarship details,Easy Apply to every match, Essay help ,Cancel anytime';

/** The three plans as GET /subscription-plans lists them; the yearly one has cents. */
export const PLANS: Plan[] = [
  { id: '00000000-0000-4000-9000-000000000001', title: 'Monthly Plan', price: '$29', productId: 'monthly', description: BENEFITS, priceId: 'price_monthly', mostPopular: false, intervalMonths: 1, billedAmount: '$29' },
  { id: '00000000-0000-4000-9000-000000000003', title: 'Quarterly Plan', price: '$19', productId: 'quarterly', description: BENEFITS, priceId: 'price_quarterly', mostPopular: true, intervalMonths: 3, billedAmount: '$57' },
  { id: '00000000-0000-4000-9000-000000000012', title: 'Yearly Plan', price: '$14.50', productId: 'yearly', description: BENEFITS, priceId: 'price_yearly', mostPopular: false, intervalMonths: 12, billedAmount: '$174' },
];
export const [MONTHLY, QUARTERLY, YEARLY] = PLANS;

export const PLANS_PATH = '/api/v1/subscription-plans';
export const CHECKOUT_PATH = '/api/v1/user-payments/checkout';
export const CURRENT_PATH = '/api/v1/user-payments/current-subscription';
export const CANCEL_PATH = '/api/v1/user-payments/cancel-subscription/{subscribed_id}/{payment_gateway}';
export const COUNT_PATH = '/api/v1/scholarships/mine-eligible-scholarships/count';

export const plansAnswer = () => apiAnswer(200, { statusCode: 200, data: PLANS });

/** The applicant's membership record; noon UTC, so the day is the same in every test machine's time zone. */
export function subscriptionRecord(overrides: Partial<SubscriptionRecord> = {}): SubscriptionRecord {
  return {
    is_active_subscription: true,
    subscribed_id: '5b0a3c1e-2d4f-4a6b-8c9d-0e1f2a3b4c5d',
    price: '$19',
    description: BENEFITS,
    payment_gateway: 'sandbox',
    status: 'active',
    title: 'Quarterly Plan',
    next_billing_date: '2027-03-05T12:00:00.000Z',
    trial_ends_at: null,
    ...overrides,
  };
}

/** A free trial still to have; `usedAt` (noon UTC) once it was used. */
export function freeTrial(usedAt: string | null = null): FreeTrial {
  return usedAt ? { available: false, days: 0, usedAt } : { available: true, days: 7, usedAt: null };
}

export function currentAnswer(record: SubscriptionRecord | null, trial: FreeTrial = freeTrial(record ? '2026-12-29T12:00:00.000Z' : null)) {
  const data: CurrentSubscription = { userWithSubscription: record ? [record] : [], isActiveSubscription: record?.is_active_subscription ?? false, freeTrial: trial };
  return apiAnswer(200, { statusCode: 200, data });
}
