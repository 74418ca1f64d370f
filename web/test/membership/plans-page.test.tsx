import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { leavePage } from '../../src/ui/leave-page';
import { pathAfterSignIn, pendingPlanChoice, rememberPlanChoice } from '../../src/pages/membership/plan-choice';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from '../scholarships/render-app';
import { CHECKOUT_PATH, CURRENT_PATH, currentAnswer, freeTrial, MONTHLY, PLANS_PATH, plansAnswer, QUARTERLY, YEARLY } from './fixtures';

const CHECKOUT_URL = '/api/v1/sandbox-checkout/cs_sandbox_1';

const TRIAL_USED_AT = '2027-03-05T12:00:00.000Z';

/**
 * Plans as listed, and (when given) the applicant's membership answer with their free trial; every
 * other GET is not this test's business. POST answers `checkout`.
 */
function servePlans(
  checkout: { status: number; body: unknown } = { status: 201, body: { statusCode: 201, data: { checkoutUrl: CHECKOUT_URL, sessionId: 'cs_sandbox_1' } } },
  current?: ReturnType<typeof currentAnswer>,
) {
  const get = mockApi('GET').mockImplementation(async (path) =>
    path === PLANS_PATH ? plansAnswer() : path === CURRENT_PATH && current ? current : apiAnswer(404, { description: `not mocked: ${path}` }),
  );
  const post = mockApi('POST').mockImplementation(async () => apiAnswer(checkout.status, checkout.body));
  return { get, post };
}

const planBox = (title: string) => screen.findByRole('article', { name: title });
const activateIn = (box: HTMLElement) => within(box).getByRole('button', { name: /^Activate 7 Days/ });

describe('the plans page', () => {
  isolateAppTests();
  afterEach(() => sessionStorage.clear());

  it("says 'Please wait...' while the plans load, then shows the three plans with prices, savings and benefits", async () => {
    signIn();
    let answer: (value: unknown) => void = () => undefined;
    mockApi('GET').mockImplementation((path) => (path === PLANS_PATH ? new Promise((resolve) => (answer = resolve)) : Promise.resolve(apiAnswer(404, {}))));
    renderAppAt('/auth/dashboard/subscription-plan');
    expect(await screen.findByText('Please wait...')).toBeTruthy();
    answer(plansAnswer());

    const monthly = await planBox('Monthly Plan');
    expect(within(monthly).getByText('$29')).toBeTruthy();
    expect(within(monthly).getByText('/month + taxes')).toBeTruthy();
    expect(within(monthly).queryByText(/^Save/)).toBeNull();
    expect(within(monthly).queryByText('Most Popular')).toBeNull();
    expect(within(monthly).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Scholarship details', 'Easy Apply to every match', 'Essay help', 'Cancel anytime',
    ]);

    const quarterly = await planBox('Quarterly Plan');
    expect(within(quarterly).getByText('Most Popular')).toBeTruthy();
    expect(within(quarterly).getByText('$19')).toBeTruthy();
    // 12 × 29 − 12 × 19
    expect(within(quarterly).getByText('Save $120.00 a year')).toBeTruthy();
    expect(within(quarterly).getByText('7-day free trial, then $57 every 3 months. Cancel anytime.')).toBeTruthy();

    const yearly = await planBox('Yearly Plan');
    // A price with cents keeps them; 12 × 29 − 12 × 14.50
    expect(within(yearly).getByText('$14.50')).toBeTruthy();
    expect(within(yearly).getByText('Save $174.00 a year')).toBeTruthy();
    expect(screen.queryByText('Please wait...')).toBeNull();
    for (const box of [monthly, quarterly, yearly]) expect(activateIn(box).textContent).toBe('Activate 7 Days');

    // The testimonials turn with their controls.
    const testimonials = screen.getByRole('region', { name: 'What members say' });
    expect(within(testimonials).getByText(/\$2,000 scholarship/)).toBeTruthy();
    await userEvent.setup().click(within(testimonials).getByRole('button', { name: 'Next testimonial' }));
    expect(within(testimonials).getByText(/\$5,000/)).toBeTruthy();
    await userEvent.setup().click(within(testimonials).getByRole('button', { name: 'Previous testimonial' }));
    expect(within(testimonials).getByText(/\$2,000 scholarship/)).toBeTruthy();
  });

  it("'Activate 7 Days' opens the checkout for the chosen plan and sends the browser to it", async () => {
    signIn();
    const { post } = servePlans();
    const leave = vi.spyOn(leavePage, 'to').mockImplementation(() => undefined);
    renderAppAt('/auth/dashboard/subscription-plan');
    await userEvent.setup().click(activateIn(await planBox('Yearly Plan')));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(post).toHaveBeenCalledWith(CHECKOUT_PATH, { body: { planId: YEARLY.id } });
    // While the browser leaves, the buttons stay busy.
    expect((activateIn(await planBox('Monthly Plan')) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's description when the checkout is refused", async () => {
    signIn();
    const description = 'You already have an active membership. See it under My Subscription plan.';
    servePlans({ status: 409, body: { statusCode: 409, description, errorCode: 'ALREADY_SUBSCRIBED' } });
    const leave = vi.spyOn(leavePage, 'to').mockImplementation(() => undefined);
    renderAppAt('/auth/dashboard/subscription-plan');
    await userEvent.setup().click(activateIn(await planBox('Monthly Plan')));
    expect(await screen.findByText(description)).toBeTruthy();
    expect(leave).not.toHaveBeenCalled();
    expect((activateIn(await planBox('Monthly Plan')) as HTMLButtonElement).disabled).toBe(false);
  });

  it('tells a person whose free trial is used that the plans bill at once, and on which day the trial was used', async () => {
    signIn();
    const { post } = servePlans(undefined, currentAnswer(null, freeTrial(TRIAL_USED_AT)));
    vi.spyOn(leavePage, 'to').mockImplementation(() => undefined);
    renderAppAt('/auth/dashboard/subscription-plan');
    expect(await screen.findByText('Your free trial was used on 05 March, 2027. The plan you choose now is billed at once.')).toBeTruthy();
    expect(screen.getByText(/You can cancel anytime\./)).toBeTruthy();
    expect(screen.queryByText(/free trial, and you can cancel/)).toBeNull();

    const quarterly = await planBox('Quarterly Plan');
    expect(within(quarterly).getByText('Billed at once: $57 every 3 months. Cancel anytime.')).toBeTruthy();
    expect(within(quarterly).queryByText(/day free trial/)).toBeNull();
    const activate = within(quarterly).getByRole('button', { name: 'Activate Now: Quarterly Plan' });
    expect(activate.textContent).toBe('Activate Now');
    await userEvent.setup().click(activate);
    await waitFor(() => expect(post).toHaveBeenCalledWith(CHECKOUT_PATH, { body: { planId: QUARTERLY.id } }));
  });

  it('shows the buttons again to a person whose membership ended since the flag was stored', async () => {
    signIn(true);
    servePlans(undefined, currentAnswer(null, freeTrial(TRIAL_USED_AT)));
    renderAppAt('/auth/dashboard/subscription-plan');
    await within(await planBox('Monthly Plan')).findByRole('button', { name: 'Activate Now: Monthly Plan' });
    expect(screen.queryByRole('link', { name: 'My Subscription plan' })).toBeNull();
  });

  it('offers the trial to a person who has not had one', async () => {
    signIn();
    servePlans(undefined, currentAnswer(null, freeTrial()));
    renderAppAt('/auth/dashboard/subscription-plan');
    expect(within(await planBox('Monthly Plan')).getByText('7-day free trial, then $29 every month. Cancel anytime.')).toBeTruthy();
    expect(screen.queryByText(/Your free trial was used/)).toBeNull();
  });

  it('shows a member a note and the way to My Subscription plan instead of the buttons', async () => {
    signIn(true);
    servePlans();
    renderAppAt('/auth/dashboard/subscription-plan');
    await planBox('Quarterly Plan');
    expect(screen.queryByRole('button', { name: /Activate 7 Days/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'My Subscription plan' }).getAttribute('href')).toBe('/auth/dashboard/plan');
  });

  it('is open to visitors at /membership, where the button leads to sign-up and the plan is kept for afterwards', async () => {
    const { post } = servePlans();
    const router = renderAppAt('/membership');
    await userEvent.setup().click(activateIn(await planBox('Quarterly Plan')));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
    expect(post.mock.calls.map(([path]) => path)).not.toContain(CHECKOUT_PATH);
    expect(pendingPlanChoice()).toBe(QUARTERLY.id);
    // After sign-up and registration (or a login) the person comes back to the plans.
    expect(pathAfterSignIn()).toBe('/auth/dashboard/subscription-plan');
  });

  it('marks the plan picked before signing up, once', async () => {
    signIn();
    servePlans();
    rememberPlanChoice(MONTHLY.id);
    renderAppAt('/auth/dashboard/subscription-plan');
    expect(within(await planBox('Monthly Plan')).getByText('Your choice')).toBeTruthy();
    expect(within(await planBox('Quarterly Plan')).queryByText('Your choice')).toBeNull();
    await waitFor(() => expect(pendingPlanChoice()).toBeNull());
    expect(pathAfterSignIn()).toBe('/auth/dashboard');
  });

  it('sends a signed-in visitor of /membership to the account plans page', async () => {
    signIn();
    servePlans();
    const router = renderAppAt('/membership');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/dashboard/subscription-plan'));
    expect(await planBox('Monthly Plan')).toBeTruthy();
  });
});

describe('the membership popup (below 962 px)', () => {
  isolateAppTests();

  it("opens from 'Get Full Access' with a benefits carousel and three price tiles, and activates the tile chosen", async () => {
    signIn();
    const { post } = servePlans();
    const leave = vi.spyOn(leavePage, 'to').mockImplementation(() => undefined);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    const router = renderAppAt('/auth/dashboard/setting');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Get Full Access' }));

    const dialog = await screen.findByRole('dialog', { name: 'Membership Options' });
    expect(router.state.location.pathname).toBe('/auth/dashboard/setting');
    expect(within(dialog).getByRole('region', { name: 'What a membership adds' })).toBeTruthy();
    const tiles = await within(dialog).findAllByRole('radio');
    expect(tiles).toHaveLength(3);
    // The most popular plan is chosen at first.
    expect((within(dialog).getByRole('radio', { name: /Quarterly/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(dialog).getByText('Save $120.00 a year')).toBeTruthy();

    await user.click(within(dialog).getByText('Monthly'));
    await waitFor(() => expect((within(dialog).getByRole('radio', { name: /Monthly/ }) as HTMLInputElement).checked).toBe(true));
    await user.click(within(dialog).getByRole('button', { name: 'Activate 7 Days' }));
    await waitFor(() => expect(leave).toHaveBeenCalledWith(CHECKOUT_URL));
    expect(post).toHaveBeenCalledWith(CHECKOUT_PATH, { body: { planId: MONTHLY.id } });
  });

  it("says in the popup when the person's free trial was used, and activates with 'Activate Now'", async () => {
    signIn();
    servePlans(undefined, currentAnswer(null, freeTrial(TRIAL_USED_AT)));
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    renderAppAt('/auth/dashboard/setting');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Get Full Access' }));
    const dialog = await screen.findByRole('dialog', { name: 'Membership Options' });
    expect(await within(dialog).findByText('Your free trial was used on 05 March, 2027. The plan you choose now is billed at once. Cancel anytime.')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Activate Now' })).toBeTruthy();
  });

  it("opens from Settings' 'Buy Subscription Plan' at 961 px, and 'No Thanks' closes it", async () => {
    signIn();
    servePlans();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 961 });
    renderAppAt('/auth/dashboard/setting');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Buy Subscription Plan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Membership Options' });
    await user.click(within(dialog).getByRole('button', { name: 'No Thanks' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Membership Options' })).toBeNull());
  });

  it('is the plans page from 962 px on', async () => {
    signIn();
    servePlans();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 962 });
    const router = renderAppAt('/auth/dashboard/setting');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Buy Subscription Plan' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/dashboard/subscription-plan'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
