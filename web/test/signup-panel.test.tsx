import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { api } from '../src/api/client';
import { queryClient } from '../src/app/query-client';
import { apiAnswer, mockApi } from './scholarships/fixtures';
import { renderAppAt } from './scholarships/render-app';

const GENERIC = /You are one step away from numerous scholarships matched to your profile/;

/** The sign-up page with the teaser's answer; the form itself is not what these tests look at. */
function renderSignupWithStats(answer: () => Promise<unknown>) {
  mockApi('GET').mockImplementation(async () => apiAnswer(404, { description: 'not mocked' }));
  const post = mockApi('POST').mockImplementation(answer);
  renderAppAt('/signup');
  return post;
}

async function panel() {
  return (await screen.findByRole('heading', { level: 2, name: 'Congratulations' })).parentElement!;
}

describe("the sign-up page's Congratulations panel", () => {
  beforeEach(() => queryClient.clear());
  afterEach(() => {
    cleanup();
    jest.restoreAllMocks();
  });

  it('names the number of scholarships and their combined value in US dollars when there are some', async () => {
    const post = renderSignupWithStats(async () => apiAnswer(200, { statusCode: 200, data: { counts: 37, totalValue: 184500 } }));
    expect(await screen.findByText(/You may be eligible for/)).toBeTruthy();
    expect((await panel()).textContent).toContain('You may be eligible for 37 scholarships worth $184,500.');
    expect(post).toHaveBeenCalledWith('/api/v1/scholarships/eligible-scholarships/stats', {
      body: { eligiblityFilters: {} },
      signal: expect.any(AbortSignal),
    });
    expect(screen.queryByText(GENERIC)).toBeNull();
  });

  it('says "1 scholarship" for one', async () => {
    renderSignupWithStats(async () => apiAnswer(200, { statusCode: 200, data: { counts: 1, totalValue: 500 } }));
    expect(await screen.findByText(/You may be eligible for/)).toBeTruthy();
    expect((await panel()).textContent).toContain('You may be eligible for 1 scholarship worth $500.');
  });

  it('keeps the generic message at 0', async () => {
    renderSignupWithStats(async () => apiAnswer(200, { statusCode: 200, data: { counts: 0, totalValue: 0 } }));
    await panel();
    // The generic text also stands in while the call is under way: wait for the answer.
    await waitFor(() => expect(queryClient.getQueryState(['eligibility-stats', {}])?.status).toBe('success'));
    expect(screen.getByText(GENERIC)).toBeTruthy();
    expect(screen.queryByText(/You may be eligible for/)).toBeNull();
  });

  it('keeps the generic message when the call fails', async () => {
    renderSignupWithStats(async () => {
      throw new TypeError('Failed to fetch');
    });
    await waitFor(() => expect(queryClient.getQueryState(['eligibility-stats', {}])?.status).toBe('error'));
    expect(screen.getByText(GENERIC)).toBeTruthy();
    expect(api.POST).toHaveBeenCalledTimes(1);
  });
});
