import Stripe from 'stripe';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, type TestApp } from './test-app.js';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_spec';

/**
 * The same server with PAYMENTS_PROVIDER=stripe (docs/payments.md, "Switching to Stripe"): the
 * Stripe adapter verifies Stripe's signature and the membership follows its report; the sandbox's
 * checkout and clock are gone. Nothing here calls Stripe (the adapter's own spec uses a loopback fake).
 */
describe('memberships with Stripe as the provider', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;

  beforeAll(async () => {
    t = await startTestApp({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_spec', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const deliver = (event: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return t.app.inject({ method: 'POST', url: '/api/v1/payments/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
  };

  it("grants the membership from Stripe's signed report, refuses a wrong signature, and has no sandbox", async () => {
    const { session } = await api.signUp();
    const plan = (await api.call('GET', '/subscription-plans')).json().data[1];
    const now = Math.floor(Date.now() / 1000);
    const subscription = {
      id: 'sub_1StripeSpec',
      object: 'subscription',
      customer: 'cus_StripeSpec',
      status: 'trialing',
      cancel_at_period_end: false,
      trial_end: now + 7 * 86_400,
      canceled_at: null,
      items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_end: now + 7 * 86_400 }] },
      metadata: { userId: session.user.id, planId: plan.id },
    };
    const event = { id: 'evt_1StripeSpec', object: 'event', type: 'customer.subscription.created', created: now, data: { object: subscription } };

    const forged = await deliver(event, 'whsec_someone_else');
    expect([forged.statusCode, forged.json().errorCode]).toEqual([400, 'SIGNATURE_INVALID']);
    const delivered = await deliver(event);
    expect(delivered.json().data.outcome).toBe('processed');

    const current = (await api.call('GET', '/user-payments/current-subscription', { token: session.accessToken })).json().data;
    expect(current.userWithSubscription[0]).toMatchObject({ status: 'trialing', is_active_subscription: true, payment_gateway: 'stripe', title: 'Quarterly Plan' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sandbox-checkout/cs_sandbox_000000000000000000000000' })).statusCode).toBe(404);
    expect((await api.call('POST', '/payments/webhooks/sandbox', { body: {} })).statusCode).toBe(404);
  });
});
