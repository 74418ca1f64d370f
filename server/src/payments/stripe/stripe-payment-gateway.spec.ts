import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { type CheckoutRequest, GatewayUnavailable, WebhookRejected } from '../payment-gateway.js';
import { StripePaymentGateway } from './stripe-payment-gateway.js';
import { toGatewaySubscription, UnknownSubscriptionStatus } from './stripe-subscription.js';

const SECRET_KEY = 'sk_test_fake_51FakeKeyForLoopbackOnly';
const WEBHOOK_SECRET = 'whsec_fake_loopback_secret';
const TRIAL_END = 1_800_000_000;
const PERIOD_END = 1_800_000_000;

/** A Stripe subscription as API version 2025-03-31 and later shape it: the period is on the item. */
function trialingSubscription(overrides: Record<string, unknown> = {}) {
  return {
    id: 'sub_123',
    object: 'subscription',
    customer: 'cus_existing',
    status: 'trialing',
    cancel_at_period_end: false,
    canceled_at: null,
    trial_end: TRIAL_END,
    items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', current_period_end: PERIOD_END }] },
    metadata: { userId: 'user-1', planId: 'plan-1', unrelated: 'x' },
    ...overrides,
  };
}

interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: URLSearchParams;
  headers: IncomingHttpHeaders;
}

/**
 * A loopback stand-in for the four Stripe endpoints the adapter calls. It records each request's
 * form-encoded body, and can answer 500, 401 (quoting the key, as Stripe does) or not at all.
 */
class FakeStripeApi {
  requests: RecordedRequest[] = [];
  behaviour: 'normal' | 'error500' | 'unauthorized' | 'silent' = 'normal';
  /** The fingerprint of the card saved on every subscription; null: no card saved. */
  cardFingerprint: string | null = 'fp_card_1';
  private server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const recorded = { method: req.method ?? '', path: url.pathname, query: url.searchParams, body: new URLSearchParams(raw), headers: req.headers };
      this.requests.push(recorded);
      this.answer(recorded, res);
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

  private answer(request: RecordedRequest, res: ServerResponse): void {
    if (this.behaviour === 'silent') return;
    if (this.behaviour === 'error500') return send(res, 500, { error: { type: 'api_error', message: 'Something went wrong on our end.' } });
    if (this.behaviour === 'unauthorized') {
      return send(res, 401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${SECRET_KEY}` } });
    }
    const route = `${request.method} ${request.path}`;
    if (route === 'POST /v1/customers') return send(res, 200, { id: 'cus_new', object: 'customer', email: request.body.get('email') });
    if (route === 'POST /v1/checkout/sessions') {
      return send(res, 200, { id: 'cs_test_1', object: 'checkout.session', status: 'open', url: 'https://checkout.stripe.test/c/pay/cs_test_1', subscription: null });
    }
    const session = /^GET \/v1\/checkout\/sessions\/([^/]+)$/.exec(route);
    if (session) {
      const expanded = request.query.getAll('expand[0]').includes('subscription');
      return send(res, 200, { id: session[1], object: 'checkout.session', status: 'complete', subscription: expanded ? trialingSubscription() : 'sub_123' });
    }
    const read = /^GET \/v1\/subscriptions\/([^/]+)$/.exec(route);
    if (read) {
      const card = this.cardFingerprint ? { id: 'pm_1', object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242', fingerprint: this.cardFingerprint } } : null;
      const expanded = request.query.getAll('expand[0]').includes('default_payment_method');
      return send(res, 200, trialingSubscription({ id: read[1], default_payment_method: card && !expanded ? card.id : card }));
    }
    const subscription = /^POST \/v1\/subscriptions\/([^/]+)$/.exec(route);
    if (subscription && request.body.get('trial_end') === 'now') {
      return send(res, 200, trialingSubscription({ id: subscription[1], status: 'active', trial_end: 1_790_000_000 }));
    }
    if (subscription) {
      const cancel = request.body.get('cancel_at_period_end') === 'true';
      return send(res, 200, trialingSubscription({ id: subscription[1], cancel_at_period_end: cancel, canceled_at: cancel ? 1_790_000_000 : null }));
    }
    send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${route}).` } });
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_fake' }).end(JSON.stringify(body));
}

function checkoutRequest(overrides: Partial<CheckoutRequest> = {}): CheckoutRequest {
  return {
    priceId: 'price_monthly',
    amountCents: 999,
    intervalMonths: 1,
    planTitle: 'Monthly',
    trialDays: 7,
    trialUsedAt: null,
    customerEmail: 'ada@example.org',
    customerId: null,
    countryCode: 'US',
    postalCode: '94107',
    metadata: { userId: 'user-1', planId: 'plan-1', linkId: 'link-9' },
    successUrl: 'http://localhost:3000/membership/success?session_id={CHECKOUT_SESSION_ID}&plan=monthly',
    cancelUrl: 'http://localhost:3000/membership?cancelled=1',
    ...overrides,
  };
}

describe('StripePaymentGateway against a loopback Stripe API', () => {
  const fake = new FakeStripeApi();
  let gateway: StripePaymentGateway;
  let apiUrl: string;

  beforeAll(async () => {
    apiUrl = await fake.start();
    gateway = new StripePaymentGateway({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl, timeoutMs: 300 });
  });
  afterAll(() => fake.stop());
  beforeEach(() => {
    fake.requests = [];
    fake.behaviour = 'normal';
    fake.cardFingerprint = 'fp_card_1';
  });

  describe('createCheckout', () => {
    it('creates the customer, then a subscription checkout with a 7-day trial, and returns its page', async () => {
      const session = await gateway.createCheckout(checkoutRequest());

      expect(session).toEqual({ id: 'cs_test_1', url: 'https://checkout.stripe.test/c/pay/cs_test_1' });
      expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/customers', 'POST /v1/checkout/sessions']);
      const [customer, checkout] = fake.requests.map((r) => r.body);
      expect(customer.get('email')).toBe('ada@example.org');
      expect(customer.get('address[country]')).toBe('US');
      expect(customer.get('address[postal_code]')).toBe('94107');
      expect(customer.get('metadata[userId]')).toBe('user-1');
      expect(checkout.get('mode')).toBe('subscription');
      expect(checkout.get('customer')).toBe('cus_new');
      expect(checkout.get('client_reference_id')).toBe('user-1');
      expect(checkout.get('line_items[0][price]')).toBe('price_monthly');
      expect(checkout.get('line_items[0][quantity]')).toBe('1');
      expect(checkout.get('subscription_data[trial_period_days]')).toBe('7');
      expect(checkout.get('subscription_data[metadata][userId]')).toBe('user-1');
      expect(checkout.get('subscription_data[metadata][planId]')).toBe('plan-1');
      expect(checkout.get('metadata[userId]')).toBe('user-1');
      expect(checkout.get('metadata[planId]')).toBe('plan-1');
      expect(checkout.get('metadata[linkId]')).toBe('link-9');
      expect(checkout.has('metadata[sourceId]')).toBe(false);
      expect(checkout.get('success_url')).toBe('http://localhost:3000/membership/success?session_id={CHECKOUT_SESSION_ID}&plan=monthly');
      expect(checkout.get('cancel_url')).toBe('http://localhost:3000/membership?cancelled=1');
    });

    it('authenticates every call with the secret key as a bearer token', async () => {
      await gateway.createCheckout(checkoutRequest());

      expect(fake.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${SECRET_KEY}`, `Bearer ${SECRET_KEY}`]);
    });

    it('reuses a known customer instead of creating one', async () => {
      await gateway.createCheckout(checkoutRequest({ customerId: 'cus_existing', metadata: { userId: 'user-1', planId: 'plan-1', sourceId: 'src-3' } }));

      expect(fake.requests.map((r) => r.path)).toEqual(['/v1/checkout/sessions']);
      expect(fake.requests[0].body.get('customer')).toBe('cus_existing');
      expect(fake.requests[0].body.get('metadata[sourceId]')).toBe('src-3');
    });

    it('leaves the postal code out when the applicant has none', async () => {
      await gateway.createCheckout(checkoutRequest({ postalCode: null }));

      expect(fake.requests[0].body.get('address[country]')).toBe('US');
      expect(fake.requests[0].body.has('address[postal_code]')).toBe(false);
    });
    it('sends no trial for a plan without one (Stripe refuses 0 days)', async () => {
      await gateway.createCheckout(checkoutRequest({ customerId: 'cus_existing', trialDays: 0 }));

      expect(fake.requests[0].body.has('subscription_data[trial_period_days]')).toBe(false);
      expect(fake.requests[0].body.get('subscription_data[metadata][planId]')).toBe('plan-1');
    });

    it("says beside Stripe's button when the person's free trial was used", async () => {
      await gateway.createCheckout(checkoutRequest({ customerId: 'cus_existing', trialDays: 0, trialUsedAt: '2027-03-05T12:00:00.000Z' }));

      expect(fake.requests[0].body.has('subscription_data[trial_period_days]')).toBe(false);
      expect(fake.requests[0].body.get('custom_text[submit][message]')).toBe('Your free trial was used on 05 March, 2027.');
    });

    it('adds no text to a checkout with a trial', async () => {
      await gateway.createCheckout(checkoutRequest({ customerId: 'cus_existing' }));

      expect([...fake.requests[0].body.keys()].filter((key) => key.startsWith('custom_text'))).toEqual([]);
    });
  });

  describe('cardFingerprint', () => {
    it("reads the fingerprint of the subscription's saved card", async () => {
      expect(await gateway.cardFingerprint('sub_123')).toBe('fp_card_1');

      expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/subscriptions/sub_123']);
      expect(fake.requests[0].query.get('expand[0]')).toBe('default_payment_method');
    });

    it('is null when the subscription has no saved card', async () => {
      fake.cardFingerprint = null;

      expect(await gateway.cardFingerprint('sub_123')).toBeNull();
    });
  });

  describe('endTrialNow', () => {
    it("sets the trial's end to now and returns the billed subscription", async () => {
      const subscription = await gateway.endTrialNow('sub_123');

      expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/subscriptions/sub_123']);
      expect(fake.requests[0].body.get('trial_end')).toBe('now');
      expect(subscription).toMatchObject({ id: 'sub_123', status: 'active', trialEnd: new Date(1_790_000_000_000) });
    });
  });

  describe('retrieveCheckout', () => {
    it('expands the subscription and maps it, taking the period end from its item', async () => {
      const before = Date.now();
      const state = await gateway.retrieveCheckout('cs_test_1');

      expect(fake.requests[0].method).toBe('GET');
      expect(fake.requests[0].path).toBe('/v1/checkout/sessions/cs_test_1');
      expect(fake.requests[0].query.get('expand[0]')).toBe('subscription');
      expect(state.status).toBe('complete');
      expect(state.subscription).toEqual({
        id: 'sub_123',
        customerId: 'cus_existing',
        status: 'trialing',
        cancelAtPeriodEnd: false,
        trialEnd: new Date(TRIAL_END * 1000),
        currentPeriodEnd: new Date(PERIOD_END * 1000),
        canceledAt: null,
        metadata: { userId: 'user-1', planId: 'plan-1' },
        version: expect.any(Number),
      });
      // An API answer is the state when it was read: it is ordered after events created before it.
      expect(state.subscription!.version).toBeGreaterThanOrEqual(before);
    });
  });

  describe('cancelAtPeriodEnd', () => {
    it('asks Stripe to stop renewal and returns the new state', async () => {
      const subscription = await gateway.cancelAtPeriodEnd('sub_123');

      expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /v1/subscriptions/sub_123']);
      expect(fake.requests[0].body.get('cancel_at_period_end')).toBe('true');
      expect(subscription).toMatchObject({ id: 'sub_123', status: 'trialing', cancelAtPeriodEnd: true, canceledAt: new Date(1_790_000_000_000) });
    });
  });

  describe('when Stripe fails', () => {
    it('turns a 500 into GatewayUnavailable after exactly one retry', async () => {
      fake.behaviour = 'error500';

      const failure = gateway.cancelAtPeriodEnd('sub_123');

      await expect(failure).rejects.toBeInstanceOf(GatewayUnavailable);
      await expect(failure).rejects.toThrow(/cancel a subscription at its period end/);
      expect(fake.requests).toHaveLength(2);
    });

    it('turns a silent API into GatewayUnavailable once the timeout passes', async () => {
      fake.behaviour = 'silent';

      const failure = gateway.retrieveCheckout('cs_test_1');

      await expect(failure).rejects.toBeInstanceOf(GatewayUnavailable);
      await expect(failure).rejects.toThrow(/read a checkout session: the connection failed or timed out/);
      expect(fake.requests).toHaveLength(2);
    });

    it('stops a checkout at a failed customer creation, naming that step', async () => {
      fake.behaviour = 'error500';

      await expect(gateway.createCheckout(checkoutRequest())).rejects.toThrow(/Stripe could not create a customer/);
      expect(fake.requests.every((r) => r.path === '/v1/customers')).toBe(true);
    });

    it('never repeats the secret key, even when Stripe quotes it', async () => {
      fake.behaviour = 'unauthorized';

      const error = await gateway.createCheckout(checkoutRequest({ customerId: 'cus_existing' })).catch((e: Error) => e);

      expect(error).toBeInstanceOf(GatewayUnavailable);
      expect((error as Error).message).toMatch(/create a checkout session/);
      expect((error as Error).message).not.toContain('sk_test');
    });
  });
});

describe('StripePaymentGateway.parseWebhook', () => {
  const gateway = new StripePaymentGateway({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: 'http://127.0.0.1:9' });
  const CREATED = 1_790_000_000;

  function event(type: string, object: unknown) {
    return JSON.stringify({ id: 'evt_1', object: 'event', type, created: CREATED, livemode: false, data: { object } });
  }

  function sign(payload: string, options: { secret?: string; ageSeconds?: number } = {}): Record<string, string> {
    const timestamp = Math.floor(Date.now() / 1000) - (options.ageSeconds ?? 0);
    return { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp }) };
  }

  function rejection(body: string, headers: Record<string, string | undefined>): WebhookRejected {
    try {
      gateway.parseWebhook(body, headers);
    } catch (error) {
      if (error instanceof WebhookRejected) return error;
      throw error;
    }
    throw new Error('the webhook was accepted');
  }

  it('reads a signed subscription event, versioned by its creation time', () => {
    const body = event('customer.subscription.updated', trialingSubscription({ cancel_at_period_end: true }));

    const parsed = gateway.parseWebhook(body, sign(body));

    expect(parsed.id).toBe('evt_1');
    expect(parsed.type).toBe('customer.subscription.updated');
    expect(parsed.occurredAt).toEqual(new Date(CREATED * 1000));
    expect(parsed.payload).toEqual(JSON.parse(body));
    expect(parsed.subscription).toEqual({
      id: 'sub_123',
      customerId: 'cus_existing',
      status: 'trialing',
      cancelAtPeriodEnd: true,
      trialEnd: new Date(TRIAL_END * 1000),
      currentPeriodEnd: new Date(PERIOD_END * 1000),
      canceledAt: null,
      metadata: { userId: 'user-1', planId: 'plan-1' },
      version: CREATED * 1000,
    });
  });

  it.each(['created', 'deleted', 'paused', 'resumed', 'trial_will_end'])('reads customer.subscription.%s as a subscription report', (suffix) => {
    const body = event(`customer.subscription.${suffix}`, trialingSubscription());

    expect(gateway.parseWebhook(body, sign(body)).subscription?.id).toBe('sub_123');
  });

  it.each(['invoice.paid', 'invoice.payment_failed', 'checkout.session.completed'])('keeps %s without a subscription', (type) => {
    const body = event(type, { id: 'in_1', object: type.startsWith('invoice') ? 'invoice' : 'checkout.session', subscription: 'sub_123' });

    const parsed = gateway.parseWebhook(body, sign(body));

    expect(parsed.type).toBe(type);
    expect(parsed.subscription).toBeNull();
  });

  it('accepts a signature 299 seconds old and the header under any case', () => {
    const body = event('invoice.paid', { id: 'in_1', object: 'invoice' });

    expect(gateway.parseWebhook(body, { 'Stripe-Signature': sign(body, { ageSeconds: 299 })['stripe-signature'] }).id).toBe('evt_1');
  });

  it('refuses a missing or empty signature header', () => {
    const body = event('invoice.paid', { id: 'in_1', object: 'invoice' });

    expect(rejection(body, {}).errorCode).toBe('SIGNATURE_MISSING');
    expect(rejection(body, { 'stripe-signature': '' }).errorCode).toBe('SIGNATURE_MISSING');
  });

  it('refuses a body changed after signing', () => {
    const body = event('customer.subscription.updated', trialingSubscription());
    const headers = sign(body);

    const error = rejection(body.replace('"trialing"', '"active"'), headers);

    expect(error.errorCode).toBe('SIGNATURE_INVALID');
    expect(error.description).toBe("The webhook signature does not match this endpoint's secret.");
  });

  it('refuses a signature made with another secret', () => {
    const body = event('customer.subscription.updated', trialingSubscription());

    expect(rejection(body, sign(body, { secret: 'whsec_someone_else' })).errorCode).toBe('SIGNATURE_INVALID');
  });

  it('refuses a header that is not a Stripe signature', () => {
    const body = event('invoice.paid', { id: 'in_1', object: 'invoice' });

    expect(rejection(body, { 'stripe-signature': 'garbage' }).errorCode).toBe('SIGNATURE_INVALID');
  });

  it('refuses a correct signature older than 300 seconds as expired', () => {
    const body = event('customer.subscription.updated', trialingSubscription());

    const error = rejection(body, sign(body, { ageSeconds: 301 }));

    expect(error.errorCode).toBe('SIGNATURE_EXPIRED');
    expect(error.description).toMatch(/more than 300 seconds ago/);
  });

  it('refuses an old signature made with another secret as invalid, not expired', () => {
    const body = event('invoice.paid', { id: 'in_1', object: 'invoice' });

    expect(rejection(body, sign(body, { secret: 'whsec_someone_else', ageSeconds: 301 })).errorCode).toBe('SIGNATURE_INVALID');
  });

  it('refuses a signed body that is not JSON, or not an event', () => {
    expect(rejection('{not json', sign('{not json')).errorCode).toBe('EVENT_MALFORMED');
    expect(rejection('{"hello":1}', sign('{"hello":1}')).errorCode).toBe('EVENT_MALFORMED');
  });

  it('refuses a subscription event whose status this server cannot name', () => {
    const body = event('customer.subscription.updated', trialingSubscription({ status: 'hibernating' }));

    const error = rejection(body, sign(body));

    expect(error.errorCode).toBe('EVENT_MALFORMED');
    expect(error.description).toMatch(/hibernating/);
  });
});

describe('toGatewaySubscription', () => {
  const asStripe = (value: unknown) => value as Stripe.Subscription;

  it('falls back to the subscription-level period end of older API versions', () => {
    const legacy = asStripe({ ...trialingSubscription({ items: { object: 'list', data: [] } }), current_period_end: 1_700_000_000 });

    expect(toGatewaySubscription(legacy, 1).currentPeriodEnd).toEqual(new Date(1_700_000_000_000));
  });

  it('reads an expanded customer and missing dates', () => {
    const subscription = asStripe(trialingSubscription({ customer: { id: 'cus_9', object: 'customer' }, trial_end: null, items: undefined, metadata: {} }));

    expect(toGatewaySubscription(subscription, 5)).toMatchObject({ customerId: 'cus_9', trialEnd: null, currentPeriodEnd: null, metadata: {}, version: 5 });
  });

  it('refuses a status it does not know', () => {
    expect(() => toGatewaySubscription(asStripe(trialingSubscription({ status: 'hibernating' })), 1)).toThrow(UnknownSubscriptionStatus);
  });
});
