import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../src/api/client';
import { queryClient } from '../src/ui/query-client';
import { clearSession } from '../src/session/session-store';
import { apiAnswer, mockApi } from './scholarships/fixtures';
import { renderAppAt, signIn, STUDENT } from './scholarships/render-app';

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
    vi.restoreAllMocks();
    localStorage.clear();
    clearSession();
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

  describe('for the answers given so far', () => {
    /** The public field definitions: the teaser asks the two selects of the seed, not the others. */
    const DEFINITIONS = [
      { id: 9, key: 'schoolLevel', name: 'Current School Level', dataType: 'select', options: { 'high-school-senior': 'High School Senior', 'college-freshman': 'College Freshman' } },
      { id: 11, key: 'fieldOfStudy', name: 'Field of Study', dataType: 'select', options: { accounting: 'Accounting', biology: 'Biology' } },
      { id: 4, key: 'gender', name: 'Gender', dataType: 'select', options: { '1': 'Female', '2': 'Male' } },
    ];
    type StatsInit = { body: { eligiblityFilters: Record<string, unknown> } };

    /** The sign-up page, the stats answering 200 scholarships less 40 per answer given. */
    function renderSignup(others: Record<string, ReturnType<typeof apiAnswer>> = {}) {
      mockApi('GET').mockImplementation(async (path) =>
        path === '/api/v1/register-applicants/form-fields'
          ? apiAnswer(200, { statusCode: 200, data: DEFINITIONS })
          : (others[path as string] ?? apiAnswer(404, { description: 'not mocked' })),
      );
      const post = mockApi('POST').mockImplementation(async (_path, init) => {
        const given = Object.keys((init as StatsInit).body.eligiblityFilters).length;
        return apiAnswer(200, { statusCode: 200, data: { counts: 200 - 40 * given, totalValue: (200 - 40 * given) * 1000 } });
      });
      renderAppAt('/signup');
      return { post, sent: () => post.mock.calls.map(([, init]) => (init as StatsInit).body.eligiblityFilters) };
    }

    it('counts with the school level, field of study and date of birth given, by field key, and keeps them for the registration', async () => {
      const { sent } = renderSignup();
      const user = userEvent.setup();
      await waitFor(async () => expect((await panel()).textContent).toContain('You may be eligible for 200 scholarships worth $200,000.'));
      expect(sent()).toEqual([{}]);
      expect(screen.queryByLabelText('Gender')).toBeNull();

      await user.selectOptions(await screen.findByLabelText('Current School Level'), 'College Freshman');
      await waitFor(async () => expect((await panel()).textContent).toContain('You may be eligible for 160 scholarships worth $160,000.'));
      await user.selectOptions(screen.getByLabelText('Field of Study'), 'Biology');
      // A date being typed passes through years like 0002: only a whole, plausible date counts.
      fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '0002-05-01' } });
      fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2008-05-01' } });
      await waitFor(async () => expect((await panel()).textContent).toContain('You may be eligible for 80 scholarships worth $80,000.'));

      expect(sent()).toEqual([
        {},
        { 'field.schoolLevel': 'college-freshman' },
        { 'field.schoolLevel': 'college-freshman', 'field.fieldOfStudy': 'biology' },
        { 'field.schoolLevel': 'college-freshman', 'field.fieldOfStudy': 'biology', 'field.dob': '2008-05-01' },
      ]);
      expect(JSON.parse(localStorage.getItem('register2')!)).toEqual({ schoolLevel: 'college-freshman', fieldOfStudy: 'biology', dob: '2008-05-01' });

      // Taking an answer back widens the count again.
      await user.selectOptions(screen.getByLabelText('Field of Study'), 'Select…');
      await waitFor(async () => expect((await panel()).textContent).toContain('You may be eligible for 120 scholarships'));
      expect(JSON.parse(localStorage.getItem('register2')!)).toEqual({ schoolLevel: 'college-freshman', dob: '2008-05-01' });
    });

    it("counts with a profile question an admin put on the sign-up form, and never sends the form's other answers", async () => {
      const signupForm = {
        key: 'signup', version: 's1', validatorUrl: '/validator.js',
        schema: {
          type: 'object',
          properties: {
            firstName: { type: 'string', title: 'First Name' },
            gender: { type: 'string', title: 'Gender', oneOf: [{ const: '1', title: 'Female' }, { const: '2', title: 'Male' }] },
          },
        },
        uiSchema: {},
      };
      const { sent } = renderSignup({ '/api/v1/forms/{formKey}': apiAnswer(200, { statusCode: 200, data: signupForm }), '/api/v1/common/geo': apiAnswer(200, { statusCode: 200, data: { country: 'us' } }) });
      const user = userEvent.setup();
      await user.type(await screen.findByLabelText('First Name'), 'Maya');
      await user.selectOptions(screen.getByLabelText('Gender'), 'Male');
      await waitFor(async () => expect((await panel()).textContent).toContain('You may be eligible for 160 scholarships'));
      expect(sent().at(-1)).toEqual({ 'field.gender': '2' });
      expect(JSON.stringify(sent())).not.toContain('Maya');
    });

    it('starts from the answers this browser kept', async () => {
      localStorage.setItem('register2', JSON.stringify({ schoolLevel: 'high-school-senior', dob: '2008-05-01' }));
      const { sent } = renderSignup();
      await waitFor(async () => expect((await panel()).textContent).toContain('You may be eligible for 120 scholarships worth $120,000.'));
      expect(sent()).toEqual([{ 'field.schoolLevel': 'high-school-senior', 'field.dob': '2008-05-01' }]);
      expect(((await screen.findByLabelText('Current School Level')) as HTMLSelectElement).value).toBe('high-school-senior');
    });

    it('the registration step starts from them, and forgets them once it is saved', async () => {
      localStorage.setItem('register2', JSON.stringify({ schoolLevel: 'college-freshman', dob: '2008-05-01' }));
      signIn();
      const registration = {
        key: 'registration', version: 'r1', validatorUrl: '/validator.js',
        schema: { type: 'object', properties: { dob: { type: 'string', title: 'Birthday' }, schoolLevel: { type: 'string', title: 'Current School Level' } } },
        uiSchema: {},
      };
      mockApi('GET').mockImplementation(async (path) => {
        if (path === '/api/v1/forms/{formKey}') return apiAnswer(200, { statusCode: 200, data: registration });
        if (path === '/api/v1/register-applicants/profile') return apiAnswer(200, { statusCode: 200, data: { ...STUDENT, applicantFields: [] } });
        if (path === '/api/v1/register-applicants/form-fields') return apiAnswer(200, { statusCode: 200, data: DEFINITIONS });
        if (path === '/api/v1/common/geo') return apiAnswer(200, { statusCode: 200, data: { country: 'us' } });
        return apiAnswer(404, { description: `not mocked: ${path}` });
      });
      const put = mockApi('PUT').mockImplementation(async () =>
        apiAnswer(200, { statusCode: 200, data: { applicant: { ...STUDENT, dob: '2008-05-01', isProfileUpdate: true, applicantFields: [] } } }),
      );
      renderAppAt('/auth/userdetails');
      expect(((await screen.findByLabelText('Current School Level')) as HTMLInputElement).value).toBe('college-freshman');
      expect((screen.getByLabelText('Birthday') as HTMLInputElement).value).toBe('2008-05-01');

      await userEvent.setup().click(screen.getByRole('button', { name: 'Continue' }));
      expect(await screen.findByText('Details updated successfully!!')).toBeTruthy();
      expect(put).toHaveBeenCalledTimes(1);
      expect((put.mock.calls[0][1] as { body: unknown }).body).toMatchObject({ dob: '2008-05-01', applicantFields: [{ fieldId: 9, fieldValue: 'college-freshman' }] });
      expect(localStorage.getItem('register2')).toBeNull();
    });
  });
});
