import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentAnswer, CURRENT_PATH } from '../membership/fixtures';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn, STUDENT } from '../scholarships/render-app';

const SUMMARY = { appliedScholarship: 0, yourRecommendation: 2, scholarshipAmount: 3000, expiringSoon: 0, unlock: { count: 0, totalValue: 0 } };
const CHAT_ID = '0c4a0000-0000-4000-8000-00000000a551';
const card = (n: number) => ({
  id: `5c000000-0000-4000-8000-00000000000${n}`, title: `Assistant Scholarship ${n}`, description: 'For curious minds.', amounts: [], award: 1500, totalAmount: 1500,
  recurrenceConfig: { deadline: '2027-06-30' }, user: { firstName: 'Hopper Foundation' }, isLiked: false, requirementCount: 1,
});

const REGISTRATION = {
  key: 'registration', version: 'r1', validatorUrl: '/validator.js',
  schema: { type: 'object', title: 'Registration', properties: { firstName: { type: 'string', title: 'First Name' } } },
  uiSchema: {},
};

type AskInit = { params?: { query?: { id?: string } }; body?: { userID: string; questionAnswer: { scholarship_type: string; question: string } } };

/** The dashboard's own calls (a member, no sweepstakes, empty lists) and the assistant's answers, in order. */
function serve(answers: ReturnType<typeof apiAnswer>[]) {
  mockApi('GET').mockImplementation(async (path) => {
    if (path === CURRENT_PATH) return currentAnswer(null);
    if (path === '/api/v1/scholarships/dashboard-summary') return apiAnswer(200, { statusCode: 200, data: SUMMARY });
    if (path === '/api/v1/scholarships/mine-eligible-scholarships') return apiAnswer(200, { statusCode: 200, data: [] });
    // The registration form the assistant shows when the registration is not done.
    if (path === '/api/v1/forms/{formKey}') return apiAnswer(200, { statusCode: 200, data: REGISTRATION });
    if (path === '/api/v1/register-applicants/profile') return apiAnswer(200, { statusCode: 200, data: { ...STUDENT, applicantFields: [] } });
    if (path === '/api/v1/register-applicants/form-fields') return apiAnswer(200, { statusCode: 200, data: [] });
    if (path === '/api/v1/common/geo') return apiAnswer(200, { statusCode: 200, data: { country: 'us' } });
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  const asked: AskInit[] = [];
  mockApi('POST').mockImplementation(async (path, init) => {
    if (path !== '/api/v1/scholarships/chats') return apiAnswer(404, { description: `not mocked: ${path}` });
    asked.push(init as AskInit);
    return answers[asked.length - 1] ?? apiAnswer(500, { description: 'Server Error' });
  });
  return asked;
}

const answer = (data: unknown[], message = 'Here are scholarships you can apply to.', profileComplete = true) =>
  apiAnswer(201, { statusCode: 201, message, data: { chat_id: CHAT_ID, data, profileComplete } });

async function openAssistant(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Ask Lenny' }));
  const drawer = await screen.findByRole('dialog', { name: 'Lenny, your assistant' });
  await within(drawer).findByText('Hi Maya! What can I help you with?');
  return drawer;
}

const choose = async (user: ReturnType<typeof userEvent.setup>, drawer: HTMLElement, label: string) =>
  user.click(await within(drawer).findByRole('button', { name: label }));

describe('the dashboard assistant', () => {
  isolateAppTests();

  it("lists the matcher's scholarships for each option in one chat, and says when none match", async () => {
    signIn(true);
    const asked = serve([answer([card(1), card(2)]), answer([], 'Oops!! No Scholarship Found. Select from the other options.')]);
    const user = userEvent.setup();
    renderAppAt('/auth/dashboard');
    const drawer = await openAssistant(user);
    await choose(user, drawer, 'Recommendations');
    expect(await within(drawer).findByRole('heading', { name: 'Assistant Scholarship 1' })).toBeTruthy();
    expect(within(drawer).getByRole('heading', { name: 'Assistant Scholarship 2' })).toBeTruthy();
    await choose(user, drawer, 'Essay only');
    expect(await within(drawer).findByText('Oops!! No Scholarship Found. Select from the other options.')).toBeTruthy();
    expect(asked.map((init) => [init.body?.userID, init.body?.questionAnswer.scholarship_type, init.params?.query?.id])).toEqual([
      [STUDENT.id, 'recommendation', undefined],
      [STUDENT.id, 'essay_only', CHAT_ID],
    ]);
  });

  it("asks for the registration first when it is not done, and keeps the seed's words for what it cannot do", async () => {
    signIn(true);
    serve([answer([], 'Please complete your signup details first, so I can find the scholarships you can apply to.', false), apiAnswer(500, { description: 'Server Error' })]);
    const user = userEvent.setup();
    renderAppAt('/auth/dashboard');
    const drawer = await openAssistant(user);
    await choose(user, drawer, 'Easy Apply');
    expect(await within(drawer).findByText('Please complete your signup details first, so I can find the scholarships you can apply to.')).toBeTruthy();
    // The registration form, served by the server, right in the conversation.
    expect(await within(drawer).findByLabelText('First Name')).toBeTruthy();
    expect(within(drawer).getByRole('button', { name: 'Save' })).toBeTruthy();

    await choose(user, drawer, 'Finding Student Loan');
    expect(await within(drawer).findByText('This feature not available yet')).toBeTruthy();
    await choose(user, drawer, 'Applying for scholarship');
    expect((await within(drawer).findByRole('link', { name: 'Open Easy Apply' })).getAttribute('href')).toBe('/auth/dashboard/easy-apply');
    await choose(user, drawer, 'Recommendations');
    expect(await within(drawer).findByText('Error loading response')).toBeTruthy();
    expect(await screen.findByText('Some Error Occured!!!')).toBeTruthy();
  });
});
