import { describe, expect, it } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import { apiAnswer, mockApi } from './scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from './scholarships/render-app';

const COUNT = '/api/v1/scholarships/mine-eligible-scholarships/count';

/** The profile page with the count endpoint answering `count`; everything else is not this test's business. */
function renderProfile(count: () => Promise<unknown>) {
  signIn();
  const get = mockApi('GET').mockImplementation(async (path) => (path === COUNT ? count() : apiAnswer(404, { description: `not mocked: ${path}` })));
  renderAppAt('/auth/profile');
  return get;
}

describe("the profile header's eligible count", () => {
  isolateAppTests();

  it('shows how many scholarships the applicant is eligible for, asked without a list filter', async () => {
    const get = renderProfile(async () => apiAnswer(200, { statusCode: 200, data: 37 }));
    expect(await screen.findByText('Eligible for 37 scholarships')).toBeTruthy();
    const call = get.mock.calls.find(([path]) => path === COUNT);
    expect((call?.[1] as { params: { query: unknown } }).params.query).toEqual({});
  });

  it('says "1 scholarship" for one', async () => {
    renderProfile(async () => apiAnswer(200, { statusCode: 200, data: 1 }));
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
