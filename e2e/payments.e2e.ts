import { formatDayMonthYear } from '@scholarmatch/schemas';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { ARTIFACTS, browserSuite, settledDialog, suiteApi } from './harness.js';
import { completeRegistration, signUpInBrowser } from './student-flows.js';

const NEXT_YEAR = `${new Date().getUTCFullYear() + 1}-06-30`;
const DAY = 86_400;

/**
 * Memberships in Chromium (docs/payments.md), on the sandbox provider: a new student signs up, registers, is declined
 * with the test card that declines, starts the trial with the good one, lands on the success
 * page, opens a gated scholarship and applies; then cancels, keeps access until the billing date,
 * and loses it once the sandbox clock passes that date. Checking out again, the plans page and the
 * checkout say the free trial was used (and when), and the plan is billed at once.
 */
describe('memberships in a real browser', () => {
  const suite = browserSuite({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });

  const { call: apiCall, login } = suiteApi(suite);

  async function gatedScholarship(): Promise<string> {
    const provider = await login('provider@demo.scholarmatch.test', 'DemoProvider#2026');
    const created = await apiCall(
      'POST',
      '/providers/scholarships',
      { title: 'Membership Path Award', description: '<p>For the membership test.</p>', award: 3000, recurrenceConfig: { deadline: NEXT_YEAR }, requirements: [{ title: 'Portfolio link', dataType: 'link', key: 'portfolio' }] },
      provider,
    );
    expect(created.status).toBe(201);
    expect((await apiCall('POST', `/providers/scholarships/${created.body.data.id}/publish`, undefined, provider)).status).toBe(200);
    return created.body.data.id;
  }

  async function payWith(page: Page, number: string, button = 'Start 7-day free trial'): Promise<void> {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('Security code').fill('123');
    await page.getByRole('button', { name: button }).click();
  }

  const token = (page: Page) => page.evaluate(() => localStorage.getItem('token')!);
  const membership = async (page: Page) => (await apiCall('GET', '/user-payments/current-subscription', undefined, await token(page))).body.data;

  it('a new student starts the trial, applies, cancels, keeps access until the billing date, loses it, and is billed at once the next time', async () => {
    const { page } = suite;
    const scholarshipId = await gatedScholarship();
    // Another gated one, never applied to: it shows what the membership alone opens.
    const other = await gatedScholarship();
    await signUpInBrowser(page, suite.server.baseUrl, `trial.${Date.now()}@example.com`);
    await completeRegistration(page);

    // Not a member yet, on a phone: the popup over the details names the scholarship.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${suite.server.baseUrl}/auth/scholarshipDetail?${scholarshipId}`);
    const popup = page.getByRole('dialog', { name: 'Membership Options' });
    await popup.getByText(/^To see Membership Path Award and apply to it, become a member/).waitFor();
    await settledDialog(page);
    await page.screenshot({ path: path.join(ARTIFACTS, 'membership-popup-named-390.png') });
    await popup.getByRole('button', { name: 'No Thanks' }).click();
    await popup.waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'To see Membership Path Award, become a member' }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'membership-details-refused-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    // On a wide screen the details lead to the plans, which name the scholarship.
    await page.goto(`${suite.server.baseUrl}/auth/scholarshipDetail?${scholarshipId}`);
    await page.waitForURL('**/auth/dashboard/subscription-plan');
    await page.getByRole('region', { name: 'To see Membership Path Award, become a member' }).waitFor();
    await page.getByText('Quarterly Plan').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'membership-plans.png'), fullPage: true });
    await page.getByRole('button', { name: 'Activate 7 Days' }).nth(1).click();
    await page.waitForURL('**/api/v1/sandbox-checkout/**');
    await page.getByRole('heading', { name: 'Quarterly Plan' }).waitFor();

    // The declined card: a clear message, and no membership.
    await payWith(page, '4000 0000 0000 0002');
    await page.getByRole('alert').getByText('Your card was declined. Try another card.').waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'membership-checkout-declined.png'), fullPage: true });
    expect((await membership(page)).isActiveSubscription).toBe(false);

    // The good card: the success page verifies, then congratulates.
    await payWith(page, '4242 4242 4242 4242');
    const paidAt = Date.now();
    await page.waitForURL('**/auth/dashboard/success');
    await page.getByText('Verifying Subscription Status for you.').waitFor();
    await page.getByText('Your subscription plan has been purchased successfully!').waitFor();
    const congratulatedAfterMs = Date.now() - paidAt;
    // The automatic application switch, said what it does, off until the member turns it on.
    const autoApply = page.getByRole('checkbox', { name: 'Apply automatically' });
    await autoApply.waitFor({ state: 'attached' });
    expect(await autoApply.isChecked()).toBe(false);
    expect(await autoApply.isEnabled()).toBe(true);
    await page.screenshot({ path: path.join(ARTIFACTS, 'membership-success.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: path.join(ARTIFACTS, 'membership-success-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    expect((await membership(page)).userWithSubscription[0]).toMatchObject({ status: 'trialing', is_active_subscription: true });

    // Unlocked: the details open and the application goes in.
    await page.getByRole('button', { name: 'Start Applying' }).click();
    await page.waitForURL('**/auth/dashboard');
    await page.goto(`${suite.server.baseUrl}/auth/scholarshipDetail?${scholarshipId}`);
    await page.getByRole('heading', { name: 'Membership Path Award' }).waitFor();
    await page.getByLabel(/Portfolio link/).fill('https://portfolio.example.com/ana');
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText('APPLIED').first().waitFor();

    // Cancel: access stays until the billing date.
    await page.goto(`${suite.server.baseUrl}/auth/dashboard/plan`);
    await page.getByText('My Subscription plan').first().waitFor();
    await page.getByRole('button', { name: 'Cancel Subscription' }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirm Subscription Cancellation' });
    await confirm.getByText('Are you sure you want to cancel your subscription?').waitFor();
    await confirm.getByRole('button', { name: /^(Yes|Confirm|Yes, cancel|Cancel Subscription)/ }).click();
    await page.getByRole('dialog', { name: 'Subscription Cancelled Successfully' }).waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS, 'membership-cancelled.png'), fullPage: true });
    const cancelled = (await membership(page)).userWithSubscription[0];
    expect(cancelled).toMatchObject({ status: 'canceled', is_active_subscription: true });
    await page.keyboard.press('Escape');
    // A scholarship without a description: no empty Description card.
    await suite.server.sql.query(`UPDATE scholarships SET description = '<p></p>' WHERE id = $1`, [other]);
    await page.goto(`${suite.server.baseUrl}/auth/scholarshipDetail?${other}`);
    await page.getByRole('heading', { name: 'Membership Path Award' }).waitFor();
    await page.getByRole('region', { name: 'Why you match' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Description' }).count()).toBe(0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'details-without-description.png'), fullPage: true });

    // The sandbox clock passes the billing date: the provider ends the subscription, the gate closes.
    const admin = await login('admin@demo.scholarmatch.test', 'DemoAdmin#2026');
    expect((await apiCall('POST', '/admin/payments/sandbox/clock', { seconds: 8 * DAY }, admin)).status).toBe(200);
    const deadline = Date.now() + 10_000;
    while ((await membership(page)).isActiveSubscription && Date.now() < deadline) await page.waitForTimeout(200);
    expect((await membership(page)).userWithSubscription[0]).toMatchObject({ status: 'expired', is_active_subscription: false });
    await page.goto(`${suite.server.baseUrl}/auth/scholarshipDetail?${other}`);
    await page.waitForURL('**/auth/dashboard/subscription-plan');

    // One free trial per person: the plans now bill at once, and say when the trial was used.
    const { freeTrial } = await membership(page);
    expect(freeTrial).toMatchObject({ available: false, days: 0 });
    await page.getByText(`Your free trial was used on ${formatDayMonthYear(freeTrial.usedAt)}. The plan you choose now is billed at once.`).waitFor();
    await page.getByText('Billed at once: $57 every 3 months. Cancel anytime.').waitFor();
    expect(await page.getByRole('button', { name: /Activate 7 Days/ }).count()).toBe(0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'membership-plans-trial-used.png'), fullPage: true });
    await page.getByRole('button', { name: 'Activate Now: Quarterly Plan' }).click();
    await page.waitForURL('**/api/v1/sandbox-checkout/**');
    // The provider's page writes the day in UTC: it does not know the person's time zone.
    await page.getByText(`Your free trial was used on ${formatDayMonthYear(freeTrial.usedAt, 'UTC')}.`).waitFor();
    await page.getByText('$57.00 today').waitFor();
    expect(await page.getByText(/days free/).count()).toBe(0);
    await page.screenshot({ path: path.join(ARTIFACTS, 'membership-checkout-trial-used.png'), fullPage: true });
    await payWith(page, '4242 4242 4242 4242', 'Pay $57.00');
    await page.waitForURL('**/auth/dashboard/success');
    await page.getByText('Your subscription plan has been purchased successfully!').waitFor();
    expect((await membership(page)).userWithSubscription[0]).toMatchObject({ status: 'active', is_active_subscription: true, trial_ends_at: null });
    expect(suite.problems.filter((problem) => !/status of (402|403)/.test(problem))).toEqual([]);
    process.stdout.write(`membership e2e: paid -> congratulations shown after ${congratulatedAfterMs} ms\n`);
  });
});
