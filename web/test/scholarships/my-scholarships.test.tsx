import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../src/api/client';
import type { ApplicationStatus, MyScholarship } from '../../src/api/scholarships';
import { apiAnswer, mockApi, myScholarship } from './fixtures';
import { isolateAppTests, renderAppAt, signIn } from './render-app';

/**
 * The API with 8 submitted applications and 1 draft. It answers each status with its own items,
 * plus one stray item of the other status, which the screen must still keep out of the tab.
 */
function serveApplications({ received = 8, drafts = 1 } = {}) {
  const applications = [
    ...Array.from({ length: received }, (_, index) => myScholarship(index + 1, 'Received')),
    ...Array.from({ length: drafts }, (_, index) => myScholarship(100 + index, 'Draft')),
  ];
  const stray = (status: ApplicationStatus) => myScholarship(999, status === 'Draft' ? 'Received' : 'Draft');
  mockApi('GET').mockImplementation(async (path, init) => {
    const status = (init as { params?: { query?: { status?: ApplicationStatus } } } | undefined)?.params?.query?.status;
    if (path === '/api/v1/scholarships/me/scholarships' && status) {
      const ofStatus = applications.filter((item) => item.scholarshipStatus === status);
      return apiAnswer(200, { statusCode: 200, data: ofStatus.length ? [...ofStatus, stray(status)] : [] });
    }
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
}

const cardTitles = () => screen.queryAllByRole('article').map((card) => within(card).getByRole('heading').textContent);

describe('My Scholarships', () => {
  isolateAppTests();

  it('opens on Applied: only Received applications, 6 a page, asked for by status', async () => {
    signIn();
    serveApplications();
    renderAppAt('/auth/dashboard/myScholarship');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Scholarships' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Applied' }).getAttribute('aria-selected')).toBe('true');
    expect(await screen.findByRole('article', { name: 'Scholarship 1' })).toBeTruthy();
    expect(cardTitles()).toEqual(['Scholarship 1', 'Scholarship 2', 'Scholarship 3', 'Scholarship 4', 'Scholarship 5', 'Scholarship 6']);
    expect(api.GET).toHaveBeenCalledWith('/api/v1/scholarships/me/scholarships', {
      params: { query: { status: 'Received' } },
      signal: expect.any(AbortSignal),
    });
    const pager = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pager).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/auth/dashboard/myScholarship?page=2');
  });

  it('?tab=draft shows only the drafts; choosing Applied puts ?tab=applied in the address', async () => {
    signIn();
    serveApplications();
    const router = renderAppAt('/auth/dashboard/myScholarship?tab=draft');
    expect(await screen.findByRole('article', { name: 'Scholarship 100' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Draft' }).getAttribute('aria-selected')).toBe('true');
    expect(cardTitles()).toEqual(['Scholarship 100']);

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Applied' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'applied' }));
    expect(await screen.findByRole('article', { name: 'Scholarship 1' })).toBeTruthy();
    expect(screen.queryByRole('article', { name: 'Scholarship 100' })).toBeNull();
    expect(screen.queryByRole('article', { name: 'Scholarship 999' })).toBeNull();
  });

  it("shows each submitted application's review status as the provider moves it; a draft has none", async () => {
    signIn();
    const reviewed = (n: number, reviewStatus: MyScholarship['reviewStatus']) => ({ ...myScholarship(n, 'Received'), reviewStatus });
    const applied = [reviewed(1, 'Received'), reviewed(2, 'Under review'), reviewed(3, 'Shortlisted'), reviewed(4, 'Winner'), reviewed(5, 'Not selected')];
    mockApi('GET').mockImplementation(async (path, init) => {
      const status = (init as { params?: { query?: { status?: ApplicationStatus } } } | undefined)?.params?.query?.status;
      const data = status === 'Received' ? applied : [{ ...myScholarship(100, 'Draft'), reviewStatus: null }];
      return apiAnswer(200, { statusCode: 200, data });
    });
    renderAppAt('/auth/dashboard/myScholarship');
    await screen.findByRole('article', { name: 'Scholarship 1' });
    const statusOf = (title: string) => within(screen.getByRole('article', { name: title })).getByText(/^Review status:/, { selector: 'span' }).parentElement?.textContent;
    expect(['Scholarship 1', 'Scholarship 2', 'Scholarship 3', 'Scholarship 4', 'Scholarship 5'].map(statusOf)).toEqual([
      'Review status: Received',
      'Review status: Under review',
      'Review status: Shortlisted',
      'Review status: Winner',
      'Review status: Not selected',
    ]);

    await userEvent.setup().click(screen.getByRole('tab', { name: 'Draft' }));
    const draft = await screen.findByRole('article', { name: 'Scholarship 100' });
    expect(within(draft).queryByText(/Review status/)).toBeNull();
  });

  it("says 'No Data' on a tab with nothing in it", async () => {
    signIn();
    serveApplications({ drafts: 0 });
    renderAppAt('/auth/dashboard/myScholarship?tab=draft');
    expect(await screen.findByText('No Data')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it("opens one's own application's details without a membership", async () => {
    signIn(false);
    serveApplications();
    const router = renderAppAt('/auth/dashboard/myScholarship?tab=draft');
    const card = await screen.findByRole('article', { name: 'Scholarship 100' });
    const link = within(card).getByRole('link', { name: 'View details' });
    expect(link.getAttribute('href')).toBe(`/auth/scholarshipDetail?${myScholarship(100, 'Draft').id}`);
    await userEvent.setup().click(link);
    await waitFor(() => expect(router.history.location.pathname).toBe('/auth/scholarshipDetail'));
  });

  it('marks an application that automatic application sent, with its day; the others have no such line', async () => {
    signIn(true);
    const automatic = { ...myScholarship(1, 'Received'), appliedAutomaticallyAt: '2026-11-21T15:30:00.000Z' };
    mockApi('GET').mockResolvedValue(apiAnswer(200, { statusCode: 200, data: [automatic, myScholarship(2, 'Received')] }));
    renderAppAt('/auth/dashboard/myScholarship');
    const card = await screen.findByRole('article', { name: 'Scholarship 1' });
    expect(within(card).getByText(/^Applied automatically on November 2[12], 2026$/)).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Scholarship 2' })).queryByText(/Applied automatically/)).toBeNull();
  });
});
