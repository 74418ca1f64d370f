import { describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentUser, saveSession } from '../../src/session/session-store';
import { ACCESS } from '../session-fixtures';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn, STUDENT } from '../scholarships/render-app';
import { SWEEPSTAKES_RULES_ANCHOR } from '../../src/pages/public/site-page';

const SWEEPSTAKES = {
  id: '7d1e8f6a-3b2c-4d5e-8f90-1a2b3c4d5e6f',
  title: '$1,000 Spring Sweepstakes',
  description: 'One entry, one winner in May.',
  endsAt: '2027-05-01T00:00:00.000Z',
  applied: false,
};
const ENTER_PATH = '/api/v1/register-applicants/apply-scholarship/{sweepstakesId}';

/** The dashboard's calls: the running sweepstakes as given (data null: none); everything else empty. */
function serveDashboard(current: { status: number; body: unknown }, entry?: { status: number; body: unknown }) {
  const get = mockApi('GET').mockImplementation(async (path) => {
    if (path === '/api/v1/sweepstakes/current') return apiAnswer(current.status, current.body);
    if (path === '/api/v1/scholarships/dashboard-summary') {
      return apiAnswer(200, { statusCode: 200, data: { appliedScholarship: 0, yourRecommendation: 0, scholarshipAmount: 0, expiringSoon: 0, unlock: { count: 0, totalValue: 0 } } });
    }
    if (path === '/api/v1/scholarships/mine-eligible-scholarships') return apiAnswer(200, { statusCode: 200, data: [] });
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  const post = mockApi('POST').mockImplementation(async () => apiAnswer(entry?.status ?? 200, entry?.body));
  return { get, post };
}

const running = (overrides = {}) => ({ status: 200, body: { statusCode: 200, data: { ...SWEEPSTAKES, ...overrides } } });
const answering = (msg: string) => ({ status: 200, body: { statusCode: 200, data: { msg } } });

async function applyInPopup() {
  const popup = await screen.findByRole('dialog', { name: SWEEPSTAKES.title });
  expect(within(popup).getByText(SWEEPSTAKES.description)).toBeTruthy();
  await userEvent.setup().click(within(popup).getByRole('button', { name: 'Apply' }));
  return popup;
}

describe('the sweepstakes popup on the dashboard', () => {
  isolateAppTests();

  it("'Successfully applied for scholarship' closes the popup and marks the user applied", async () => {
    signIn();
    const { post } = serveDashboard(running(), answering('Successfully applied for scholarship'));
    renderAppAt('/auth/dashboard');
    await applyInPopup();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).toHaveBeenCalledWith(ENTER_PATH, { params: { path: { sweepstakesId: SWEEPSTAKES.id } } });
    expect(currentUser()?.isScholarshipApplied).toBe(true);
    expect(await screen.findByText('Successfully applied for scholarship')).toBeTruthy();
  });

  it("'Already applied for scholarship' marks the user applied and closes", async () => {
    signIn();
    serveDashboard(running(), answering('Already applied for scholarship'));
    renderAppAt('/auth/dashboard');
    await applyInPopup();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(currentUser()?.isScholarshipApplied).toBe(true);
  });

  it("'Please update your profile' leads to the profile step", async () => {
    signIn();
    serveDashboard(running(), answering('Please update your profile'));
    const router = renderAppAt('/auth/dashboard');
    await applyInPopup();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/userdetails'));
    expect(currentUser()?.isScholarshipApplied).toBe(false);
  });

  it('any other message is an error toast, and a failure the default one; the popup stays', async () => {
    signIn();
    const { post } = serveDashboard(running(), answering('Sweepstakes is closed'));
    renderAppAt('/auth/dashboard');
    const popup = await applyInPopup();
    expect(await screen.findByText('Sweepstakes is closed')).toBeTruthy();

    post.mockImplementation(async () => apiAnswer(500, { statusCode: 500, description: 'Server Error' }));
    await userEvent.setup().click(within(popup).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Failed to apply for scholarship. Please try again.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: SWEEPSTAKES.title })).toBeTruthy();
    expect(currentUser()?.isScholarshipApplied).toBe(false);
  });

  it('does not show when none runs', async () => {
    signIn();
    const { get } = serveDashboard({ status: 200, body: { statusCode: 200, data: null } });
    renderAppAt('/auth/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Maya!' })).toBeTruthy();
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/v1/sweepstakes/current', expect.anything()));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays away when the sweepstakes says it is entered', async () => {
    signIn();
    const { get } = serveDashboard(running({ applied: true }));
    renderAppAt('/auth/dashboard');
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/v1/sweepstakes/current', expect.anything()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Maya!' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows an entered applicant a dismissible banner instead of the popup, and remembers the dismissal', async () => {
    saveSession({ user: { ...STUDENT, isScholarshipApplied: true }, accessToken: 'access', refreshToken: 'refresh', access: ACCESS.applicant });
    serveDashboard({ status: 200, body: { statusCode: 200, data: { ...SWEEPSTAKES, applied: true } } });
    renderAppAt('/auth/dashboard');
    expect(await screen.findByText(`You are entered into the ${SWEEPSTAKES.title}*`)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Official Sweepstakes Rules' }).getAttribute('href')).toBe(`/terms#${SWEEPSTAKES_RULES_ANCHOR}`);
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss the sweepstakes notice' }));
    expect(screen.queryByText(/You are entered into the/)).toBeNull();
    cleanup();
    renderAppAt('/auth/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Maya!' })).toBeTruthy();
    expect(screen.queryByText(/You are entered into the/)).toBeNull();
  });
});
