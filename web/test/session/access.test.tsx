import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { cleanup, waitFor, within } from '@testing-library/react';
import '../../src/pages/provider/shell/ProviderLayout';
import { ensureAccess } from '../../src/session/access';
import { can, clearSession, currentAccess, lacksAccess, saveSession, saveTokens, type Access, type Permission } from '../../src/session/session-store';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, STUDENT } from '../scholarships/render-app';
import { ACCESS } from '../session-fixtures';
import { PROVIDER, serveStudio } from '../provider/studio-fixtures';

const without = (access: Access, ...dropped: Permission[]): Access => ({ ...access, permissions: access.permissions.filter((permission) => !dropped.includes(permission)) });

/** The wide-screen sidebar's entries (display:none in jsdom, which matches no media query). */
async function sidebarEntries(): Promise<(string | null)[]> {
  await waitFor(() => expect(document.querySelector('aside nav[aria-label="Account"]')).not.toBeNull());
  const nav = document.querySelector<HTMLElement>('aside nav[aria-label="Account"]')!;
  return within(nav).getAllByRole('link', { hidden: true }).map((link) => link.textContent);
}

async function landsOn(router: ReturnType<typeof renderAppAt>, pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname), { timeout: 5_000 });
}

describe("the session's access (docs/security.md, \"Roles and permissions\")", () => {
  afterEach(() => clearSession());

  it("is the seeds' default signed out, what the sign-in answered signed in, and what each refresh answers", () => {
    expect(currentAccess()).toEqual({ permissions: [], role: null });
    saveSession({ user: STUDENT, accessToken: 'a', refreshToken: 'r', access: ACCESS.applicant });
    expect(localStorage.getItem('user_access')).toBe(JSON.stringify(ACCESS.applicant));
    expect(can('apply_scholarship')).toBe(true);
    expect(can('review_applicants')).toBe(false);
    saveTokens({ accessToken: 'a2', refreshToken: 'r2', access: ACCESS.admin });
    expect(currentAccess()).toEqual(ACCESS.admin);
    clearSession();
    expect(localStorage.getItem('user_access')).toBeNull();
    expect(currentAccess()).toEqual({ permissions: [], role: null });
  });

  it("never keeps the previous person's access for a sign-in answered without one", () => {
    saveSession({ user: PROVIDER, accessToken: 'a', refreshToken: 'r', access: ACCESS.provider });
    saveSession({ user: STUDENT, accessToken: 'b', refreshToken: 's' });
    expect(lacksAccess()).toBe(true);
    expect(currentAccess()).toEqual({ permissions: [], role: null });
  });
});

describe('menus and route guards follow permissions, not role names', () => {
  isolateAppTests();

  it("hides a studio entry from a provider without its permission, and its page sends them to the studio's home", async () => {
    saveSession({ user: PROVIDER, accessToken: 'access', refreshToken: 'refresh', access: without(ACCESS.provider, 'manage_reviewers') });
    serveStudio();
    const router = renderAppAt('/app/reviewers');
    await landsOn(router, '/app/scholarships');
    expect(await sidebarEntries()).toEqual(['Scholarships', 'Applicants', 'Inbox', 'Organisation', 'Settings']);
  });

  it("gives a reviewer's permissions the reviewer's studio: no owner pages, no editor", async () => {
    saveSession({ user: { ...PROVIDER, role: 'reviewer' }, accessToken: 'access', refreshToken: 'refresh', access: ACCESS.reviewer });
    serveStudio();
    await landsOn(renderAppAt('/app/organisation'), '/app/scholarships');
    expect(await sidebarEntries()).toEqual(['Scholarships', 'Applicants', 'Settings']);
    cleanup();
    await landsOn(renderAppAt('/app/scholarships/new'), '/app/scholarships');
  });

  it("hides an applicant's entry without its permission, and its page leads to the dashboard", async () => {
    saveSession({ user: STUDENT, accessToken: 'access', refreshToken: 'refresh', access: without(ACCESS.applicant, 'save_scholarships', 'buy_membership') });
    mockApi('GET').mockResolvedValue(apiAnswer(404, { description: 'not mocked' }));
    const router = renderAppAt('/auth/dashboard/saved');
    await landsOn(router, '/auth/dashboard');
    const entries = await sidebarEntries();
    expect(entries).not.toContain('Wishlist / Saved');
    expect(entries).not.toContain('Subscription Support');
    expect(entries).toContain('Easy Apply');
    // The top bar's membership button follows buy_membership too.
    expect(document.querySelector('header')!.textContent).not.toContain('Get Full Access');
  });

  it('takes whoever may review applicants to the studio, whatever their role is called', async () => {
    saveSession({ user: STUDENT, accessToken: 'access', refreshToken: 'refresh', access: { role: 'applicant', permissions: ['review_applicants'] } });
    serveStudio();
    await landsOn(renderAppAt('/auth/dashboard'), '/app/scholarships');
  });
});

describe('a session stored before the app kept access', () => {
  isolateAppTests();
  const realFetch = globalThis.fetch;
  let fetchMock: Mock<typeof fetch>;
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    globalThis.fetch = fetchMock;
  });
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  /** What the old app left in local storage: the user, the tokens, no user_access. */
  function storeOldSession(user = PROVIDER) {
    localStorage.setItem('userInfo', JSON.stringify(user));
    localStorage.setItem('token', 'old-access');
    localStorage.setItem('refresh_token', 'old-refresh');
  }
  const refreshAnswer = (access: Access) =>
    new Response(JSON.stringify({ statusCode: 200, data: { accessToken: 'new-access', refreshToken: 'new-refresh', access } }), { status: 200, headers: { 'content-type': 'application/json' } });

  it('stays signed in: one refresh brings the access, and the guards and menus read it', async () => {
    storeOldSession();
    fetchMock.mockResolvedValue(refreshAnswer(ACCESS.provider));
    serveStudio();
    // Where the old app would have sent a provider too: the guard needs the permissions to know.
    const router = renderAppAt('/auth/dashboard');
    await landsOn(router, '/app/scholarships');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0][0])).toContain('/api/v1/users/auth/refresh');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]?.body))).toEqual({ refreshToken: 'old-refresh' });
    expect(localStorage.getItem('token')).toBe('new-access');
    expect(JSON.parse(localStorage.getItem('user_access')!)).toEqual(ACCESS.provider);
    expect(await sidebarEntries()).toEqual(['Scholarships', 'Applicants', 'Inbox', 'Reviewers', 'Organisation', 'Settings']);
  });

  it('asks once, and not again once the access is stored', async () => {
    storeOldSession(STUDENT);
    fetchMock.mockResolvedValue(refreshAnswer(ACCESS.applicant));
    await Promise.all([ensureAccess(), ensureAccess()]);
    await ensureAccess();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(currentAccess()).toEqual(ACCESS.applicant);
  });
});
