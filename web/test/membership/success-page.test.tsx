import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTO_APPLY_TEXT } from '../../src/pages/account/AutoApplySetting';
import { currentUser, isSubscribed } from '../../src/session/session-store';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from '../scholarships/render-app';
import { CURRENT_PATH, currentAnswer, subscriptionRecord } from './fixtures';

const VERIFYING = 'Verifying Subscription Status for you.';

/** The membership check answering each of `answers` in turn (the last one again after that). */
function serveChecks(...answers: ReturnType<typeof apiAnswer>[]) {
  let call = 0;
  return mockApi('GET').mockImplementation(async (path) => {
    if (path !== CURRENT_PATH) return apiAnswer(404, { description: `not mocked: ${path}` });
    const answer = answers[Math.min(call, answers.length - 1)];
    call += 1;
    return answer;
  });
}

const AUTO_APPLY_PATH = '/api/v1/register-applicants/auto-apply';

/** The membership check answering active, and the automatic application setting as stored (off for a new member). */
function serveActiveWithSetting(setting: { enabled: boolean; member: boolean }) {
  return mockApi('GET').mockImplementation(async (path) => {
    if (path === CURRENT_PATH) return currentAnswer(subscriptionRecord({ status: 'trialing' }));
    if (path === AUTO_APPLY_PATH) return apiAnswer(200, { statusCode: 200, data: setting });
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
}

const checks = (get: ReturnType<typeof serveChecks>) => get.mock.calls.filter(([path]) => path === CURRENT_PATH).length;
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the success page (/auth/dashboard/success)', () => {
  isolateAppTests();
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies after 2 s, congratulates an active member, lists the benefits and stores the flag true', async () => {
    signIn(false);
    const get = serveChecks(currentAnswer(subscriptionRecord({ status: 'trialing' })));
    const router = renderAppAt('/auth/dashboard/success');
    expect(await screen.findByText(VERIFYING)).toBeTruthy();
    // The sidebar is left out on this page.
    expect(document.querySelector('aside nav[aria-label="Account"]')).toBeNull();
    await advance(1900);
    expect(checks(get)).toBe(0);

    await advance(100);
    expect(await screen.findByRole('heading', { name: 'Congratulations...' })).toBeTruthy();
    expect(screen.getByText('Your subscription plan has been purchased successfully!')).toBeTruthy();
    expect(screen.queryByText(VERIFYING)).toBeNull();
    expect(checks(get)).toBe(1);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Scholarship details', 'Easy Apply to every match', 'Essay help', 'Cancel anytime']);
    expect(screen.getByRole('button', { name: 'Start Applying' })).toBeTruthy();
    expect(isSubscribed()).toBe(true);
    expect(currentUser()?.isActiveSubscription).toBe(true);
    // The top bar follows the flag.
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'View Subscription Plan' })).toBeTruthy();

    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Start Applying' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/dashboard'));
  });

  it('offers the automatic application switch, saying what it does, off until the member turns it on', async () => {
    signIn(false);
    serveActiveWithSetting({ enabled: false, member: true });
    const put = mockApi('PUT').mockResolvedValue(apiAnswer(200, { statusCode: 200, message: 'Automatic application is on', data: { enabled: true, member: true } }));
    renderAppAt('/auth/dashboard/success');
    await screen.findByText(VERIFYING);
    // Nothing is asked about the setting before the membership is confirmed.
    expect(screen.queryByRole('checkbox', { name: 'Apply automatically' })).toBeNull();
    await advance(2000);

    expect(await screen.findByRole('heading', { level: 2, name: 'Automatic application' })).toBeTruthy();
    expect(screen.getByText(AUTO_APPLY_TEXT)).toBeTruthy();
    const toggle = (await screen.findByRole('checkbox', { name: 'Apply automatically' })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(toggle.disabled).toBe(false);
    expect(put).not.toHaveBeenCalled();

    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(toggle);
    expect(put).toHaveBeenCalledWith(AUTO_APPLY_PATH, { body: { enabled: true } });
    await waitFor(() => expect((screen.getByRole('checkbox', { name: 'Apply automatically' }) as HTMLInputElement).checked).toBe(true));
  });

  it('asks again while the provider has not reported yet, and congratulates once it has', async () => {
    signIn(false);
    const get = serveChecks(currentAnswer(null), currentAnswer(subscriptionRecord()));
    renderAppAt('/auth/dashboard/success');
    await screen.findByText(VERIFYING);
    await advance(2000);
    expect(checks(get)).toBe(1);
    expect(screen.getByText(VERIFYING)).toBeTruthy();
    await advance(1000);
    expect(checks(get)).toBe(2);
    expect(await screen.findByRole('heading', { name: 'Congratulations...' })).toBeTruthy();
    expect(isSubscribed()).toBe(true);
  });

  it("says 'Error validating subscription' when it stays inactive, stores false and returns to the dashboard after 1 s", async () => {
    signIn(true);
    const get = serveChecks(currentAnswer(subscriptionRecord({ status: 'expired', is_active_subscription: false })));
    const router = renderAppAt('/auth/dashboard/success');
    await screen.findByText(VERIFYING);
    await advance(2000);
    await advance(1000);
    expect(screen.queryByText('Error validating subscription')).toBeNull();
    await advance(1000);
    expect(checks(get)).toBe(3);
    expect(await screen.findByText('Error validating subscription')).toBeTruthy();
    expect(isSubscribed()).toBe(false);
    expect(router.state.location.pathname).toBe('/auth/dashboard/success');

    await advance(1000);
    expect(router.state.location.pathname).toBe('/auth/dashboard');
    expect(router.history.location.pathname).toBe('/auth/dashboard');
    // Back does not return to the page (it replaced itself); the dashboard checks once more on load.
    expect(router.history.length).toBe(1);
  });

  it('treats a failed check like an inactive one', async () => {
    signIn(true);
    const get = serveChecks(apiAnswer(400, { statusCode: 400, description: 'No.' }));
    const router = renderAppAt('/auth/dashboard/success');
    await screen.findByText(VERIFYING);
    await advance(4000);
    expect(checks(get)).toBe(3);
    expect(await screen.findByText('Error validating subscription')).toBeTruthy();
    expect(isSubscribed()).toBe(false);
    await advance(1000);
    expect(router.state.location.pathname).toBe('/auth/dashboard');
  });
});
