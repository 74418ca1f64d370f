import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../src/pages/provider/shell/ProviderLayout';
import { apiAnswer, mockApi } from './scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from './scholarships/render-app';
import { overviewOf, SCHOLARSHIP_ID, scholarshipDetail, serveStudio, signInProvider } from './provider/studio-fixtures';
import { serveReview } from './provider/review-fixtures';

const WENT_WRONG = 'Something went wrong';
const NOT_FOUND = 'We could not find that page';
const ok = (data: unknown) => apiAnswer(200, { statusCode: 200, data });

/** Every call answers 404: these tests look at the error screens, not at data. */
function quietApi() {
  for (const method of ['GET', 'POST', 'PUT'] as const) {
    mockApi(method).mockImplementation(async (path) => apiAnswer(404, { description: `not mocked: ${path}` }));
  }
}

/** The studio's sidebar: present when an error screen is drawn inside the studio's frame. */
const studioSidebar = () => document.querySelector('aside nav[aria-label="Account"]');

describe("the seeds' error screens at their addresses", () => {
  isolateAppTests();

  it('/auth/error-1 says something went wrong, with Try again and the way home, signed out', async () => {
    quietApi();
    renderAppAt('/auth/error-1');
    expect(await screen.findByRole('heading', { level: 1, name: WENT_WRONG })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });

  it("/auth/error-1's Try again returns to the page the person came from", async () => {
    quietApi();
    signIn();
    const router = renderAppAt('/faq');
    await screen.findByRole('heading', { level: 1, name: /Frequently asked questions/ });
    await router.navigate({ to: '/auth/error-1' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/faq'));
  });

  it('/auth/error-2 says the page or record does not exist, with the way to the dashboard when signed in', async () => {
    quietApi();
    signIn();
    renderAppAt('/auth/error-2');
    expect(await screen.findByRole('heading', { level: 1, name: NOT_FOUND })).toBeTruthy();
    expect(screen.getByText(/The page or record you asked for does not exist/)).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' }).getAttribute('href')).toBe('/auth/dashboard');
    expect(screen.getByRole('link', { name: 'Home page' }).getAttribute('href')).toBe('/');
  });

  it('an unknown address is the same error-2 screen; a provider is offered the studio', async () => {
    quietApi();
    signInProvider();
    renderAppAt('/app/no-such-screen');
    expect(await screen.findByRole('heading', { level: 1, name: NOT_FOUND })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the studio' }).getAttribute('href')).toBe('/app');
  });
});

describe('the app uses them', () => {
  isolateAppTests();

  it('a page that breaks shows error-1 inside its frame, and Try again asks the server again and recovers', async () => {
    signInProvider();
    serveStudio();
    const get = mockApi('GET');
    const served = get.getMockImplementation()!;
    // A list that is not a list: the page cannot draw it.
    let broken = true;
    get.mockImplementation(async (path, init) =>
      path === '/api/v1/providers/scholarships/overview' ? ok(broken ? { unexpected: true } : overviewOf([scholarshipDetail({ status: 'published' })])) : served(path, init),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const router = renderAppAt('/app/applicants');
    expect(await screen.findByRole('heading', { level: 1, name: WENT_WRONG })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/app/applicants');
    expect(studioSidebar()).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the studio' })).toBeTruthy();

    broken = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    const list = await screen.findByRole('list', { name: 'Applications per scholarship' });
    expect(within(list).getByRole('listitem', { name: 'Future Builders Award' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: WENT_WRONG })).toBeNull();
  });

  it.each([
    ['the applicants of', `/app/scholarships/${SCHOLARSHIP_ID}/applicants`, '/api/v1/scholarships/{id}/applicants'],
    ['the editor of', `/app/scholarships/${SCHOLARSHIP_ID}`, '/api/v1/providers/scholarships/{id}'],
  ])('%s a scholarship the server does not know show error-2, naming the scholarship', async (_what, address, call) => {
    signInProvider();
    const { get } = serveReview();
    const served = get.getMockImplementation()!;
    get.mockImplementation(async (path, init) => (path === call ? apiAnswer(404, { description: 'There is no such scholarship.' }) : served(path, init)));
    renderAppAt(address);
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find that scholarship' })).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    expect(studioSidebar()).not.toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the studio' }).getAttribute('href')).toBe('/app');
  });

  it('a failure that is not a 404 stays a failure with Try again, not a not-found screen', async () => {
    signInProvider();
    const { get } = serveReview();
    const served = get.getMockImplementation()!;
    get.mockImplementation(async (path, init) => (path === '/api/v1/scholarships/{id}/applicants' ? apiAnswer(403, { description: 'Not yours.' }) : served(path, init)));
    renderAppAt(`/app/scholarships/${SCHOLARSHIP_ID}/applicants`);
    expect(await screen.findByText('Not yours.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'We could not find that scholarship' })).toBeNull();
  });
});
