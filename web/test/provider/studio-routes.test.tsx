import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { pathAfterSignIn } from '../../src/pages/membership/plan-choice';
import '../../src/pages/provider/shell/ProviderLayout';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from '../scholarships/render-app';
import { PROVIDER, scholarshipDetail, servedForm, serveStudio, signInProvider } from './studio-fixtures';
import { ACCESS } from '../session-fixtures';

async function landsOn(router: ReturnType<typeof renderAppAt>, pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname), { timeout: 5_000 });
}

describe('who may open the studio', () => {
  isolateAppTests();

  it('sends an applicant who opens /app to their dashboard', async () => {
    signIn();
    mockApi('GET').mockResolvedValue(apiAnswer(404, { description: 'not mocked' }));
    await landsOn(renderAppAt('/app/scholarships'), '/auth/dashboard');
  });

  it('sends a provider who opens an applicant page to the studio', async () => {
    signInProvider();
    serveStudio();
    await landsOn(renderAppAt('/auth/dashboard'), '/app/scholarships');
    expect(await screen.findByRole('heading', { level: 1, name: 'Scholarships' })).toBeTruthy();
  });

  it('sends a provider from /auth/profile and the login page to the studio', async () => {
    signInProvider();
    serveStudio();
    await landsOn(renderAppAt('/auth/profile'), '/app/scholarships');
  });

  it('sends a signed-out visitor to the login', async () => {
    mockApi('GET').mockResolvedValue(apiAnswer(404, { description: 'not mocked' }));
    await landsOn(renderAppAt('/app/organisation'), '/auth/login');
  });

  it('takes a provider to the studio after signing in, an applicant to the dashboard', () => {
    signInProvider();
    expect(pathAfterSignIn()).toBe('/app');
    signIn();
    expect(pathAfterSignIn()).toBe('/auth/dashboard');
  });

  it("has the studio's sidebar, and lists the scholarships with their status", async () => {
    signInProvider();
    serveStudio();
    renderAppAt('/app');
    await waitFor(() => expect(document.querySelector('aside nav[aria-label="Account"]')).not.toBeNull());
    const nav = document.querySelector<HTMLElement>('aside nav[aria-label="Account"]')!;
    expect(within(nav).getAllByRole('link', { hidden: true }).map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Scholarships', '/app/scholarships'],
      ['Applicants', '/app/applicants'],
      ['Inbox', '/app/inbox'],
      ['Reviewers', '/app/reviewers'],
      ['Organisation', '/app/organisation'],
      ['Settings', '/app/settings'],
    ]);
    const row = await screen.findByRole('listitem', { name: 'Future Builders Award' });
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(within(row).getByText(/0 applications/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New scholarship' }).getAttribute('href')).toBe('/app/scholarships/new');
  });

  it("lists a recurring scholarship's cycles apart, each with its number", async () => {
    signInProvider();
    serveStudio();
    const yearly = { deadline: '2027-06-30', repeat: 'yearly' as const };
    const cycles = [
      scholarshipDetail({ id: 'c2', status: 'published', cycle: 2, previousCycleId: 'c1', recurrenceConfig: yearly, applicationsCount: 1 }),
      scholarshipDetail({ id: 'c1', status: 'closed', cycle: 1, recurrenceConfig: yearly, applicationsCount: 5 }),
    ];
    const get = mockApi('GET');
    const served = get.getMockImplementation()!;
    get.mockImplementation(async (path, init) => (path === '/api/v1/providers/scholarships' ? apiAnswer(200, { statusCode: 200, data: cycles }) : served(path, init)));
    renderAppAt('/app/scholarships');
    const current = await screen.findByRole('listitem', { name: 'Future Builders Award, Cycle 2' });
    expect(within(current).getByText(/1 application/)).toBeTruthy();
    const previous = screen.getByRole('listitem', { name: 'Future Builders Award, Cycle 1' });
    expect(within(previous).getByText('Cycle 1')).toBeTruthy();
    expect(within(previous).getByText(/5 applications/)).toBeTruthy();
  });
});

describe('provider sign-up', () => {
  isolateAppTests();

  it('sends the served form’s answers as they are, stores the session and lands on the organisation step', async () => {
    const form = servedForm('provider-signup', [
      { key: 'organisationName', name: 'Organisation name', dataType: 'text', section: 'signup', target: 'organisation', validation: { required: true } },
      { key: 'email', name: 'Email', dataType: 'email', section: 'signup', target: 'account', validation: { required: true } },
    ] as never);
    const organisation = servedForm('organisation', [
      { key: 'organisationName', name: 'Organisation name', dataType: 'text', section: 'organisation', target: 'organisation', validation: { required: true } },
    ] as never);
    mockApi('GET').mockImplementation(async (path, init) => {
      const key = (init as { params?: { path?: { formKey?: string } } }).params?.path?.formKey;
      if (path === '/api/v1/forms/{formKey}') return apiAnswer(200, { statusCode: 200, data: key === 'organisation' ? organisation : form });
      if (path === '/api/v1/users/organisation') return apiAnswer(200, { statusCode: 200, data: { answers: { organisationName: 'Hopper Foundation' }, logoUrl: null, updatedAt: null } });
      if (path === '/api/v1/common/geo') return apiAnswer(200, { statusCode: 200, data: { country: 'us' } });
      return apiAnswer(404, { description: `not mocked: ${path}` });
    });
    const post = mockApi('POST').mockResolvedValue(
      apiAnswer(201, { statusCode: 201, data: { user: PROVIDER, accessToken: 'access', refreshToken: 'refresh', clientIp: '127.0.0.1', access: ACCESS.provider } }),
    );
    const router = renderAppAt('/b2b/signup');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^Organisation name/), 'Hopper Foundation');
    await user.type(screen.getByLabelText(/^Email/), 'grace@foundation.example');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await landsOn(router, '/app/organisation');
    expect(post).toHaveBeenCalledWith('/api/v1/users/provider-signup', { body: { answers: { organisationName: 'Hopper Foundation', email: 'grace@foundation.example' } } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to ScholarMatch' })).toBeTruthy();
    expect(localStorage.getItem('token')).toBe('access');
  });
});
