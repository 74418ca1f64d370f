import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUser, isSubscribed } from '../../src/session/session-store';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from '../scholarships/render-app';
import { CURRENT_PATH, currentAnswer, freeTrial, PLANS_PATH, plansAnswer, subscriptionRecord } from './fixtures';

const SUMMARY = { appliedScholarship: 0, yourRecommendation: 0, scholarshipAmount: 0, expiringSoon: 0, unlock: { count: 0, totalValue: 0 } };
const SWEEPSTAKES = { id: '7d1e8f6a-3b2c-4d5e-8f90-1a2b3c4d5e6f', title: '$1,000 Spring Sweepstakes', description: 'One entry, one winner.', endsAt: null, applied: false };
const OFFER = 'Maya, you are eligible for 37 scholarships!';
/** The recommendation count the offer quotes, as the profile header does. */
const STATS_PATH = '/api/v1/scholarships/stats';

interface DashboardAnswers {
  membership?: ReturnType<typeof apiAnswer>;
  sweepstakes?: ReturnType<typeof apiAnswer>;
  eligible?: number;
}

/** The dashboard's calls: by default a non-member with 37 matches and no sweepstakes running. */
function serveDashboard({ membership = currentAnswer(null), sweepstakes = apiAnswer(200, { statusCode: 200, data: null }), eligible = 37 }: DashboardAnswers = {}) {
  return mockApi('GET').mockImplementation(async (path) => {
    if (path === CURRENT_PATH) return membership;
    if (path === '/api/v1/sweepstakes/current') return sweepstakes;
    if (path === STATS_PATH) return apiAnswer(200, { statusCode: 200, data: { yourRecommendation: eligible } });
    if (path === '/api/v1/scholarships/dashboard-summary') return apiAnswer(200, { statusCode: 200, data: SUMMARY });
    if (path === '/api/v1/scholarships/mine-eligible-scholarships') return apiAnswer(200, { statusCode: 200, data: [] });
    if (path === PLANS_PATH) return plansAnswer();
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
}

const welcome = () => screen.findByRole('heading', { level: 1, name: 'Welcome back, Maya!' });

describe("the dashboard's membership offer and subscription check", () => {
  isolateAppTests();
  afterEach(() => sessionStorage.clear());

  it("offers a non-member the free 7 days with their own first name and eligible count, leading to the plans", async () => {
    signIn(false);
    const get = serveDashboard();
    const router = renderAppAt('/auth/dashboard');
    const offer = await screen.findByRole('dialog', { name: OFFER });
    expect(within(offer).getByText(/Try the membership free for 7 days/)).toBeTruthy();
    expect(get).toHaveBeenCalledWith(STATS_PATH, expect.anything());
    await userEvent.setup().click(within(offer).getByRole('button', { name: 'See Membership Plans' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/dashboard/subscription-plan'));
    expect(await screen.findByRole('article', { name: 'Quarterly Plan' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers a person whose free trial was used the membership without free days, in the offer and the promo card', async () => {
    signIn(false);
    serveDashboard({ membership: currentAnswer(null, freeTrial('2027-03-05T12:00:00.000Z')) });
    renderAppAt('/auth/dashboard');
    const offer = await screen.findByRole('dialog', { name: OFFER });
    expect(within(offer).getByText(/^Become a member: see every scholarship in full/)).toBeTruthy();
    expect(screen.queryByText(/free for 7 days/)).toBeNull();
    // The promo card, once the offer is out of the way (the open dialog hides the page from queries by role).
    await userEvent.setup().click(within(offer).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Membership' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '7-day free membership' })).toBeNull();
  });

  it('opens the membership popup instead of the page below 962 px', async () => {
    signIn(false);
    serveDashboard({ eligible: 1 });
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    const router = renderAppAt('/auth/dashboard');
    const offer = await screen.findByRole('dialog', { name: 'Maya, you are eligible for 1 scholarship!' });
    await userEvent.setup().click(within(offer).getByRole('button', { name: 'See Membership Plans' }));
    expect(await screen.findByRole('dialog', { name: 'Membership Options' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/dashboard');
  });

  it("'Not now' closes it for the rest of the session", async () => {
    signIn(false);
    serveDashboard();
    renderAppAt('/auth/dashboard');
    await userEvent.setup().click(within(await screen.findByRole('dialog', { name: OFFER })).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    cleanup();
    const get = serveDashboard();
    renderAppAt('/auth/dashboard');
    await welcome();
    await waitFor(() => expect(get).toHaveBeenCalledWith(CURRENT_PATH, expect.anything()));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('waits for a visit without the sweepstakes popup: one popup at a time', async () => {
    signIn(false);
    serveDashboard({ sweepstakes: apiAnswer(200, { statusCode: 200, data: SWEEPSTAKES }) });
    renderAppAt('/auth/dashboard');
    const sweepstakes = await screen.findByRole('dialog', { name: SWEEPSTAKES.title });
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    await userEvent.setup().click(within(sweepstakes).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('dialog', { name: OFFER })).toBeNull();
  });

  it('is not shown to a member, and the check stores the flag the server gives', async () => {
    signIn(false);
    const get = serveDashboard({ membership: currentAnswer(subscriptionRecord()) });
    renderAppAt('/auth/dashboard');
    await waitFor(() => expect(isSubscribed()).toBe(true));
    expect(currentUser()?.isActiveSubscription).toBe(true);
    expect(await screen.findByRole('link', { name: 'View Subscription Plan' })).toBeTruthy();
    expect(get.mock.calls.map(([path]) => path)).not.toContain(STATS_PATH);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stores false when the check fails, and offers nothing then', async () => {
    signIn(true);
    const get = serveDashboard({ membership: apiAnswer(400, { statusCode: 400, description: 'No.' }) });
    renderAppAt('/auth/dashboard');
    await waitFor(() => expect(isSubscribed()).toBe(false));
    expect(await screen.findByRole('link', { name: 'Get Full Access' })).toBeTruthy();
    await welcome();
    expect(get.mock.calls.map(([path]) => path)).not.toContain(STATS_PATH);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('is not shown to someone who matches nothing yet', async () => {
    signIn(false);
    const get = serveDashboard({ eligible: 0 });
    renderAppAt('/auth/dashboard');
    await waitFor(() => expect(get).toHaveBeenCalledWith(STATS_PATH, expect.anything()));
    await welcome();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
