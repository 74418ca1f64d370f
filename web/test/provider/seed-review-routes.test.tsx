import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import '../../src/pages/provider/shell/ProviderLayout';
import { saveSession } from '../../src/session/session-store';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from '../scholarships/render-app';
import { applicantsList, DRAWN, listQueries, SCHOLARSHIP_ID, serveReview } from './review-fixtures';
import { ACCESS } from '../session-fixtures';
import { PROVIDER, scholarshipDetail, signInProvider } from './studio-fixtures';

const LIST = `/app/scholarships/${SCHOLARSHIP_ID}/applicants`;
const ok = (data: unknown) => apiAnswer(200, { statusCode: 200, data });

function signInReviewer() {
  saveSession({ user: { ...PROVIDER, id: 'r1', role: 'reviewer' }, accessToken: 'access', refreshToken: 'refresh', access: ACCESS.reviewer });
}

async function settlesOn(router: ReturnType<typeof renderAppAt>, pathname: string, search: Record<string, unknown> = {}) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname), { timeout: 5_000 });
  expect(router.state.location.search).toEqual(search);
}

/** The chooser's one scholarship, with its button. */
async function chooserButton(listName: string, button: string) {
  const list = await screen.findByRole('list', { name: listName });
  return within(within(list).getByRole('listitem', { name: 'Future Builders Award' })).getByRole('link', { name: `${button} of Future Builders Award` });
}

describe("the business area's seed addresses (docs/decisions.md, \"Original routes with a screen\")", () => {
  isolateAppTests();

  describe('without a scholarship: a chooser of the provider\'s scholarships', () => {
    it.each([
      ['/app/applicants_review', 'Applicants', 'Applications per scholarship', 'Review applicants', LIST],
      ['/app/rank-criteria', 'Rubric', 'Rubric per scholarship', 'Edit the rubric', `/app/scholarships/${SCHOLARSHIP_ID}?tab=review`],
      ['/app/winner', 'Winners', 'Winners per scholarship', 'See the winners', `${LIST}?status=Winner`],
    ])('%s lists the scholarships, each leading to its screen', async (address, title, listName, button, href) => {
      signInProvider();
      serveReview();
      const router = renderAppAt(address);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect((await chooserButton(listName, button)).getAttribute('href')).toBe(href);
      expect(router.state.location.pathname).toBe(address);
    });
  });

  describe('with ?scholarshipId=: that scholarship\'s screen, the seed address replaced', () => {
    it('/app/applicants_review opens the applicants of the scholarship', async () => {
      signInProvider();
      serveReview();
      const router = renderAppAt(`/app/applicants_review?scholarshipId=${SCHOLARSHIP_ID}`);
      await settlesOn(router, LIST);
      expect(await screen.findByRole('table', { name: 'Applicants' })).toBeTruthy();
      expect(router.history.length).toBe(1);
    });

    it("/app/rank-criteria opens the editor's Review tab (the rubric)", async () => {
      signInProvider();
      const { get } = serveReview();
      const served = get.getMockImplementation()!;
      get.mockImplementation(async (path, init) => (path === '/api/v1/providers/scholarships/{id}' ? ok(scholarshipDetail({ status: 'published' })) : served(path, init)));
      const router = renderAppAt(`/app/rank-criteria?scholarshipId=${SCHOLARSHIP_ID}`);
      await settlesOn(router, `/app/scholarships/${SCHOLARSHIP_ID}`, { tab: 'review' });
      expect((await screen.findByRole('tab', { name: 'Review' })).getAttribute('aria-selected')).toBe('true');
    });

    it('/app/winner opens the applicants kept to the winners, with how they were chosen', async () => {
      signInProvider();
      const { get } = serveReview({ winners: DRAWN });
      const router = renderAppAt(`/app/winner?scholarshipId=${SCHOLARSHIP_ID}`);
      await settlesOn(router, LIST, { status: 'Winner' });
      await waitFor(() => expect(listQueries(get)[0]).toEqual({ status: 'Winner', limit: 20 }));
      expect(await screen.findByText(/1 winner chosen by a draw/)).toBeTruthy();
    });

    it('/app/winner says no winner was chosen yet, and how to choose them', async () => {
      signInProvider();
      const { get } = serveReview();
      const served = get.getMockImplementation()!;
      get.mockImplementation(async (path, init) =>
        path === '/api/v1/scholarships/{id}/applicants' ? ok({ ...applicantsList(), total: 0, applicants: [] }) : served(path, init),
      );
      renderAppAt(`/app/winner?scholarshipId=${SCHOLARSHIP_ID}`);
      expect(await screen.findByText('No winners chosen yet. Select applicants and choose them as winners, or draw winners.')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Draw winners' })).toBeTruthy();
    });
  });

  describe('who may open them', () => {
    it('a reviewer, who cannot edit the rubric, is taken from /app/rank-criteria to the applicants to score', async () => {
      signInReviewer();
      serveReview();
      const router = renderAppAt(`/app/rank-criteria?scholarshipId=${SCHOLARSHIP_ID}`);
      await settlesOn(router, LIST);
    });

    it.each(['/app/applicants_review', '/app/rank-criteria', '/app/winner'])('%s sends an applicant to the dashboard', async (address) => {
      mockApi('GET').mockResolvedValue(apiAnswer(404, { description: 'not mocked' }));
      signIn();
      const applicant = renderAppAt(address);
      await settlesOn(applicant, '/auth/dashboard');
    });

    it.each(['/app/applicants_review', '/app/rank-criteria', '/app/winner'])('%s sends a signed-out visitor to the login', async (address) => {
      mockApi('GET').mockResolvedValue(apiAnswer(404, { description: 'not mocked' }));
      const visitor = renderAppAt(`${address}?scholarshipId=${SCHOLARSHIP_ID}`);
      await settlesOn(visitor, '/auth/login');
    });
  });
});
