import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from '../scholarships/render-app';

const QUESTIONS = [
  { id: 1, question: 'How do I write a strong personal statement?' },
  { id: 2, question: 'When should I start applying?' },
];
const ANSWER = { ...QUESTIONS[1], answer: '<p>Start in <strong>September</strong>.</p><img src="x" onerror="alert(1)">' };
const MEMBERS_ONLY = { statusCode: 403, description: 'Answers are for members.', errorCode: 'SUBSCRIPTION_REQUIRED' };

function serveAssistance(answer: { status: number; body: unknown } = { status: 200, body: { statusCode: 200, data: ANSWER } }) {
  return mockApi('GET').mockImplementation(async (path) => {
    if (path === '/api/v1/scholarships/assistance') return apiAnswer(200, { statusCode: 200, data: QUESTIONS });
    if (path === '/api/v1/scholarships/assistance/{id}') return apiAnswer(answer.status, answer.body);
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
}

const questionCard = (question: string) => screen.getByText(question).closest('article') as HTMLElement;

describe('assistance', () => {
  isolateAppTests();

  it('shows the common questions, each with See answer', async () => {
    signIn(true);
    serveAssistance();
    renderAppAt('/auth/dashboard/assistance');
    expect(await screen.findByText(QUESTIONS[0].question)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Assistance' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'See answer' })).toHaveLength(2);
  });

  it("takes a member to the chosen question's answer, shown as sanitised HTML", async () => {
    signIn(true);
    const get = serveAssistance();
    const router = renderAppAt('/auth/dashboard/assistance');
    await screen.findByText(QUESTIONS[1].question);
    await userEvent.setup().click(within(questionCard(QUESTIONS[1].question)).getByRole('button', { name: 'See answer' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/dashboard/assistanceChat'));
    expect(router.state.location.state.assistanceQuestion).toEqual(QUESTIONS[1]);
    expect(screen.getByText(QUESTIONS[1].question)).toBeTruthy();
    expect((await screen.findByText('September')).tagName).toBe('STRONG');
    expect(document.querySelector('img[onerror]')).toBeNull();
    expect(get).toHaveBeenCalledWith('/api/v1/scholarships/assistance/{id}', { params: { path: { id: 2 } }, signal: expect.any(AbortSignal) });
  });

  it('sends a non-member to the plans page on a wide screen, without asking for the answer', async () => {
    signIn(false);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1440 });
    const get = serveAssistance();
    const router = renderAppAt('/auth/dashboard/assistance');
    await screen.findByText(QUESTIONS[0].question);
    await userEvent.setup().click(within(questionCard(QUESTIONS[0].question)).getByRole('button', { name: 'See answer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/dashboard/subscription-plan'));
    expect(get.mock.calls.map(([path]) => path)).not.toContain('/api/v1/scholarships/assistance/{id}');
  });

  it('offers a non-member below 962 px the membership popup', async () => {
    signIn(false);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    serveAssistance();
    const router = renderAppAt('/auth/dashboard/assistance');
    await screen.findByText(QUESTIONS[0].question);
    await userEvent.setup().click(within(questionCard(QUESTIONS[0].question)).getByRole('button', { name: 'See answer' }));
    expect(await screen.findByRole('dialog', { name: 'Membership Options' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/dashboard/assistance');
  });

  it('gates the answer page too when the server refuses the answer', async () => {
    signIn(true);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1440 });
    serveAssistance({ status: 403, body: MEMBERS_ONLY });
    const router = renderAppAt('/auth/dashboard/assistance');
    await screen.findByText(QUESTIONS[1].question);
    await userEvent.setup().click(within(questionCard(QUESTIONS[1].question)).getByRole('button', { name: 'See answer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/dashboard/subscription-plan'));
  });

  it('leads back to the questions when opened without one', async () => {
    signIn(true);
    serveAssistance();
    renderAppAt('/auth/dashboard/assistanceChat');
    expect(await screen.findByText('Choose a question on the assistance page to see its answer.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All questions' }).getAttribute('href')).toBe('/auth/dashboard/assistance');
  });
});
