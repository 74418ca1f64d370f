import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { queryClient } from '../../src/ui/query-client';
import { dashboardSummaryQueryOptions, recommendationCountQueryOptions, scholarshipKeys } from '../../src/api/scholarships';
import { CURRENT_PATH, currentAnswer, PLANS_PATH, plansAnswer } from '../membership/fixtures';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from '../scholarships/render-app';

const STATS_PATH = '/api/v1/scholarships/stats';
const UNFILTERED_COUNT = '/api/v1/scholarships/mine-eligible-scholarships/count';
const SUMMARY = { appliedScholarship: 1, yourRecommendation: 42, eligible: 42, scholarshipAmount: 99_000, expiringSoon: 3, unlock: { count: 5, totalValue: 7_500 } };

/** A non-member with 42 recommendations, 5 to unlock and no sweepstakes running. */
function serveStudent() {
  return mockApi('GET').mockImplementation(async (path, options) => {
    if (path === CURRENT_PATH) return currentAnswer(null);
    if (path === '/api/v1/sweepstakes/current') return apiAnswer(200, { statusCode: 200, data: null });
    if (path === STATS_PATH) return apiAnswer(200, { statusCode: 200, data: { yourRecommendation: SUMMARY.yourRecommendation } });
    if (path === '/api/v1/scholarships/dashboard-summary') return apiAnswer(200, { statusCode: 200, data: SUMMARY });
    if (path === '/api/v1/scholarships/mine-eligible-scholarships') return apiAnswer(200, { statusCode: 200, data: [] });
    if (path === PLANS_PATH) return plansAnswer();
    return apiAnswer(404, { description: `not mocked: ${path} ${JSON.stringify(options)}` });
  });
}

/** The stat tile labelled `label`: its number and the line saying what it counts. */
function tile(label: string) {
  return screen.getByText(label, { selector: 'p' }).parentElement!.textContent;
}

/** The counts a student sees, in the same words wherever the same number is quoted (docs/matching.md, "The counts"). */
describe('the counts on the dashboard and the profile', () => {
  isolateAppTests();
  afterEach(() => sessionStorage.clear());

  it('quote the recommendation count as "eligible for" in the offer, the tile and the profile header', async () => {
    signIn(false);
    const get = serveStudent();
    const router = renderAppAt('/auth/dashboard');
    const offer = await screen.findByRole('dialog', { name: 'Maya, you are eligible for 42 scholarships!' });
    expect(tile('Your Recommendation')).toBe('Your Recommendation42scholarships you are eligible for');
    expect(tile('Scholarship Amount')).toBe('Scholarship Amount$99,000what your recommendations are worth');
    expect(tile('Expiring Soon')).toBe('Expiring Soon3recommendations closing within 14 days');
    expect(tile('Applied Scholarship')).toBe('Applied Scholarship1applications you have sent');
    expect(screen.getByText(/Complete your profile to unlock 5 more scholarships worth \$7,500\./).textContent).toContain(
      'Each asks something your profile leaves unanswered.',
    );
    await userEvent.setup().click(within(offer).getByRole('button', { name: 'Not now' }));

    await router.navigate({ to: '/auth/profile' });
    expect(await screen.findByText('Eligible for 42 scholarships')).toBeTruthy();
    // The offer and the header read one number: the recommendation count, never the list count without a filter.
    expect(get.mock.calls.map(([path]) => path)).not.toContain(UNFILTERED_COUNT);
    expect(get).toHaveBeenCalledWith(STATS_PATH, expect.anything());
  });

  it('are all asked again after a profile save, the dashboard tiles with the lists', async () => {
    queryClient.setQueryData(dashboardSummaryQueryOptions.queryKey, SUMMARY);
    queryClient.setQueryData(recommendationCountQueryOptions.queryKey, 42);
    // What a saved profile form does: new answers, new matches.
    await queryClient.invalidateQueries({ queryKey: scholarshipKeys.all });
    await waitFor(() => {
      expect(queryClient.getQueryState(dashboardSummaryQueryOptions.queryKey)?.isInvalidated).toBe(true);
      expect(queryClient.getQueryState(recommendationCountQueryOptions.queryKey)?.isInvalidated).toBe(true);
    });
  });
});
