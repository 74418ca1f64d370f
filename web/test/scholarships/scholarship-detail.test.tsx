import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../../src/api/client';
import { UNLOCKS_FOR_IT } from '../../src/pages/membership/membership-for';
import { plansAnswer } from '../membership/fixtures';
import type { ScholarshipDetail } from '../../src/api/scholarships';
import { apiAnswer, mockApi, scholarshipDetail } from './fixtures';
import { isolateAppTests, renderAppAt, signIn } from './render-app';

const DETAIL = scholarshipDetail();
const DETAIL_PATH = `/auth/scholarshipDetail?${DETAIL.id}`;

/** The profile's field definitions: where the rule values' labels come from. */
const FIELD_DEFINITIONS = [
  { id: 7, key: 'fieldOfStudy', name: 'Field of study', dataType: 'select', options: { accounting: 'Accounting', biology: 'Biology' } },
  { id: 9, key: 'gpa', name: 'GPA', dataType: 'grade', options: {} },
];

/** The details call answers with `answer`; the field definitions and an empty application are there too. */
function serveDetail(answer: { status: number; body: unknown }) {
  return mockApi('GET').mockImplementation(async (path) => {
    if (path === '/api/v1/scholarships/{id}') return apiAnswer(answer.status, answer.body);
    if (path === '/api/v1/scholarships/{id}/applicants/get-applicant-details') {
      return apiAnswer(200, { statusCode: 200, data: { status: null, formVersion: null, applicantFields: [] } });
    }
    if (path === '/api/v1/register-applicants/form-fields') return apiAnswer(200, { statusCode: 200, data: FIELD_DEFINITIONS });
    if (path === '/api/v1/subscription-plans') return plansAnswer();
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
}

const found = (detail: ScholarshipDetail) => ({ status: 200, body: { statusCode: 200, data: detail } });
const SUBSCRIPTION_REQUIRED = {
  status: 403,
  body: {
    statusCode: 403,
    error: 'Forbidden',
    message: 'Forbidden',
    description: 'Scholarship details are for members. Start your free 7-day membership to see them and apply.',
    errorCode: 'SUBSCRIPTION_REQUIRED',
    scholarship: { id: DETAIL.id, title: 'Scholarship 4' },
  },
};
const NAMED = 'To see Scholarship 4, become a member';

function ruleItem(text: string) {
  const item = screen.getByText(text).closest('li');
  if (!item) throw new Error(`no rule reads "${text}"`);
  return item;
}

describe('the scholarship details page', () => {
  isolateAppTests();

  it('asks for the id that is the whole query string, and shows the facts, the description and the application', async () => {
    signIn(true);
    serveDetail(found(DETAIL));
    renderAppAt(DETAIL_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'Scholarship 4' })).toBeTruthy();
    expect(api.GET).toHaveBeenCalledWith('/api/v1/scholarships/{id}', { params: { path: { id: DETAIL.id } }, signal: expect.any(AbortSignal) });

    const facts = Object.fromEntries(
      [...document.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(facts).toEqual({ Deadline: 'March 31, 2027', Budget: '$4,000', Requirements: '2', Sponsor: 'Hillcrest' });
    // The description is the server's HTML, rendered as HTML.
    expect(screen.getByRole('region', { name: 'Description' }).querySelector('strong')?.textContent).toBe('lead');
    expect(screen.getByRole('button', { name: 'Save to wishlist' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Back' })).toBeTruthy();
    // The application (test/applications/) asks for the applicant's answers and the requirement form.
    expect(screen.getByRole('region', { name: 'Your application' })).toBeTruthy();
    await waitFor(() =>
      expect(api.GET).toHaveBeenCalledWith('/api/v1/scholarships/{id}/form', { params: { path: { id: DETAIL.id } }, signal: expect.any(AbortSignal) }),
    );
  });

  it("reads 'No Name' without a title, and badges the applicant's own application", async () => {
    signIn(true);
    serveDetail(found(scholarshipDetail({ title: ' ', scholarshipStatus: 'Draft' })));
    renderAppAt(DETAIL_PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'No Name' })).toBeTruthy();
    expect(screen.getByText('Draft')).toBeTruthy();
  });

  it("badges a sent application 'Applied'", async () => {
    signIn(false);
    serveDetail(found(scholarshipDetail({ scholarshipStatus: 'Received' })));
    renderAppAt(DETAIL_PATH);
    expect(await screen.findByText('Applied')).toBeTruthy();
  });

  it('explains each rule in words with its verdict, and leads a missing answer to the profile', async () => {
    signIn(true);
    serveDetail(found(DETAIL));
    renderAppAt(DETAIL_PATH);
    const panel = await screen.findByRole('region', { name: 'Why you match' });
    // Option values become their labels once the field definitions arrive.
    expect(await within(panel).findByText('Field of study: one of Accounting, Biology')).toBeTruthy();

    const passing = ruleItem('Field of study: one of Accounting, Biology');
    expect(passing.getAttribute('data-verdict')).toBe('pass');
    expect(passing.textContent).toContain('Matches');

    const failing = ruleItem('GPA: at least 3.5');
    expect(failing.getAttribute('data-verdict')).toBe('fail');
    expect(failing.textContent).toContain('Does not match');

    const missing = ruleItem('Military affiliation: any answer');
    expect(missing.getAttribute('data-verdict')).toBe('missing');
    expect(within(missing).getByRole('link', { name: 'Add this to your profile' }).getAttribute('href')).toBe('/auth/profile');
    expect(within(passing).queryByRole('link')).toBeNull();
  });

  it("says 'Open to every applicant' when the scholarship has no rules", async () => {
    signIn(true);
    serveDetail(found(scholarshipDetail({ match: { outcome: 'eligible', rules: [] } })));
    renderAppAt(DETAIL_PATH);
    const panel = await screen.findByRole('region', { name: 'Why you match' });
    expect(within(panel).getByText('Open to every applicant')).toBeTruthy();
    expect(within(panel).queryByRole('listitem')).toBeNull();
  });

  it('sends a non-member on a wide screen to the plans page, leaving the refused address out of the history', async () => {
    signIn(false);
    serveDetail(SUBSCRIPTION_REQUIRED);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1440 });
    const router = renderAppAt(DETAIL_PATH);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/dashboard/subscription-plan'));
    expect(router.history.length).toBe(1);
    // The plans page says which scholarship, and what a membership unlocks for it.
    const note = await screen.findByRole('region', { name: NAMED });
    expect(within(note).getAllByRole('listitem').map((item) => item.textContent)).toEqual(UNLOCKS_FOR_IT);
    expect(screen.getByRole('heading', { level: 1, name: 'Membership Plans' })).toBeTruthy();
  });

  it('names no scholarship on the plans page reached from elsewhere', async () => {
    signIn(false);
    serveDetail(SUBSCRIPTION_REQUIRED);
    renderAppAt('/auth/dashboard/subscription-plan');
    expect(await screen.findByRole('heading', { level: 1, name: 'Membership Plans' })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Monthly Plan' })).toBeTruthy();
    expect(screen.queryByText(/become a member/)).toBeNull();
  });

  it('shows a non-member below 962 px the membership popup over the reason', async () => {
    signIn(false);
    serveDetail(SUBSCRIPTION_REQUIRED);
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    const router = renderAppAt(DETAIL_PATH);
    const dialog = await screen.findByRole('dialog', { name: 'Membership Options' });
    expect(within(dialog).getByRole('button', { name: 'No Thanks' })).toBeTruthy();
    expect(screen.getByText(SUBSCRIPTION_REQUIRED.body.description)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/scholarshipDetail');
    // Both the popup and the page behind it name the scholarship and what a membership unlocks.
    expect(within(dialog).getByText(/^To see Scholarship 4 and apply to it, become a member: a membership unlocks its details, Easy Apply and automatic application\.$/)).toBeTruthy();
    const note = screen.getByRole('region', { name: NAMED, hidden: true });
    expect(within(note).getAllByRole('listitem', { hidden: true })).toHaveLength(UNLOCKS_FOR_IT.length);
  });

  it.each(['', '<p></p>', '<p>&nbsp; </p><br>', '<script>alert(1)</script>'])('shows no Description card for a description of %j', async (description) => {
    signIn(true);
    serveDetail(found(scholarshipDetail({ description })));
    renderAppAt(DETAIL_PATH);
    expect(await screen.findByRole('region', { name: 'Why you match' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Description' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Description' })).toBeNull();
  });

  it("explains a 400 with the server's description and leads back to the dashboard", async () => {
    signIn(true);
    const description = 'Validation failed (uuid is expected)';
    serveDetail({ status: 400, body: { statusCode: 400, description } });
    renderAppAt('/auth/scholarshipDetail?not-a-scholarship');
    expect(await screen.findByRole('heading', { level: 1, name: 'This scholarship cannot be shown' })).toBeTruthy();
    expect(screen.getByText(description)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/auth/dashboard');
  });

  it("shows the not-found screen (error-2) for a scholarship the server does not know, with the server's words and a way back", async () => {
    signIn(true);
    const description = 'There is no such scholarship.';
    serveDetail({ status: 404, body: { statusCode: 404, description, errorCode: 'SCHOLARSHIP_NOT_FOUND' } });
    renderAppAt('/auth/scholarshipDetail?0b5a3c9e-0000-4000-8000-000000000000');
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find that scholarship' })).toBeTruthy();
    expect(screen.getByText('404')).toBeTruthy();
    expect(screen.getByText(description)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' }).getAttribute('href')).toBe('/auth/dashboard');
  });

  it('fills the heart at once and saves it to the wishlist', async () => {
    signIn(true);
    serveDetail(found(DETAIL));
    const put = mockApi('PUT').mockImplementation(() => new Promise(() => undefined));
    renderAppAt(DETAIL_PATH);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Save to wishlist' }));
    expect(await screen.findByRole('button', { name: 'Remove from wishlist' })).toBeTruthy();
    expect(put).toHaveBeenCalledWith('/api/v1/scholarships/add-wishlist', { body: { scholarshipId: DETAIL.id } });
  });
});
