import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { apiAnswer, mockApi } from './scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from './scholarships/render-app';

/** The recommendation count (as in the original product: 'Eligible for N', N from the recommendation count). */
const STATS = '/api/v1/scholarships/stats';

/** The profile page with scholarships/stats answering `count`; everything else is not this test's business. */
function renderProfile(count: () => Promise<unknown>) {
  signIn();
  const get = mockApi('GET').mockImplementation(async (path) => (path === STATS ? count() : apiAnswer(404, { description: `not mocked: ${path}` })));
  renderAppAt('/auth/profile');
  return get;
}

describe("the profile header's eligible count", () => {
  isolateAppTests();

  it('shows how many scholarships the applicant is eligible for: the recommendation count', async () => {
    const get = renderProfile(async () => apiAnswer(200, { statusCode: 200, data: { yourRecommendation: 37 } }));
    expect(await screen.findByText('Eligible for 37 scholarships')).toBeTruthy();
    expect(get).toHaveBeenCalledWith(STATS, expect.anything());
  });

  it('says "1 scholarship" for one', async () => {
    renderProfile(async () => apiAnswer(200, { statusCode: 200, data: { yourRecommendation: 1 } }));
    expect(await screen.findByText('Eligible for 1 scholarship')).toBeTruthy();
  });

  it('shows 0 when the count cannot be had (the seed: 0 if absent), never while it is asked', async () => {
    let fail: (value: unknown) => void = () => undefined;
    renderProfile(() => new Promise((resolve) => (fail = resolve)));
    expect(await screen.findByText('Eligible for … scholarships')).toBeTruthy();
    expect(screen.queryByText('Eligible for 0 scholarships')).toBeNull();

    fail(apiAnswer(400, { statusCode: 400, description: 'No.' }));
    await waitFor(() => expect(screen.getByText('Eligible for 0 scholarships')).toBeTruthy());
  });
});
