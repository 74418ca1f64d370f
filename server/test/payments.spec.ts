import { formatDayMonthYear } from '@scholarmatch/schemas';
import { DataSource } from 'typeorm';
import { CreateFreeTrials1795772700000 } from '../../migrations/1795772700000-CreateFreeTrials.js';
import { ServerSecrets } from '../src/auth/server-secrets.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxWebhook } from '../src/payments/sandbox/sandbox-signature.js';
import { accountClient } from './accounts-helpers.js';
import { eventually, startTestApp, type TestApp } from './test-app.js';
import { deliverStorm, makeStorm, STORM_ROWS_SQL, stormHeaders, stormMismatches } from './webhook-storm.js';

const DAY = 86_400;
const GOOD_CARD = { number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123', postalCode: '10001' };

/** Memberships end to end on the sandbox provider (docs/payments.md). */
describe('memberships and payments', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let admin: string;
  let scholarshipId: string;
  let webhookKey: Buffer;

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 10_000 });
    api = accountClient(t);
    admin = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026')).json().data.accessToken;
    const { rows } = await t.sql.query(`SELECT id FROM scholarships WHERE status = 'published' ORDER BY created_at LIMIT 1`);
    scholarshipId = rows[0].id;
    webhookKey = t.app.get(ServerSecrets).sandboxWebhookKey;
  });
  afterAll(async () => {
    await t?.close();
  });

  const plans = async () => (await api.call('GET', '/subscription-plans')).json().data as { id: string; productId: string; price: string; title: string }[];
  const current = async (token: string) => (await api.call('GET', '/user-payments/current-subscription', { token })).json().data;
  const details = (token: string) => api.call('GET', `/scholarships/${scholarshipId}`, { token });

  const checkout = async (token: string, productId = 'quarterly') => {
    const plan = (await plans()).find((p) => p.productId === productId)!;
    const res = await api.call('POST', '/user-payments/checkout', { body: { planId: plan.id }, token });
    expect(res.statusCode).toBe(201);
    return res.json().data as { checkoutUrl: string; sessionId: string };
  };
  const pay = (checkoutUrl: string, card: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `${checkoutUrl}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(card).toString() });
  const member = async (card = GOOD_CARD, productId = 'quarterly', existing?: Awaited<ReturnType<typeof api.signUp>>['session']) => {
    const session = existing ?? (await api.signUp()).session;
    const { checkoutUrl } = await checkout(session.accessToken, productId);
    expect((await pay(checkoutUrl, card)).statusCode).toBe(303);
    await eventually(async () => expect((await current(session.accessToken)).isActiveSubscription).toBe(true));
    return session;
  };
  const advanceClock = (seconds: number) => api.call('POST', '/admin/payments/sandbox/clock', { body: { seconds }, token: admin });

  it('serves the three plans with prices as strings, quarterly most popular', async () => {
    const list = await plans();
    expect(list.map((p) => [p.title, p.price])).toEqual([
      ['Monthly Plan', '$29'],
      ['Quarterly Plan', '$19'],
      ['Yearly Plan', '$12'],
    ]);
    expect((await api.call('GET', '/subscription-plans')).json().data[1]).toMatchObject({ mostPopular: true, billedAmount: '$57', priceId: 'price_sandbox_quarterly' });
  });

  it('starts a trial through the sandbox checkout: declined, then a retry card, then the gate opens', async () => {
    const { session } = await api.signUp();
    const token = session.accessToken;
    expect((await details(token)).statusCode).toBe(403);
    expect((await current(token)).userWithSubscription).toEqual([]);

    const { checkoutUrl } = await checkout(token);
    const page = await t.app.inject({ method: 'GET', url: checkoutUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Quarterly Plan');

    const declined = await pay(checkoutUrl, { ...GOOD_CARD, number: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined. Try another card.');
    expect((await current(token)).isActiveSubscription).toBe(false);
    expect((await details(token)).statusCode).toBe(403);

    const retry = { ...GOOD_CARD, number: '4000000000000119' };
    expect((await pay(checkoutUrl, retry)).statusCode).toBe(402);
    const paid = await pay(checkoutUrl, retry);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toMatch(/\/auth\/dashboard\/success$/);

    await eventually(async () => expect((await current(token)).userWithSubscription[0]).toMatchObject({ status: 'trialing', is_active_subscription: true, title: 'Quarterly Plan', price: '$19', payment_gateway: 'sandbox' }));
    expect((await details(token)).statusCode).toBe(200);
    const me = (await api.call('GET', '/users/me', { token })).json().data;
    expect(me.isActiveSubscription).toBe(true);
    expect((await api.call('GET', '/register-applicants/profile/minimal', { token })).json().data.providerUserId).toMatch(/^cus_sandbox_/);
    // A paid checkout cannot be paid twice, and a member cannot open another.
    expect((await pay(checkoutUrl, GOOD_CARD)).statusCode).toBe(409);
    expect((await api.call('POST', '/user-payments/checkout', { body: { planId: (await plans())[0].id }, token })).json().errorCode).toBe('ALREADY_SUBSCRIBED');
    // One sale for the trackers, however many events told of it (recorded just after the membership is stored).
    await eventually(async () => {
      const { rows } = await t.sql.query(`SELECT kind, amount_cents, note FROM conversions WHERE user_id = $1 ORDER BY kind`, [session.user.id]);
      expect(rows).toEqual([
        { kind: 'lead', amount_cents: 5, note: null },
        { kind: 'sale', amount_cents: 1900, note: 'Trial successful' },
      ]);
    });
  });

  it('grants the membership on the success check even before any webhook arrives', async () => {
    const { session } = await api.signUp();
    const { checkoutUrl } = await checkout(session.accessToken, 'monthly');
    // Webhooks refused for a moment: the server-side check with the provider still grants it.
    await t.sql.query(`ALTER TABLE payment_events ADD CONSTRAINT refuse_all CHECK (false) NOT VALID`);
    try {
      expect((await pay(checkoutUrl, GOOD_CARD)).statusCode).toBe(303);
      expect((await current(session.accessToken)).userWithSubscription[0]).toMatchObject({ status: 'trialing', is_active_subscription: true });
    } finally {
      await t.sql.query(`ALTER TABLE payment_events DROP CONSTRAINT refuse_all`);
    }
  });

  it('cancels at the period end: access until next_billing_date, lost when the sandbox clock passes it', async () => {
    const session = await member();
    const token = session.accessToken;
    const record = (await current(token)).userWithSubscription[0];
    const other = await api.signUp();
    const foreign = await api.call('POST', `/user-payments/cancel-subscription/${record.subscribed_id}/sandbox`, { token: other.session.accessToken });
    expect(foreign.statusCode).toBe(404);

    const cancelled = await api.call('POST', `/user-payments/cancel-subscription/${record.subscribed_id}/sandbox`, { token });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ message: 'Subscription Cancelled Successfully', data: { status: 'canceled', is_active_subscription: true } });
    expect(cancelled.json().data.next_billing_date).toBe(record.next_billing_date);
    expect((await api.call('POST', `/user-payments/cancel-subscription/${record.subscribed_id}/sandbox`, { token })).json().errorCode).toBe('ALREADY_CANCELLED');
    expect((await details(token)).statusCode).toBe(200);

    expect((await advanceClock(8 * DAY)).statusCode).toBe(200);
    await eventually(async () => expect((await current(token)).userWithSubscription[0]).toMatchObject({ status: 'expired', is_active_subscription: false }));
    expect((await details(token)).statusCode).toBe(403);
  });

  it('cancels a second trial paid in another tab before it bills, and keeps showing the first', async () => {
    const { session } = await api.signUp();
    const token = session.accessToken;
    const first = await checkout(token);
    const second = await checkout(token, 'yearly');
    expect((await pay(first.checkoutUrl, GOOD_CARD)).statusCode).toBe(303);
    expect((await pay(second.checkoutUrl, GOOD_CARD)).statusCode).toBe(303);
    // Whichever of the two the server hears of second is the one cancelled (webhooks may overtake each other).
    await eventually(async () => {
      const { rows } = await t.sql.query(`SELECT status FROM subscriptions WHERE user_id = $1 ORDER BY status`, [session.user.id]);
      expect(rows.map((row) => row.status)).toEqual(['canceled', 'trialing']);
    }, 15_000);
    expect((await current(token)).userWithSubscription[0]).toMatchObject({ status: 'trialing', is_active_subscription: true });
    await eventually(async () => {
      const sales = await t.sql.query(`SELECT count(*)::int AS n FROM conversions WHERE user_id = $1 AND kind = 'sale'`, [session.user.id]);
      expect(sales.rows[0].n).toBe(1);
    });
  });

  it('renews after the trial, e-mails a reminder two days before it ends, and ends a card whose renewals fail', async () => {
    const paying = await member();
    const failing = await member({ ...GOOD_CARD, number: '4000000000000341' });
    expect((await advanceClock(Math.round(5.5 * DAY))).json().data.remindersSent).toBeGreaterThanOrEqual(2);
    const outbox = (await api.call('GET', `/admin/mail-outbox?to=${encodeURIComponent(paying.user.email)}`, { token: admin })).json().data;
    expect(outbox.filter((m: { subject: string }) => m.subject === 'Your free trial ends in 2 days')).toHaveLength(1);

    await advanceClock(2 * DAY);
    await eventually(async () => expect((await current(paying.accessToken)).userWithSubscription[0].status).toBe('active'));
    await eventually(async () => expect((await current(failing.accessToken)).userWithSubscription[0]).toMatchObject({ status: 'past_due', is_active_subscription: true }));
    await advanceClock(7 * DAY);
    await eventually(async () => expect((await current(failing.accessToken)).userWithSubscription[0]).toMatchObject({ status: 'expired', is_active_subscription: false }));
    expect((await current(paying.accessToken)).isActiveSubscription).toBe(true);
    // Still one reminder each, however often the job ran.
    const again = (await api.call('GET', `/admin/mail-outbox?to=${encodeURIComponent(paying.user.email)}`, { token: admin })).json().data;
    expect(again.filter((m: { subject: string }) => m.subject === 'Your free trial ends in 2 days')).toHaveLength(1);

    // Receipts in the inbox (docs/inbox.md): the trial's start, then the first period paid; none for the failing card's payment.
    const receipts = async (token: string) =>
      (await api.call('GET', '/inbox', { token })).json().data.filter((m: { kind: string }) => m.kind === 'membership-receipt').map((m: { subject: { value: string } }) => m.subject.value);
    expect(await receipts(paying.accessToken)).toEqual(['Payment received: Quarterly Plan', 'Your free 7-day membership trial has started']);
    expect(await receipts(failing.accessToken)).toEqual(['Your free 7-day membership trial has started']);
  });

  describe('one free trial per person', () => {
    const sessionRequest = async (sessionId: string) =>
      (await t.sql.query(`SELECT request FROM sandbox_checkout_sessions WHERE id = $1`, [sessionId])).rows[0].request as { trialDays: number; trialUsedAt: string | null };
    const receipts = async (token: string) =>
      (await api.call('GET', '/inbox', { token })).json().data.filter((m: { kind: string }) => m.kind === 'membership-receipt').map((m: { subject: { value: string } }) => m.subject.value);

    it('bills the second checkout at once, with no trial, once the first trial has ended', async () => {
      const session = await member();
      const token = session.accessToken;
      expect((await current(token)).freeTrial).toEqual({ available: false, days: 0, usedAt: expect.any(String) });
      const { usedAt } = (await current(token)).freeTrial;
      const record = (await current(token)).userWithSubscription[0];
      expect((await api.call('POST', `/user-payments/cancel-subscription/${record.subscribed_id}/sandbox`, { token })).statusCode).toBe(200);
      await advanceClock(8 * DAY);
      await eventually(async () => expect((await current(token)).userWithSubscription[0]).toMatchObject({ status: 'expired', is_active_subscription: false }));

      const { checkoutUrl, sessionId } = await checkout(token);
      expect(await sessionRequest(sessionId)).toMatchObject({ trialDays: 0, trialUsedAt: usedAt });
      const page = await t.app.inject({ method: 'GET', url: checkoutUrl });
      expect(page.body).toContain(`Your free trial was used on ${formatDayMonthYear(usedAt, 'UTC')}.`);
      expect(page.body).toContain('$57.00 today');
      expect(page.body).toContain('Pay $57.00');
      expect(page.body).not.toMatch(/days free|free trial<\/button>/);
      // Nothing free: a card whose charges fail is declined now, not after a trial.
      expect((await pay(checkoutUrl, { ...GOOD_CARD, number: '4000000000000341' })).statusCode).toBe(402);

      expect((await pay(checkoutUrl, GOOD_CARD)).statusCode).toBe(303);
      await eventually(async () => expect((await current(token)).userWithSubscription[0]).toMatchObject({ status: 'active', is_active_subscription: true, trial_ends_at: null }));
      const renews = new Date((await current(token)).userWithSubscription[0].next_billing_date).getTime() - Date.now();
      expect(renews).toBeGreaterThan(80 * DAY * 1000);
      await eventually(async () => expect((await receipts(token))[0]).toBe('Payment received: Quarterly Plan'));
      // Still the first trial's day.
      expect((await current(token)).freeTrial.usedAt).toBe(usedAt);
    });

    it('ends at once a trial from a checkout opened before the first trial started', async () => {
      const { session } = await api.signUp();
      const token = session.accessToken;
      expect((await current(token)).freeTrial).toEqual({ available: true, days: 7, usedAt: null });
      const early = await checkout(token, 'monthly');
      await member(GOOD_CARD, 'quarterly', session);
      const record = (await current(token)).userWithSubscription[0];
      await api.call('POST', `/user-payments/cancel-subscription/${record.subscribed_id}/sandbox`, { token });
      await advanceClock(8 * DAY);
      await eventually(async () => expect((await current(token)).isActiveSubscription).toBe(false));

      // The tab left open still offers 7 days: the trial starts, and is ended at once.
      expect((await pay(early.checkoutUrl, GOOD_CARD)).statusCode).toBe(303);
      await eventually(async () => expect((await current(token)).userWithSubscription[0]).toMatchObject({ title: 'Monthly Plan', status: 'active', is_active_subscription: true }), 15_000);
      await eventually(async () => expect((await receipts(token))[0]).toBe('Payment received: Monthly Plan'));
    });

    it('counts a person whose membership had a trial before trials were recorded', async () => {
      const { session } = await api.signUp();
      const plan = (await plans())[1];
      const migration = new CreateFreeTrials1795772700000();
      const runner = t.app.get(DataSource).createQueryRunner();
      try {
        await migration.down(runner);
        await t.sql.query(
          `INSERT INTO subscriptions (user_id, plan_id, monthly_amount_cents, gateway, gateway_subscription_id, status, trial_ends_at, current_period_end, gateway_version, created_at)
           VALUES ($1, $2, 1900, 'sandbox', 'sub_sandbox_before_records', 'expired', '2026-01-08T10:00:00Z', '2026-01-08T10:00:00Z', 3, '2026-01-01T10:00:00Z')`,
          [session.user.id, plan.id],
        );
        await migration.up(runner);
      } finally {
        await runner.release();
      }
      expect((await current(session.accessToken)).freeTrial).toEqual({ available: false, days: 0, usedAt: '2026-01-01T10:00:00.000Z' });
      const { sessionId } = await checkout(session.accessToken);
      expect(await sessionRequest(sessionId)).toMatchObject({ trialDays: 0, trialUsedAt: '2026-01-01T10:00:00.000Z' });
    });
  });

  describe('webhooks', () => {
    const post = (body: string, signature?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/payments/webhooks/sandbox',
        headers: { 'content-type': 'application/json', ...(signature ? { [SANDBOX_SIGNATURE_HEADER]: signature } : {}) },
        payload: body,
      });
    const event = (id: string, object: object, type = 'customer.subscription.updated') =>
      JSON.stringify({ id, object: 'event', type, created: new Date().toISOString(), data: { object } });

    it('refuses a missing, wrong, tampered or stale signature and unknown events with a description', async () => {
      const body = event('evt_refused', { object: 'invoice' }, 'invoice.paid');
      const cases: [string | undefined, string, string][] = [
        [undefined, body, 'SIGNATURE_MISSING'],
        ['t=1,v1=abc', body, 'SIGNATURE_INVALID'],
        [signSandboxWebhook(Buffer.from('another secret'), body), body, 'SIGNATURE_INVALID'],
        [signSandboxWebhook(webhookKey, body), body.replace('invoice.paid', 'invoice.void'), 'SIGNATURE_INVALID'],
        [signSandboxWebhook(webhookKey, body, Math.floor(Date.now() / 1000) - 301), body, 'SIGNATURE_EXPIRED'],
        [signSandboxWebhook(webhookKey, 'not json'), 'not json', 'EVENT_MALFORMED'],
      ];
      for (const [signature, payload, code] of cases) {
        const res = await post(payload, signature);
        expect([res.statusCode, res.json().errorCode]).toEqual([400, code]);
        expect(res.json().description).toEqual(expect.any(String));
      }
      const unknown = event('evt_unknown', { object: 'charge' }, 'charge.refunded');
      const res = await post(unknown, signSandboxWebhook(webhookKey, unknown));
      expect([res.statusCode, res.json().errorCode]).toEqual([400, 'UNKNOWN_EVENT']);
      expect((await api.call('POST', '/payments/webhooks/stripe', { body: {} })).statusCode).toBe(404);
    });

    it('applies an event once, and never lets an older report overwrite a newer one', async () => {
      const { session } = await api.signUp();
      const plan = (await plans())[0];
      const subscription = (version: number, status: string, cancel = false) => ({
        id: 'sub_sandbox_order_test',
        object: 'subscription',
        customer: 'cus_sandbox_order',
        status,
        cancel_at_period_end: cancel,
        trial_end: null,
        current_period_end: new Date(Date.now() + 30 * DAY * 1000).toISOString(),
        canceled_at: null,
        metadata: { userId: session.user.id, planId: plan.id },
        version,
      });
      const send = (id: string, object: object) => {
        const body = event(id, object);
        return post(body, signSandboxWebhook(webhookKey, body));
      };
      expect((await send('evt_order_2', subscription(2, 'active', true))).json().data.outcome).toBe('processed');
      expect((await send('evt_order_2', subscription(2, 'active', true))).json().data.outcome).toBe('duplicate');
      expect((await send('evt_order_1', subscription(1, 'trialing'))).json().data.outcome).toBe('processed');
      expect((await current(session.accessToken)).userWithSubscription[0].status).toBe('canceled');
      // Two reports of the same version (Stripe's are whole seconds): the later state wins, whatever the arrival order.
      expect((await send('evt_order_2b', subscription(2, 'trialing'))).json().data.outcome).toBe('processed');
      expect((await current(session.accessToken)).userWithSubscription[0].status).toBe('canceled');
      expect((await send('evt_order_3', subscription(3, 'canceled'))).statusCode).toBe(200);
      expect((await current(session.accessToken)).userWithSubscription[0]).toMatchObject({ status: 'expired', is_active_subscription: false });
      const audit = (await api.call('GET', '/admin/payments/events', { token: admin })).json().data;
      expect(audit.filter((e: { eventId: string }) => e.eventId.startsWith('evt_order_'))).toHaveLength(4);
      // The console's filters (docs/console.md, "Payment events page"): the member's e-mail in any letter case, the type, the days received.
      const byMember = (await api.call('GET', `/admin/payments/events?email=${encodeURIComponent(session.user.email.toUpperCase())}`, { token: admin })).json().data;
      expect(byMember.map((e: { eventId: string }) => e.eventId).sort()).toEqual(['evt_order_1', 'evt_order_2', 'evt_order_2b', 'evt_order_3']);
      expect(byMember.every((e: { memberEmail: string }) => e.memberEmail === session.user.email)).toBe(true);
      const byType = (await api.call('GET', `/admin/payments/events?type=${encodeURIComponent(audit[0].type)}`, { token: admin })).json().data;
      expect(byType.length).toBeGreaterThan(0);
      expect(byType.every((e: { type: string }) => e.type === audit[0].type)).toBe(true);
      const future = (await api.call('GET', '/admin/payments/events?from=2100-01-01T00:00:00Z', { token: admin })).json().data;
      expect(future).toEqual([]);
      expect((await api.call('GET', '/admin/payments/events?email=not-an-address', { token: admin })).statusCode).toBe(400);
    });

    it('keeps an event for an applicant it cannot place and retries it', async () => {
      const body = event('evt_orphan', {
        id: 'sub_sandbox_orphan',
        object: 'subscription',
        customer: 'cus_x',
        status: 'trialing',
        cancel_at_period_end: false,
        trial_end: null,
        current_period_end: new Date().toISOString(),
        canceled_at: null,
        metadata: { userId: '00000000-0000-4000-8000-000000000000', planId: (await plans())[0].id },
        version: 1,
      });
      const res = await post(body, signSandboxWebhook(webhookKey, body));
      expect(res.json().data.outcome).toBe('stored for retry');
      const failed = (await api.call('GET', '/admin/payments/events?failed=true', { token: admin })).json().data;
      expect(failed.map((e: { eventId: string }) => e.eventId)).toContain('evt_orphan');
    });
  });

  it('ends a storm of 1,000 shuffled webhooks, 20 % of them delivered twice, in exactly the reference model\'s states', async () => {
    const users = (await t.sql.query(
      `INSERT INTO users (email, password_hash, role, first_name, last_name)
       SELECT 'storm' || n || '@example.com', 'x', 'applicant', 'Storm', 'Tester' FROM generate_series(1, 50) n RETURNING id`,
    )).rows.map((row) => row.id as string);
    const storm = makeStorm({ userIds: users, planId: (await plans())[1].id, events: 1000, duplicateShare: 0.2, prefix: 'storm' });
    const { statuses, outcomes } = await deliverStorm(storm, 16, async (delivery) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/payments/webhooks/sandbox', headers: stormHeaders(webhookKey, delivery.body), payload: delivery.body });
      return { status: res.statusCode, outcome: res.json().data?.outcome };
    });
    expect([...statuses]).toEqual([[200, 1200]]);
    expect(outcomes.get('duplicate')).toBe(storm.duplicates);
    expect(outcomes.get('processed')).toBe(1000);
    const { rows } = await t.sql.query(STORM_ROWS_SQL, ['sub_storm_%']);
    expect(rows).toHaveLength(50);
    expect(stormMismatches(storm, rows)).toEqual([]);
  });

  it('lets admins edit plans, with clear errors, and only admins', async () => {
    const plan = (await plans())[0];
    const monthlyMember = await member(GOOD_CARD, 'monthly');
    const changed = await api.call('PATCH', `/admin/subscription-plans/${plan.id}`, { body: { monthlyAmountCents: 3150, priceId: 'price_new_monthly' }, token: admin });
    expect(changed.json().data).toMatchObject({ price: '$31.50', priceId: 'price_new_monthly' });
    expect((await plans())[0].price).toBe('$31.50');
    // A running membership keeps the price it was sold at.
    expect((await current(monthlyMember.accessToken)).userWithSubscription[0].price).toBe('$29');
    const bad = await api.call('PATCH', `/admin/subscription-plans/${plan.id}`, { body: { monthlyAmountCents: 19.99 }, token: admin });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().description).toContain('whole number of cents');
    const { session } = await api.signUp();
    expect((await api.call('PATCH', `/admin/subscription-plans/${plan.id}`, { body: { title: 'Mine' }, token: session.accessToken })).statusCode).toBe(403);
    await api.call('PATCH', `/admin/subscription-plans/${plan.id}`, { body: { monthlyAmountCents: 2900, priceId: 'price_sandbox_monthly' }, token: admin });
  });
});
