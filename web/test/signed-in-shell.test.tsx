import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../src/api/client';
import { apiAnswer, eligibleScholarship, mockApi, wishlistEntry } from './scholarships/fixtures';
import { isolateAppTests, renderAppAt as renderAt, signIn } from './scholarships/render-app';
import { plansAnswer } from './membership/fixtures';

/** The API as a student with 7 saved scholarships and 13 Easy Apply matches sees it. */
function serveLists() {
  const easyApply = Array.from({ length: 13 }, (_, index) => eligibleScholarship(index + 1));
  mockApi('GET').mockImplementation(async (path, init) => {
    const query = (init as { params?: { query?: { offset?: number; limit?: number } } } | undefined)?.params?.query;
    if (path === '/api/v1/subscription-plans') return plansAnswer();
    if (path === '/api/v1/scholarships/get-wishlist') return apiAnswer(200, { statusCode: 200, data: Array.from({ length: 7 }, (_, index) => wishlistEntry(index + 1)) });
    if (path === '/api/v1/scholarships/mine-eligible-scholarships/count') return apiAnswer(200, { statusCode: 200, data: easyApply.length });
    if (path === '/api/v1/scholarships/mine-eligible-scholarships') {
      const offset = query?.offset ?? 0;
      return apiAnswer(200, { statusCode: 200, data: easyApply.slice(offset, offset + (query?.limit ?? 6)) });
    }
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  return mockApi('PUT').mockImplementation(() => new Promise(() => undefined));
}

/** The wide-screen sidebar's menu. jsdom matches no media query, so it is display:none here: read it as hidden. */
async function accountNav() {
  await waitFor(() => expect(document.querySelector('aside nav[aria-label="Account"]')).not.toBeNull());
  return document.querySelector<HTMLElement>('aside nav[aria-label="Account"]')!;
}

describe('the signed-in shell and the scholarship lists', () => {
  isolateAppTests();

  it("has the seed's sidebar, marks the page on screen, and the navbar's buttons", async () => {
    signIn();
    serveLists();
    renderAt('/auth/dashboard/inbox');
    const nav = await accountNav();
    const links = within(nav).getAllByRole('link', { hidden: true });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/auth/dashboard'],
      ['Easy Apply', '/auth/dashboard/easy-apply'],
      ['Recommendation', '/auth/dashboard/recommendation'],
      ['Wishlist / Saved', '/auth/dashboard/saved'],
      ['My Scholarship', '/auth/dashboard/myScholarship'],
      ['Track Applications', '/auth/dashboard/trackApplications'],
      ['Inbox', '/auth/dashboard/inbox'],
      ['Profile', '/auth/profile'],
      ['Subscription Support', '/auth/dashboard/subscription-support'],
      ['Support', '/auth/dashboard/support'],
      ['Assistance', '/auth/dashboard/assistance'],
      ['Setting', '/auth/dashboard/setting'],
    ]);
    expect(within(nav).getByRole('button', { name: 'Logout', hidden: true })).toBeTruthy();
    expect(links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent)).toEqual(['Inbox']);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeTruthy();

    const header = screen.getByRole('banner');
    expect(within(header).getByRole('link', { name: 'Get Full Access' }).getAttribute('href')).toBe('/auth/dashboard/subscription-plan');
    expect(within(header).getByRole('link', { name: 'Inbox' }).getAttribute('href')).toBe('/auth/dashboard/inbox');
    expect(within(header).getByRole('link', { name: 'ScholarMatch home' }).getAttribute('href')).toBe('/auth/dashboard');
    expect(within(header).getByRole('button', { name: /account menu$/ })).toBeTruthy();
  });

  it("offers members 'View Subscription Plan'", async () => {
    signIn(true);
    serveLists();
    renderAt('/auth/dashboard/support');
    expect((await screen.findByRole('link', { name: 'View Subscription Plan' })).getAttribute('href')).toBe('/auth/dashboard/plan');
  });

  it('pages Easy Apply 6 at a time from ?page, asking the API for offset (page - 1) × 6', async () => {
    signIn();
    serveLists();
    renderAt('/auth/dashboard/easy-apply?page=3');
    expect(await screen.findByRole('heading', { level: 1, name: 'Easy Apply Scholarships' })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Scholarship 13' })).toBeTruthy();
    expect(api.GET).toHaveBeenCalledWith('/api/v1/scholarships/mine-eligible-scholarships', {
      params: { query: { withoutRequirement: true, offset: 12, limit: 6 } },
      signal: expect.any(AbortSignal),
    });
    expect(api.GET).toHaveBeenCalledWith('/api/v1/scholarships/mine-eligible-scholarships/count', {
      params: { query: { withoutRequirement: true } },
      signal: expect.any(AbortSignal),
    });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('link', { name: 'Page 3' }).getAttribute('aria-current')).toBe('page');
    expect(within(pager).getByRole('link', { name: 'Previous page' }).getAttribute('href')).toBe('/auth/dashboard/easy-apply?page=2');
    expect(within(pager).getByRole('link', { name: 'Page 1' }).getAttribute('href')).toBe('/auth/dashboard/easy-apply');
    expect(within(pager).queryByRole('link', { name: 'Next page' })).toBeNull();

    await userEvent.setup().click(within(pager).getByRole('link', { name: 'Page 1' }));
    expect(await screen.findByRole('article', { name: 'Scholarship 1' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(6));
  });

  it('pages the whole wishlist in the browser, and an unhearted entry leaves at once', async () => {
    signIn();
    const put = serveLists();
    renderAt('/auth/dashboard/saved');
    expect(await screen.findByRole('article', { name: 'Scholarship 6' })).toBeTruthy();
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(screen.queryByRole('article', { name: 'Scholarship 7' })).toBeNull();

    const card = screen.getByRole('article', { name: 'Scholarship 2' });
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Remove from wishlist' }));
    // The request never answers here: the card goes before any answer.
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Scholarship 2' })).toBeNull());
    expect(put).toHaveBeenCalledWith('/api/v1/scholarships/remove-wishlist', { body: { scholarshipId: wishlistEntry(2).scholarshipId } });
    expect(screen.getByRole('article', { name: 'Scholarship 7' })).toBeTruthy();
  });

  it("says 'No Data' for an empty list", async () => {
    signIn();
    mockApi('GET').mockImplementation(async (path) =>
      apiAnswer(200, { statusCode: 200, data: path.endsWith('/count') ? 0 : [] }),
    );
    renderAt('/auth/dashboard/recommendation');
    expect(await screen.findByText('No Data')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it("shows the server's description when a list fails", async () => {
    signIn();
    mockApi('GET').mockImplementation(async () => apiAnswer(400, { statusCode: 400, description: 'Your profile could not be read.' }));
    renderAt('/auth/dashboard/easyApplyWithCv');
    expect(await screen.findByText('Your profile could not be read.')).toBeTruthy();
  });

  it("opens 'Membership Options' below 962 px for a non-member, and 'No Thanks' closes it", async () => {
    signIn(false);
    serveLists();
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 800 });
    const router = renderAt('/auth/dashboard/easy-apply');
    const card = await screen.findByRole('article', { name: 'Scholarship 1' });
    const user = userEvent.setup();
    await user.click(within(card).getByRole('link', { name: 'View details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Membership Options' });
    // The plans arrive after the popup (its code loads when it first opens; the plans are fetched then).
    expect(await within(dialog).findByRole('button', { name: 'Activate 7 Days' })).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'No Thanks' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Membership Options' })).toBeNull());
    expect(router.state.location.pathname).toBe('/auth/dashboard/easy-apply');
  });

  it('sends a non-member on a wide screen to the plans page', async () => {
    signIn(false);
    serveLists();
    const router = renderAt('/auth/dashboard/easy-apply');
    const card = await screen.findByRole('article', { name: 'Scholarship 1' });
    await userEvent.setup().click(within(card).getByRole('link', { name: 'Scholarship 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/dashboard/subscription-plan'));
    // The plans page names the scholarship the card was for.
    expect(await screen.findByRole('region', { name: 'To see Scholarship 1, become a member' })).toBeTruthy();
  });

  it('sends a member to the details, the id being the whole query string', async () => {
    signIn(true);
    serveLists();
    const router = renderAt('/auth/dashboard/easy-apply');
    const card = await screen.findByRole('article', { name: 'Scholarship 1' });
    const link = within(card).getByRole('link', { name: 'View details' });
    expect(link.getAttribute('href')).toBe(`/auth/scholarshipDetail?${eligibleScholarship(1).id}`);
    await userEvent.setup().click(link);
    await waitFor(() => expect(router.history.location.pathname).toBe('/auth/scholarshipDetail'));
    expect(router.history.location.search).toBe(`?${eligibleScholarship(1).id}`);
  });

  it('/auth/inbox is the inbox too (seed 001 names both addresses)', async () => {
    signIn();
    serveLists();
    const router = renderAt('/auth/inbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/dashboard/inbox');
  });
});
