import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from '../scholarships/render-app';

const NEW_QUESTIONS = '/api/v1/users/me/new-questions';

/** The profile page (or the dashboard) with the new questions answering `fields`; everything else is not this test's business. */
function renderAt(path: string, fields: unknown[]) {
  signIn();
  const get = mockApi('GET').mockImplementation(async (called) =>
    called === NEW_QUESTIONS ? apiAnswer(200, { statusCode: 200, data: { fields } }) : apiAnswer(404, { description: `not mocked: ${called}` }),
  );
  const router = renderAppAt(path);
  return { get, router };
}

const QUESTIONS = [
  { key: 'firstGeneration', name: 'First-generation student', formKey: 'profile-basic', tab: 'basic' },
  { key: 'careerGoal', name: 'Career goal', formKey: 'profile-education', tab: 'education' },
  { key: 'county', name: 'County', formKey: 'profile-basic', tab: 'basic' },
];

describe("the student's notice of new profile questions", () => {
  isolateAppTests();

  it('lists the tabs with new required questions on the profile page, each opening its tab, and is dismissed for the visit', async () => {
    sessionStorage.clear();
    const user = userEvent.setup();
    const { get, router } = renderAt('/auth/profile', QUESTIONS);
    const notice = await screen.findByRole('region', { name: 'New profile questions' });
    expect(within(notice).getByText("We've added questions to your profile")).toBeTruthy();
    const links = within(notice).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Education (1)', 'Basic (2)']);
    expect(get).toHaveBeenCalledWith(NEW_QUESTIONS, expect.anything());

    await user.click(within(notice).getByRole('link', { name: 'Basic (2)' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ tab: 'basic' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Basic' }).getAttribute('aria-selected')).toBe('true'));

    await user.click(within(notice).getByRole('button', { name: 'Dismiss the new questions notice' }));
    expect(screen.queryByRole('region', { name: 'New profile questions' })).toBeNull();
  });

  it("shows on the dashboard, the Education tab at the profile's own address", async () => {
    sessionStorage.clear();
    renderAt('/auth/dashboard', QUESTIONS.slice(1, 2));
    const notice = await screen.findByRole('region', { name: 'New profile questions' });
    expect(within(notice).getByRole('link', { name: 'Education (1)' }).getAttribute('href')).toBe('/auth/profile');
  });

  it('says nothing when there is no new question', async () => {
    sessionStorage.clear();
    const { get } = renderAt('/auth/profile', []);
    await waitFor(() => expect(get).toHaveBeenCalledWith(NEW_QUESTIONS, expect.anything()));
    expect(screen.queryByRole('region', { name: 'New profile questions' })).toBeNull();
  });
});
