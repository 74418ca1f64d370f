import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SubscriptionRecord } from '../../src/api/memberships';
import { formatDayMonthYear } from '../../src/ui/dates';
import { isSubscribed } from '../../src/session/session-store';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from '../scholarships/render-app';
import { CANCEL_PATH, CURRENT_PATH, currentAnswer, freeTrial, PLANS_PATH, plansAnswer, subscriptionRecord } from './fixtures';

/** The plan page's calls: the membership as given, the plans, and the cancellation answering `cancel`. */
function servePlanPage(record: SubscriptionRecord | null, cancel?: { status: number; body: unknown }, trial?: ReturnType<typeof freeTrial>) {
  mockApi('GET').mockImplementation(async (path) => {
    if (path === CURRENT_PATH) return currentAnswer(record, trial);
    if (path === PLANS_PATH) return plansAnswer();
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  return mockApi('POST').mockImplementation(async () => apiAnswer(cancel?.status ?? 200, cancel?.body));
}

const cancelled = (record: SubscriptionRecord) => ({
  status: 200,
  body: { statusCode: 200, message: 'Subscription Cancelled Successfully', data: { ...record, status: 'canceled' } },
});

describe("'My Subscription plan' (/auth/dashboard/plan)", () => {
  isolateAppTests();

  it('shows the monthly price, title, status, benefits and renewal date of an active plan', async () => {
    signIn(true);
    servePlanPage(subscriptionRecord());
    renderAppAt('/auth/dashboard/plan');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Subscription plan' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Quarterly Plan' })).toBeTruthy();
    expect(screen.getByText('$19')).toBeTruthy();
    expect(screen.getByText('/month + taxes')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('Your plan renews on 05 March, 2027.')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Scholarship details', 'Easy Apply to every match', 'Essay help', 'Cancel anytime']);
    expect(screen.getByRole('link', { name: 'View all plans' }).getAttribute('href')).toBe('/auth/dashboard/subscription-plan');
  });

  it('cancels after the confirmation, says so, and keeps the flag while the benefits last', async () => {
    signIn(true);
    const record = subscriptionRecord();
    const post = servePlanPage(record, cancelled(record));
    renderAppAt('/auth/dashboard/plan');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));

    const confirm = await screen.findByRole('dialog', { name: 'Confirm Subscription Cancellation' });
    expect(within(confirm).getByText('Are you sure you want to cancel your subscription?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Yes, Cancel' }));

    const done = await screen.findByRole('dialog', { name: 'Subscription Cancelled Successfully' });
    expect(within(done).getByText('Your plan will not renew. Your benefits last until 05 March, 2027.')).toBeTruthy();
    expect(post).toHaveBeenCalledWith(CANCEL_PATH, { params: { path: { subscribed_id: record.subscribed_id, payment_gateway: 'sandbox' } } });
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(screen.getByText('Your subscription is cancelled. Your benefits last until 05 March, 2027.')).toBeTruthy();
    expect(screen.getByText('Cancelled')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).toBeNull();
    // The server keeps the benefits until the billing date, so the flag stays.
    expect(isSubscribed()).toBe(true);
  });

  it('stores the flag false when the done dialog closes if the benefits have ended', async () => {
    signIn(true);
    const record = subscriptionRecord({ status: 'trialing', trial_ends_at: '2027-01-10T12:00:00.000Z' });
    servePlanPage(record, { status: 200, body: { statusCode: 200, data: { ...record, status: 'expired', is_active_subscription: false } } });
    renderAppAt('/auth/dashboard/plan');
    const user = userEvent.setup();
    expect(await screen.findByText('Your 7-day free trial ends on 10 January, 2027. Your plan then renews automatically.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Confirm Subscription Cancellation' })).getByRole('button', { name: 'Yes, Cancel' }));
    const done = await screen.findByRole('dialog', { name: 'Subscription Cancelled Successfully' });
    expect(isSubscribed()).toBe(true);
    await user.click(within(done).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(isSubscribed()).toBe(false));
  });

  it("shows the server's description when the cancellation is refused, and 'No' keeps the plan", async () => {
    signIn(true);
    const post = servePlanPage(subscriptionRecord(), { status: 409, body: { statusCode: 409, description: 'This subscription is already cancelled.', errorCode: 'ALREADY_CANCELLED' } });
    renderAppAt('/auth/dashboard/plan');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    const confirm = await screen.findByRole('dialog', { name: 'Confirm Subscription Cancellation' });
    await user.click(within(confirm).getByRole('button', { name: 'Yes, Cancel' }));
    expect(await within(confirm).findByText('This subscription is already cancelled.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Active')).toBeTruthy();
  });

  it('says a past-due payment failed and is being retried', async () => {
    signIn(true);
    servePlanPage(subscriptionRecord({ status: 'past_due' }));
    renderAppAt('/auth/dashboard/plan');
    expect(await screen.findByText('Your last payment failed. The payment provider is retrying it, and your benefits continue meanwhile.')).toBeTruthy();
    expect(screen.getByText('Payment failed')).toBeTruthy();
  });

  it("tells a non-member 'You are not subscribed', stores the flag false and offers the plans", async () => {
    signIn(true);
    servePlanPage(null);
    const router = renderAppAt('/auth/dashboard/plan');
    const dialog = await screen.findByRole('dialog', { name: 'You are not subscribed' });
    expect(isSubscribed()).toBe(false);
    await userEvent.setup().click(within(dialog).getByRole('link', { name: 'View all plans' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/dashboard/subscription-plan'));
    expect(await screen.findByRole('article', { name: 'Quarterly Plan' })).toBeTruthy();
  });

  it('offers no free days to a non-member whose free trial was used', async () => {
    signIn(false);
    servePlanPage(null, undefined, freeTrial('2027-03-05T12:00:00.000Z'));
    renderAppAt('/auth/dashboard/plan');
    const dialog = await screen.findByRole('dialog', { name: 'You are not subscribed' });
    expect(within(dialog).getByText(/^Choose a plan to see every scholarship in full/)).toBeTruthy();
    expect(screen.getByText('You have no membership at the moment. Your free trial was used on 05 March, 2027. The plan you choose now is billed at once.')).toBeTruthy();
    expect(screen.queryByText(/free trial\./)).toBeNull();
  });

  it("shows the dialog's way to the plans as the popup below 962 px", async () => {
    signIn(false);
    servePlanPage(null);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    const router = renderAppAt('/auth/dashboard/plan');
    const dialog = await screen.findByRole('dialog', { name: 'You are not subscribed' });
    await userEvent.setup().click(within(dialog).getByRole('link', { name: 'View all plans' }));
    expect(await screen.findByRole('dialog', { name: 'Membership Options' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'You are not subscribed' })).toBeNull());
    expect(router.state.location.pathname).toBe('/auth/dashboard/plan');
  });
});

describe('formatDayMonthYear', () => {
  it("writes dates as 'DD MMMM, YYYY'", () => {
    expect(formatDayMonthYear('2027-03-05T12:00:00.000Z')).toBe('05 March, 2027');
    expect(formatDayMonthYear(new Date(2026, 10, 21))).toBe('21 November, 2026');
  });
});
