import { formatDayMonthYear } from '@scholarmatch/schemas';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { accountClient } from './accounts-helpers.js';
import { eventually, startTestApp, type TestApp } from './test-app.js';

const WEBHOOK_SECRET = 'whsec_test_secret_for_the_spec';
const DAY = 86_400;

type StripeSubscription = { id: string; metadata: Record<string, string> } & Record<string, unknown>;

/**
 * A loopback stand-in for the Stripe API calls the server makes after a webhook or at checkout:
 * the subscriptions it was told about (each paid with a card of a given fingerprint), ending a
 * trial, customers and checkout sessions. It records every request.
 */
class LoopbackStripe {
  readonly requests: { route: string; body: URLSearchParams }[] = [];
  private readonly subscriptions = new Map<string, { subscription: StripeSubscription; fingerprint: string }>();
  private readonly server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const route = `${req.method} ${new URL(req.url ?? '/', 'http://127.0.0.1').pathname}`;
      const body = new URLSearchParams(raw);
      this.requests.push({ route, body });
      const [status, answer] = this.answer(route, body);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_loopback' }).end(JSON.stringify(answer));
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** A subscription Stripe holds, paid with a card of this fingerprint. */
  hold(subscription: StripeSubscription, fingerprint: string): void {
    this.subscriptions.set(subscription.id, { subscription, fingerprint });
  }

  private answer(route: string, body: URLSearchParams): [number, unknown] {
    if (route === 'POST /v1/customers') return [200, { id: 'cus_loopback', object: 'customer' }];
    if (route === 'POST /v1/checkout/sessions') return [200, { id: 'cs_test_loopback', object: 'checkout.session', status: 'open', url: 'https://checkout.stripe.test/c/pay/cs_test_loopback' }];
    const id = /^(?:GET|POST) \/v1\/subscriptions\/([^/]+)$/.exec(route)?.[1];
    const held = id ? this.subscriptions.get(id) : undefined;
    if (!held) return [404, { error: { type: 'invalid_request_error', message: `No such request: ${route}` } }];
    if (route.startsWith('GET')) {
      return [200, { ...held.subscription, default_payment_method: { id: 'pm_loopback', object: 'payment_method', type: 'card', card: { fingerprint: held.fingerprint } } }];
    }
    if (body.get('trial_end') === 'now') {
      held.subscription = { ...held.subscription, status: 'active', trial_end: Math.floor(Date.now() / 1000) };
      return [200, held.subscription];
    }
    return [400, { error: { type: 'invalid_request_error', message: 'Not expected by this spec.' } }];
  }
}

/**
 * The same server with PAYMENTS_PROVIDER=stripe (docs/payments.md, "Switching to Stripe"): the
 * Stripe adapter verifies Stripe's signature and the membership follows its report; the sandbox's
 * checkout and clock are gone. Stripe's API is a loopback stand-in: nothing here calls Stripe.
 */
describe('memberships with Stripe as the provider', () => {
  const stripe = new LoopbackStripe();
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let planId: string;

  beforeAll(async () => {
    const apiUrl = await stripe.start();
    t = await startTestApp({ PAYMENTS_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_spec', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: apiUrl, AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    planId = (await api.call('GET', '/subscription-plans')).json().data[1].id;
  });
  afterAll(async () => {
    await t?.close();
    await stripe.stop();
  });

  const deliver = (event: object, secret = WEBHOOK_SECRET) => {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return t.app.inject({ method: 'POST', url: '/api/v1/payments/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, payload });
  };
  const current = async (token: string) => (await api.call('GET', '/user-payments/current-subscription', { token })).json().data;

  let eventCount = 0;
  /** A subscription in its 7-day trial, as Stripe's events carry it. */
  function trialing(id: string, userId: string): StripeSubscription {
    const now = Math.floor(Date.now() / 1000);
    return {
      id,
      object: 'subscription',
      customer: `cus_${id}`,
      status: 'trialing',
      cancel_at_period_end: false,
      trial_end: now + 7 * DAY,
      canceled_at: null,
      items: { object: 'list', data: [{ id: `si_${id}`, object: 'subscription_item', current_period_end: now + 7 * DAY }] },
      metadata: { userId, planId },
    };
  }
  const event = (type: string, subscription: object) => ({ id: `evt_${++eventCount}_${Date.now()}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object: subscription } });
  const cardRecords = async () => (await t.sql.query(`SELECT fingerprint, gateway_subscription_id AS "subscriptionId" FROM trial_card_fingerprints ORDER BY created_at`)).rows;

  it("grants the membership from Stripe's signed report, refuses a wrong signature, and has no sandbox", async () => {
    const { session } = await api.signUp();
    const subscription = trialing('sub_1StripeSpec', session.user.id);
    stripe.hold(subscription, 'fp_spec_card');
    const created = event('customer.subscription.created', subscription);

    const forged = await deliver(created, 'whsec_someone_else');
    expect([forged.statusCode, forged.json().errorCode]).toEqual([400, 'SIGNATURE_INVALID']);
    const delivered = await deliver(created);
    expect(delivered.json().data.outcome).toBe('processed');

    expect((await current(session.accessToken)).userWithSubscription[0]).toMatchObject({ status: 'trialing', is_active_subscription: true, payment_gateway: 'stripe', title: 'Quarterly Plan' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sandbox-checkout/cs_sandbox_000000000000000000000000' })).statusCode).toBe(404);
    expect((await api.call('POST', '/payments/webhooks/sandbox', { body: {} })).statusCode).toBe(404);
  });

  describe('one free trial per person and per card', () => {
    let first: { token: string; subscription: StripeSubscription };

    beforeAll(async () => {
      const { session } = await api.signUp();
      first = { token: session.accessToken, subscription: trialing('sub_FirstTrial', session.user.id) };
      stripe.hold(first.subscription, 'fp_shared_card');
      await deliver(event('customer.subscription.created', first.subscription));
      // The card of a first trial is recorded as having had one.
      await eventually(async () => expect(await cardRecords()).toContainEqual({ fingerprint: 'fp_shared_card', subscriptionId: 'sub_FirstTrial' }));
    });

    it("ends at once another person's trial paid with a card that had one", async () => {
      const { session } = await api.signUp();
      const second = trialing('sub_SameCard', session.user.id);
      stripe.hold(second, 'fp_shared_card');
      expect((await deliver(event('customer.subscription.created', second))).json().data.outcome).toBe('processed');

      await eventually(async () => expect(stripe.requests.filter((r) => r.route === 'POST /v1/subscriptions/sub_SameCard').map((r) => r.body.get('trial_end'))).toEqual(['now']));
      await eventually(async () => expect((await current(session.accessToken)).userWithSubscription[0]).toMatchObject({ status: 'active', is_active_subscription: true }));
      // The first trial keeps its days.
      expect(stripe.requests.some((r) => r.route === 'POST /v1/subscriptions/sub_FirstTrial')).toBe(false);
      expect((await current(first.token)).userWithSubscription[0].status).toBe('trialing');
    });

    it('leaves a trial paid with a new card alone', async () => {
      const { session } = await api.signUp();
      const fresh = trialing('sub_NewCard', session.user.id);
      stripe.hold(fresh, 'fp_new_card');
      await deliver(event('customer.subscription.created', fresh));
      await eventually(async () => expect(await cardRecords()).toContainEqual({ fingerprint: 'fp_new_card', subscriptionId: 'sub_NewCard' }));
      expect(stripe.requests.some((r) => r.route === 'POST /v1/subscriptions/sub_NewCard')).toBe(false);
      expect((await current(session.accessToken)).userWithSubscription[0].status).toBe('trialing');
    });

    it('asks Stripe for no trial for a person who had theirs, and says why beside the button', async () => {
      await deliver(event('customer.subscription.deleted', { ...first.subscription, status: 'canceled', canceled_at: Math.floor(Date.now() / 1000) }));
      await eventually(async () => expect((await current(first.token)).isActiveSubscription).toBe(false));
      const { freeTrial } = await current(first.token);
      expect(freeTrial).toEqual({ available: false, days: 0, usedAt: expect.any(String) });

      const opened = await api.call('POST', '/user-payments/checkout', { body: { planId }, token: first.token });
      expect(opened.statusCode).toBe(201);
      const session = stripe.requests.filter((r) => r.route === 'POST /v1/checkout/sessions').at(-1)!.body;
      expect(session.has('subscription_data[trial_period_days]')).toBe(false);
      expect(session.get('custom_text[submit][message]')).toBe(`Your free trial was used on ${formatDayMonthYear(freeTrial.usedAt, 'UTC')}.`);
      expect(session.get('customer')).toBe('cus_sub_FirstTrial');
    });
  });
});
