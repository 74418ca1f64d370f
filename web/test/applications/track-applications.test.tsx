import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TrackedApplication } from '../../src/api/applications';
import { api } from '../../src/api/client';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from '../scholarships/render-app';

const TRACKER_PATH = '/api/v1/scholarships/me/applications';

/** One application as the tracker receives it; `n` makes its ids and title. */
function tracked(n: number, overrides: Partial<TrackedApplication> = {}): TrackedApplication {
  return {
    id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    scholarshipId: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Scholarship ${n}`,
    sponsor: 'Hillcrest Foundation',
    totalAmount: 2500,
    deadline: '2027-03-31',
    status: 'Received',
    reviewStatus: 'Received',
    appliedAutomatically: false,
    submittedAt: '2026-11-10T09:00:00.000Z',
    updatedAt: '2026-11-10T09:00:00.000Z',
    events: [{ status: 'Submitted', at: '2026-11-10T09:00:00.000Z', backfilled: false }],
    essays: [],
    messages: { total: 0, unread: 0 },
    ...overrides,
  };
}

const SHORTLISTED = tracked(1, {
  reviewStatus: 'Shortlisted',
  events: [
    { status: 'Draft', at: '2026-11-02T12:00:00.000Z', backfilled: false },
    { status: 'Submitted', at: '2026-11-05T12:00:00.000Z', backfilled: false },
    { status: 'Under review', at: '2026-11-12T12:00:00.000Z', backfilled: false },
    { status: 'Shortlisted', at: '2026-11-20T12:00:00.000Z', backfilled: false },
  ],
  messages: { total: 3, unread: 1 },
});
const DRAFT = tracked(2, {
  status: 'Draft',
  reviewStatus: null,
  submittedAt: null,
  events: [{ status: 'Draft', at: '2026-11-21T12:00:00.000Z', backfilled: false }],
  essays: [{ key: 'essay', title: 'Personal essay', answer: null }],
});
const WON_BEFORE_TRACKING = tracked(3, { reviewStatus: 'Winner', events: [{ status: 'Winner', at: '2026-10-01T12:00:00.000Z', backfilled: true }] });

function serveTracker(pages: TrackedApplication[][], total = pages.flat().length) {
  return mockApi('GET').mockImplementation(async (path, init) => {
    if (path !== TRACKER_PATH) return apiAnswer(404, { description: `not mocked: ${path}` });
    const offset = (init as { params: { query: { offset: number } } }).params.query.offset;
    let seen = 0;
    const page = pages.find((items) => (seen += items.length) > offset) ?? [];
    return apiAnswer(200, { statusCode: 200, data: page, meta: { total, offset, limit: 20 } });
  });
}

const card = (title: string) => screen.getByRole('article', { name: title });
const historyOf = (title: string) =>
  within(within(card(title)).getByRole('list', { name: `History of ${title}` }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('Track Applications', () => {
  isolateAppTests();

  it('shows every application with its history as a timeline, oldest step first, with dates and what comes next', async () => {
    signIn();
    serveTracker([[SHORTLISTED, DRAFT, WON_BEFORE_TRACKING]]);
    renderAppAt('/auth/dashboard/trackApplications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Track Applications' })).toBeTruthy();
    await screen.findByRole('article', { name: 'Scholarship 1' });
    expect(screen.getByText(/3 in all\./)).toBeTruthy();
    expect(api.GET).toHaveBeenCalledWith(TRACKER_PATH, { params: { query: { offset: 0, limit: 20 } }, signal: expect.any(AbortSignal) });

    expect(historyOf('Scholarship 1')).toEqual([
      'Draft saved · 02 November, 2026You started the application.',
      'Submitted · 05 November, 2026You sent it to Hillcrest Foundation.',
      'Under review · 12 November, 2026Hillcrest Foundation is reviewing it.',
      'Shortlisted · 20 November, 2026It is on the shortlist.',
      'Next: the winners are chosen.',
    ]);
    expect(within(card('Scholarship 1')).getByText('Shortlisted', { selector: 'span' }).textContent).toBe('Status: Shortlisted');
    expect(historyOf('Scholarship 2')).toEqual(['Draft saved · 21 November, 2026You started the application.', 'Next: submit it before the deadline.']);
    // A decision recorded from the state the application was in: said so, and nothing comes next.
    expect(historyOf('Scholarship 3')).toEqual([
      'Winner · 01 October, 2026You have been selected as a winner. Recorded when tracking began: the date is its last change known.',
    ]);
  });

  it("links each application to the inbox's messages about it, and a draft to its application and its essay upload", async () => {
    signIn();
    serveTracker([[SHORTLISTED, DRAFT]]);
    const router = renderAppAt('/auth/dashboard/trackApplications');
    await screen.findByRole('article', { name: 'Scholarship 1' });
    const messages = within(card('Scholarship 1')).getByRole('link', { name: 'Messages (3), 1 unread about Scholarship 1' });
    expect(messages.getAttribute('href')).toBe(`/auth/dashboard/inbox?scholarshipId=${SHORTLISTED.scholarshipId}`);
    expect(within(card('Scholarship 1')).queryByRole('link', { name: /Continue application/ })).toBeNull();

    const draft = card('Scholarship 2');
    expect(within(draft).getByRole('link', { name: 'Messages (0) about Scholarship 2' })).toBeTruthy();
    expect(within(draft).getByRole('link', { name: 'Continue application to Scholarship 2' }).getAttribute('href')).toBe(`/auth/scholarshipDetail?${DRAFT.scholarshipId}`);
    const upload = within(draft).getByRole('link', { name: 'Upload essay for Scholarship 2' });
    expect(upload.getAttribute('href')).toBe(`/auth/uploadEssay?${DRAFT.scholarshipId}`);
    await userEvent.setup().click(upload);
    await waitFor(() => expect(router.history.location.href).toBe(`/auth/uploadEssay?${DRAFT.scholarshipId}`));
  });

  it('is in the sidebar after My Scholarship, marked as the page on screen', async () => {
    signIn();
    serveTracker([[SHORTLISTED]]);
    renderAppAt('/auth/dashboard/trackApplications');
    await waitFor(() => expect(document.querySelector('aside nav[aria-label="Account"]')).not.toBeNull());
    const nav = document.querySelector<HTMLElement>('aside nav[aria-label="Account"]')!;
    const labels = within(nav).getAllByRole('link', { hidden: true }).map((link) => link.textContent);
    expect(labels.slice(4, 6)).toEqual(['My Scholarship', 'Track Applications']);
    const link = within(nav).getByRole('link', { name: 'Track Applications', hidden: true });
    expect(link.getAttribute('href')).toBe('/auth/dashboard/trackApplications');
    expect(link.getAttribute('aria-current')).toBe('page');
  });

  it('loads 20 at a time and shows more on demand', async () => {
    signIn();
    const first = Array.from({ length: 20 }, (_, index) => tracked(index + 1));
    serveTracker([first, [tracked(21)]]);
    renderAppAt('/auth/dashboard/trackApplications');
    await screen.findByRole('article', { name: 'Scholarship 20' });
    expect(screen.queryByRole('article', { name: 'Scholarship 21' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show more applications' }));
    expect(await screen.findByRole('article', { name: 'Scholarship 21' })).toBeTruthy();
    expect(api.GET).toHaveBeenLastCalledWith(TRACKER_PATH, { params: { query: { offset: 20, limit: 20 } }, signal: expect.any(AbortSignal) });
    expect(screen.queryByRole('button', { name: 'Show more applications' })).toBeNull();
  });

  it('says when there is nothing to track, and where to start', async () => {
    signIn();
    serveTracker([[]]);
    renderAppAt('/auth/dashboard/trackApplications');
    expect(await screen.findByRole('heading', { name: 'No applications yet' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your recommendations' }).getAttribute('href')).toBe('/auth/dashboard/recommendation');
  });

  it("shows the server's description when the list cannot be loaded, and tries again", async () => {
    signIn();
    const get = mockApi('GET').mockResolvedValue(apiAnswer(503, { description: 'The database is unavailable; please try again in a moment.' }));
    renderAppAt('/auth/dashboard/trackApplications');
    expect(await screen.findByText('The database is unavailable; please try again in a moment.', {}, { timeout: 5000 })).toBeTruthy();
    get.mockImplementation(async () => apiAnswer(200, { statusCode: 200, data: [SHORTLISTED], meta: { total: 1, offset: 0, limit: 20 } }));
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Scholarship 1' })).toBeTruthy();
  });
});
