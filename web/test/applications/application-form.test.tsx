import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { isolateAppTests, renderAppAt, signIn } from '../scholarships/render-app';
import { bodiesSentTo, serveApplicationApi } from './fake-applications-api';

const SUBMIT_PATH = '/api/v1/scholarships/submit-individual-scholarship';
const detailPath = (id: string) => `/auth/scholarshipDetail?${id}`;

/** What a screen reader reads of an element: its text without the parts hidden from it. */
function spokenText(element: HTMLElement): string {
  const copy = element.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}

/** The stepper's steps as read aloud: each title with '(done)' or '(to do)'. */
function progress(): string[] {
  const stepper = screen.getByRole('list', { name: 'Application progress' });
  return within(stepper).getAllByRole('listitem').map(spokenText);
}

async function openForm(id: string) {
  const user = userEvent.setup();
  renderAppAt(detailPath(id));
  const why = await screen.findByRole('textbox', { name: /Why this scholarship/ });
  return { user, why, portfolio: screen.getByRole('textbox', { name: /Portfolio/ }) };
}

describe("a scholarship's application on its details page", () => {
  isolateAppTests();

  it('renders the served requirement form under the stepper, which advances as answers are given', async () => {
    signIn(true);
    const { detail } = serveApplicationApi();
    const { user, why } = await openForm(detail.id);
    expect(screen.getByRole('region', { name: 'Your application' })).toBeTruthy();
    expect(progress()).toEqual(['ELIGIBLE (done)', 'Why this scholarship (to do)', 'Portfolio (to do)']);
    // The requirement's description is the field's help.
    expect(screen.getByText('A few sentences.')).toBeTruthy();

    await user.type(why, 'Because');
    expect(progress()).toEqual(['ELIGIBLE (done)', 'Why this scholarship (done)', 'Portfolio (to do)']);
    await user.clear(why);
    expect(progress()[1]).toBe('Why this scholarship (to do)');
  });

  it("starts from the applicant's saved draft", async () => {
    signIn(true);
    const { detail } = serveApplicationApi({
      detail: { scholarshipStatus: 'Draft' },
      application: {
        status: 'Draft',
        formVersion: 'aaaaaaaaaaaaaaaa',
        applicantFields: [{ key: 'portfolio', fieldValue: 'https://example.org/me', field: { key: 'portfolio', name: 'Portfolio', dataType: 'link' } }],
      },
    });
    const { portfolio } = await openForm(detail.id);
    expect((portfolio as HTMLInputElement).value).toBe('https://example.org/me');
    expect(progress()).toEqual(['ELIGIBLE (done)', 'Why this scholarship (to do)', 'Portfolio (done)']);
  });

  it("Save draft sends the answers as they are, with status Draft and no required checks, and toasts 'Saved draft'", async () => {
    signIn(true);
    const { detail, form, post } = serveApplicationApi();
    const { user, portfolio } = await openForm(detail.id);
    await user.type(portfolio, 'https://example.org/me');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText('Saved draft')).toBeTruthy();
    expect(bodiesSentTo(post, SUBMIT_PATH)).toEqual([
      {
        scholarshipId: detail.id,
        status: 'Draft',
        formVersion: form.version,
        requirements: [
          { key: 'whyField', fieldValue: null },
          { key: 'portfolio', fieldValue: 'https://example.org/me' },
        ],
      },
    ]);
    // The required answer left empty does not stop a draft.
    expect(screen.queryByText('Please add essay!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit application' })).toBeTruthy();
  });

  it('Submit checks the form first, then sends status Received: the bar goes and the stepper reads APPLIED', async () => {
    signIn(true);
    const { detail, post } = serveApplicationApi();
    const { user, why } = await openForm(detail.id);

    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Please add essay!')).toBeTruthy();
    expect(bodiesSentTo(post, SUBMIT_PATH)).toEqual([]);

    await user.type(why, 'It pays for my first year.');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Submit application' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Save draft' })).toBeNull();
    expect(progress()).toEqual(['APPLIED (done)', 'Why this scholarship (done)', 'Portfolio (to do)']);
    expect(bodiesSentTo(post, SUBMIT_PATH)).toEqual([
      expect.objectContaining({ status: 'Received', requirements: [{ key: 'whyField', fieldValue: 'It pays for my first year.' }, { key: 'portfolio', fieldValue: null }] }),
    ]);
    // The sent answers stay in sight, read-only.
    expect((screen.getByRole('textbox', { name: /Why this scholarship/ }) as HTMLTextAreaElement).disabled).toBe(true);
  });

  it("toasts 'Something went wrong' when the server fails, and keeps the bar", async () => {
    signIn(true);
    const { detail } = serveApplicationApi({ submit: () => ({ status: 500, body: { statusCode: 500, description: 'Server Error' } }) });
    const { user, why } = await openForm(detail.id);
    await user.type(why, 'Because');
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit application' })).toBeTruthy();
    expect(progress()[0]).toBe('ELIGIBLE (done)');
  });

  it("shows the server's field errors under their fields", async () => {
    signIn(true);
    const { detail } = serveApplicationApi({
      submit: () => ({
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Invalid answers',
          description: 'Please check your answers.',
          errorCode: 'INVALID_ANSWERS',
          errors: [{ path: 'portfolio', message: 'This link does not open.' }],
        },
      }),
    });
    const { user, portfolio } = await openForm(detail.id);
    await user.type(portfolio, 'https://example.org/gone');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('This link does not open.')).toBeTruthy();
    expect(screen.getByText('Something went wrong')).toBeTruthy();
    expect(portfolio.getAttribute('aria-invalid')).toBe('true');
  });

  it('shows a sent application read-only, without the bar', async () => {
    signIn(true);
    const { detail } = serveApplicationApi({
      detail: { scholarshipStatus: 'Received' },
      application: {
        status: 'Received',
        formVersion: 'aaaaaaaaaaaaaaaa',
        applicantFields: [{ key: 'whyField', fieldValue: 'Because', field: { key: 'whyField', name: 'Why', dataType: 'text' } }],
      },
    });
    const { why } = await openForm(detail.id);
    expect((why as HTMLTextAreaElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /Save draft|Submit application/ })).toBeNull();
    expect(progress()).toEqual(['APPLIED (done)', 'Why this scholarship (done)', 'Portfolio (to do)']);
  });

  it('shows a non-member the application they sent as a read-only list, without asking for the form', async () => {
    signIn(false);
    const { detail, get } = serveApplicationApi({
      detail: { scholarshipStatus: 'Received' },
      application: { status: 'Received', formVersion: 'aaaaaaaaaaaaaaaa', applicantFields: [] },
    });
    renderAppAt(detailPath(detail.id));
    const list = await screen.findByRole('list', { name: 'Requirements' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Why this scholarship'),
      expect.stringContaining('Portfolio'),
    ]);
    expect(progress()[0]).toBe('APPLIED (done)');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(get.mock.calls.map(([path]) => path)).not.toContain('/api/v1/scholarships/{id}/form');
  });
});

describe('Easy Apply on the details page', () => {
  isolateAppTests();

  it("applies with one click when nothing is asked, toasts the seed's text and reads APPLIED", async () => {
    signIn(true);
    const { detail, post } = serveApplicationApi({ detail: { requirements: [] } });
    const user = userEvent.setup();
    renderAppAt(detailPath(detail.id));
    await user.click(await screen.findByRole('button', { name: 'Apply now' }));

    expect(await screen.findByText('Scholarship applied successfully!')).toBeTruthy();
    expect(bodiesSentTo(post, '/api/v1/scholarships/submit-scholarships')).toEqual([{ scholarshipId: [detail.id] }]);
    await waitFor(() => expect(progress()).toEqual(['APPLIED (done)']));
    expect(screen.queryByRole('button', { name: 'Apply now' })).toBeNull();
  });

  it("shows the server's reason when it refuses", async () => {
    signIn(true);
    const { detail } = serveApplicationApi({
      detail: { requirements: [] },
      applyMany: () => ({ status: 409, body: { statusCode: 409, description: 'The deadline has passed.', errorCode: 'DEADLINE_PASSED' } }),
    });
    const user = userEvent.setup();
    renderAppAt(detailPath(detail.id));
    await user.click(await screen.findByRole('button', { name: 'Apply now' }));
    expect(await screen.findByText('The deadline has passed.')).toBeTruthy();
    expect(progress()).toEqual(['ELIGIBLE (done)']);
  });

  it('sends a non-member the server refuses to the plans page', async () => {
    signIn(false);
    const { detail } = serveApplicationApi({
      detail: { requirements: [] },
      applyMany: () => ({ status: 403, body: { statusCode: 403, description: 'Easy Apply is for members.', errorCode: 'SUBSCRIPTION_REQUIRED' } }),
    });
    const user = userEvent.setup();
    const router = renderAppAt(detailPath(detail.id));
    await user.click(await screen.findByRole('button', { name: 'Apply now' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/dashboard/subscription-plan'));
  });
});

