import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import '../src/pages/provider/shell/ProviderLayout';
import { apiAnswer, mockApi } from './scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from './scholarships/render-app';
import { serveStudio, signInProvider } from './provider/studio-fixtures';

/** Every call answers 404: these tests look at where an address leads, not at the data on the screen. */
function quietApi() {
  for (const method of ['GET', 'POST', 'PUT'] as const) {
    mockApi(method).mockImplementation(async (path) => apiAnswer(404, { description: `not mocked: ${path}` }));
  }
}

/** Opens `path` and answers where the app settles and which page heading it shows. */
async function visit(path: string, expectedPath: string, heading: string | RegExp) {
  quietApi();
  const router = renderAppAt(path);
  await waitFor(() => expect(router.state.location.pathname).toBe(expectedPath));
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  expect(screen.queryByRole('heading', { name: 'We could not find that page' })).toBeNull();
  return router;
}

const LOGIN = 'Welcome back';
const SIGN_UP = 'Create your free account';
const DASHBOARD = /Welcome back, Maya!/;

describe("the seeds' public addresses", () => {
  isolateAppTests();

  describe('signed out', () => {
    it.each([
      ['/auth/', '/auth/login', LOGIN],
      ['/auth', '/auth/login', LOGIN],
      ['/auth/register', '/auth/register', SIGN_UP],
      ['/auth/register1', '/auth/register1', SIGN_UP],
      ['/signup', '/signup', SIGN_UP],
      // The registration step needs someone who signed up: without one it is the sign-up page.
      ['/auth/register3', '/signup', SIGN_UP],
      ['/auth/apply', '/signup', SIGN_UP],
      // The registration step needs someone who signed up, the profile a sign-in: the same guards as their screens.
      ['/auth/register4', '/signup', SIGN_UP],
      ['/auth/dashboard/profile', '/auth/login', LOGIN],
    ])('%s leads to %s', async (path, expectedPath, heading) => {
      await visit(path, expectedPath, heading);
    });

    it('replaces the alias in the history, so Back does not bounce through it', async () => {
      const router = await visit('/auth/apply', '/signup', SIGN_UP);
      expect(router.history.length).toBe(1);
    });
  });

  describe('signed in', () => {
    it.each([
      ['/auth/', '/auth/dashboard', DASHBOARD],
      ['/auth/register', '/auth/dashboard', DASHBOARD],
      ['/auth/register1', '/auth/dashboard', DASHBOARD],
      ['/signup', '/auth/dashboard', DASHBOARD],
      ['/auth/login', '/auth/dashboard', DASHBOARD],
      ['/auth/register3', '/auth/userdetails', /Welcome, Maya!/],
      // The original signed-in registration step and profile: their screens at the original addresses.
      ['/auth/register4', '/auth/register4', /Welcome, Maya!/],
      ['/auth/dashboard/profile', '/auth/dashboard/profile', 'Maya Lopez'],
      ['/auth/apply', '/auth/dashboard/easy-apply', 'Easy Apply Scholarships'],
    ])('%s leads to %s', async (path, expectedPath, heading) => {
      signIn();
      await visit(path, expectedPath, heading);
    });
  });

  describe('the registration step and the profile at their seed addresses', () => {
    it("lights the sidebar's Profile on /auth/dashboard/profile, as on /auth/profile", async () => {
      signIn();
      await visit('/auth/dashboard/profile', '/auth/dashboard/profile', 'Maya Lopez');
      const nav = await waitFor(() => {
        const found = document.querySelector<HTMLElement>('aside nav[aria-label="Account"]');
        expect(found).not.toBeNull();
        return found!;
      });
      const current = within(nav).getAllByRole('link', { hidden: true }).filter((link) => link.getAttribute('aria-current') === 'page');
      expect(current.map((link) => link.textContent)).toEqual(['Profile']);
    });

    it.each(['/auth/register4', '/auth/dashboard/profile'])('sends a provider from %s to the studio', async (path) => {
      signInProvider();
      serveStudio();
      const router = renderAppAt(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/app/scholarships'));
    });
  });
});
