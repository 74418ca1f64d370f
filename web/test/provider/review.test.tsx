import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../src/pages/provider/shell/ProviderLayout';
import { saveSession } from '../../src/session/session-store';
import { ACCESS } from '../session-fixtures';
import { whenClickable } from '../render-form';
import { apiAnswer } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt } from '../scholarships/render-app';
import { DRAWN, listQueries, points, row, SCHOLARSHIP_ID, serveReview } from './review-fixtures';
import { PROVIDER, signInProvider } from './studio-fixtures';

const LIST = `/app/scholarships/${SCHOLARSHIP_ID}/applicants`;
const ok = (data: unknown, status = 200) => apiAnswer(status, { statusCode: status, data });

function signInReviewer() {
  saveSession({ user: { ...PROVIDER, id: 'r1', role: 'reviewer' }, accessToken: 'access', refreshToken: 'refresh', access: ACCESS.reviewer });
}

describe('the applicants list', () => {
  isolateAppTests();

  it('lists the applications with their status, eligibility and scores, and asks again for a filter and a search', async () => {
    signInProvider();
    const { get } = serveReview();
    renderAppAt(LIST);
    const table = await screen.findByRole('table', { name: 'Applicants' });
    const first = within(table).getByRole('link', { name: '3F9A12B1' }).closest('tr')!;
    expect(within(first).getByText('Student 1')).toBeTruthy();
    expect(within(first).getByText('Eligible')).toBeTruthy();
    expect(within(first).getByText('72.50')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Status of 3F9A12B1: Received. Change' })).toBeTruthy();
    expect(within(table).getByRole('link', { name: '3F9A12B1' }).getAttribute('href')).toBe(`${LIST}/${row(1).id}`);
    // The chart's figures, for screen readers.
    expect(within(await screen.findByRole('table', { name: /Applications per day/ })).getByRole('row', { name: /Nov 24, 2026 2/ })).toBeTruthy();

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'Shortlisted');
    await waitFor(() => expect(listQueries(get)[0]).toEqual({ status: 'Shortlisted', limit: 20 }));
    await user.type(screen.getByLabelText('Search'), 'ada');
    await waitFor(() => expect(listQueries(get)[0]).toEqual({ status: 'Shortlisted', search: 'ada', limit: 20 }));
    // Debounced: one call for the three letters, not one per keystroke.
    expect(listQueries(get).filter((query) => query.search !== undefined)).toHaveLength(1);
  });

  it('shows no name nor e-mail under blind review, and offers no sort by name', async () => {
    signInProvider();
    serveReview({ blindReview: true });
    renderAppAt(LIST);
    const table = await screen.findByRole('table', { name: 'Applicants' });
    expect(within(table).getByRole('link', { name: '3F9A12B2' })).toBeTruthy();
    expect(within(table).queryByText(/Student|@example.com/)).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Applicant' })).toBeNull();
    expect(within(screen.getByLabelText('Sort')).queryByRole('option', { name: /Name/ })).toBeNull();
    expect((screen.getByRole('checkbox', { name: /Blind review/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('says while the eligibility is being judged again, and asks until the new verdicts are in', async () => {
    signInProvider();
    const { get } = serveReview({ eligibilityUpdatingAnswers: 1 });
    renderAppAt(LIST);
    const note = await screen.findByText(/Checking eligibility against the current rules/);
    expect(note.getAttribute('role')).toBe('status');
    // The next answer (2 s later) has the new verdicts: the note goes, and the list stops asking.
    await waitFor(() => expect(screen.queryByText(/Checking eligibility against the current rules/)).toBeNull(), { timeout: 6000 });
    const asked = listQueries(get).length;
    expect(asked).toBe(2);
  });

  describe('a status change, on purpose only (docs/review.md, "Status")', () => {
    const STATUS_PATH = '/api/v1/scholarships/{id}/applicants/{applicantId}/status';
    /** Opens the status menu with Enter, moves to `status` with the arrows and chooses it with Enter, as a keyboard user does. */
    async function pick(user: ReturnType<typeof userEvent.setup>, status: string) {
      await user.keyboard('{Enter}');
      const item = await screen.findByRole('menuitemradio', { name: status });
      for (let presses = 0; presses < 6 && item.getAttribute('data-highlighted') === null; presses++) await user.keyboard('{ArrowDown}');
      await user.keyboard('{Enter}');
    }
    const statusButton = async () => within(await screen.findByRole('table', { name: 'Applicants' })).getByRole('button', { name: 'Status of 3F9A12B1: Received. Change' });

    it('ignores the arrow keys on the closed control: nothing opens, nothing is sent', async () => {
      signInProvider();
      const { put } = serveReview();
      renderAppAt(LIST);
      const button = await statusButton();
      button.focus();
      const user = userEvent.setup();
      await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}{ArrowDown}');
      expect(screen.queryByRole('menu')).toBeNull();
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(put.mock.calls.filter(([path]) => path === STATUS_PATH)).toEqual([]);
    });

    it('asks first, naming the applicant and both statuses; Cancel sends nothing', async () => {
      signInProvider();
      const { put } = serveReview();
      renderAppAt(LIST);
      const user = userEvent.setup();
      (await statusButton()).focus();
      await pick(user, 'Shortlisted');
      const dialog = await screen.findByRole('dialog', { name: 'Change the status?' });
      expect(dialog.textContent).toMatch(/Move Student 1 \(3F9A12B1\) from Received to Shortlisted\?/);
      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(put.mock.calls.filter(([path]) => path === STATUS_PATH)).toEqual([]);
    });

    it('moves it once confirmed and offers Undo until the message leaves; Undo takes it back', async () => {
      signInProvider();
      const { put, post } = serveReview();
      const until = new Date(Date.now() + 10_000).toISOString();
      put.mockResolvedValue(ok({ id: row(1).id, status: 'Shortlisted', undo: { until, restores: 'Received' } }));
      post.mockResolvedValue(ok({ id: row(1).id, status: 'Received', undo: null }, 201));
      renderAppAt(LIST);
      const user = userEvent.setup();
      (await statusButton()).focus();
      await pick(user, 'Shortlisted');
      await user.click(within(await screen.findByRole('dialog', { name: 'Change the status?' })).getByRole('button', { name: 'Change status' }));
      await waitFor(() => expect(put).toHaveBeenCalledWith(STATUS_PATH, { params: { path: { id: SCHOLARSHIP_ID, applicantId: row(1).id } }, body: { status: 'Shortlisted' } }));
      expect(await screen.findByText('3F9A12B1 is now Shortlisted')).toBeTruthy();
      await user.click(await screen.findByRole('button', { name: 'Undo' }));
      await waitFor(() => expect(post).toHaveBeenCalledWith(`${STATUS_PATH}/undo`, { params: { path: { id: SCHOLARSHIP_ID, applicantId: row(1).id } } }));
      expect(await screen.findByText('3F9A12B1 is back to Received')).toBeTruthy();
      expect(screen.getByText('Nothing was sent to the applicant.')).toBeTruthy();
    });
  });

  it('turns blind review on for the owner', async () => {
    signInProvider();
    const { put } = serveReview();
    put.mockResolvedValue(ok({ blindReview: true }));
    renderAppAt(LIST);
    await screen.findByRole('table', { name: 'Applicants' });
    await userEvent.setup().click(screen.getByText(/Blind review \(hide/));
    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/v1/scholarships/{id}/review-settings', { params: { path: { id: SCHOLARSHIP_ID } }, body: { blindReview: true } }));
  });

  it('hides the owner’s actions from a reviewer', async () => {
    signInReviewer();
    serveReview();
    renderAppAt(LIST);
    const table = await screen.findByRole('table', { name: 'Applicants' });
    expect(within(table).queryByRole('button', { name: /^Status of/ })).toBeNull();
    expect(within(table).getAllByText('Received').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Draw winners' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Blind review/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeTruthy();
    await userEvent.setup().click(within(table).getByText('Select 3F9A12B1'));
    expect(screen.queryByRole('button', { name: 'Message' })).toBeNull();
  });

  it('draws winners after a confirmation and shows the recorded seed', async () => {
    signInProvider();
    const { get, post } = serveReview();
    post.mockResolvedValue(ok(DRAWN, 201));
    // Once drawn, the server answers the decision.
    const before = get.getMockImplementation()!;
    get.mockImplementation(async (path, init) => (path === '/api/v1/scholarships/{id}/winners' && post.mock.calls.length ? ok(DRAWN) : before(path, init)));
    renderAppAt(LIST);
    await screen.findByRole('table', { name: 'Applicants' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Draw winners' }));
    const dialog = await screen.findByRole('dialog', { name: 'Draw winners' });
    const count = within(dialog).getByLabelText('Number of winners');
    await user.clear(await whenClickable(count));
    await user.type(count, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByText(/cannot be undone/)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Draw 1 now' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/v1/scholarships/{id}/winners', { params: { path: { id: SCHOLARSHIP_ID } }, body: { draw: { count: 1 } } }));
    const winners = await screen.findByRole('region', { name: 'Winners' });
    expect(within(winners).getByText('ab'.repeat(32))).toBeTruthy();
    expect(within(winners).getByText('3F9A12B2')).toBeTruthy();
  });

  it('downloads the CSV export with the token, under the server’s file name', async () => {
    signInProvider();
    const { get } = serveReview();
    const list = get.getMockImplementation()!;
    get.mockImplementation(async (path, init) => {
      if (path !== '/api/v1/scholarships/{id}/applicants-data/export') return list(path, init);
      const headers = { 'Content-Disposition': 'attachment; filename="applicants-future-builders.csv"' };
      return { data: new Blob(['Reference\r\n'], { type: 'text/csv' }), response: new Response(null, { status: 200, headers }) };
    });
    const created = vi.fn(() => 'blob:csv');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('applicants-future-builders.csv');
      expect(this.href).toBe('blob:csv');
    });
    renderAppAt(LIST);
    await screen.findByRole('table', { name: 'Applicants' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    expect(get).toHaveBeenCalledWith('/api/v1/scholarships/{id}/applicants-data/export', { params: { path: { id: SCHOLARSHIP_ID } }, parseAs: 'blob' });
    expect(created).toHaveBeenCalledTimes(1);
  });

  it('messages the selected applicants through the served form', async () => {
    signInProvider();
    const { post } = serveReview();
    post.mockResolvedValue(ok({ sent: 2 }, 201));
    renderAppAt(LIST);
    const table = await screen.findByRole('table', { name: 'Applicants' });
    const user = userEvent.setup();
    await user.click(within(table).getByText('Select all on this page'));
    await user.click(screen.getByRole('button', { name: 'Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message 2 applicants' });
    await user.type(await whenClickable(await within(dialog).findByLabelText(/^Subject/)), 'Interviews next week');
    await user.type(within(dialog).getByLabelText(/^Message/), 'Please pick a time.');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/v1/scholarships/{id}/messages', {
        params: { path: { id: SCHOLARSHIP_ID } },
        body: { applicantIds: [row(1).id, row(2).id], answers: { subject: 'Interviews next week', body: 'Please pick a time.' } },
      }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('one submission', () => {
  isolateAppTests();

  it('shows the answers read-only on the pinned form, saves points and shows everyone’s totals', async () => {
    signInProvider();
    const { put } = serveReview();
    put.mockResolvedValue(ok(points({ mine: { points: { c1: 9, c2: 4 }, total: 87.5, updatedAt: '2026-11-25T10:00:00.000Z' }, average: 80, reviewCount: 2 })));
    renderAppAt(`${LIST}/${row(1).id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Application 3F9A12B1' })).toBeTruthy();
    const answers = screen.getByRole('region', { name: 'Answers' });
    const answer = (await within(answers).findByLabelText(/^Why you/)) as HTMLInputElement;
    expect(answer.value).toBe('Because I build bridges.');
    expect(answer.disabled).toBe(true);
    expect(screen.getByText('student1@example.com')).toBeTruthy();
    // The owner's way to the conversation with this applicant (docs/inbox.md, "In the browser").
    expect(screen.getByRole('link', { name: 'Messages' }).getAttribute('href')).toBe(`/app/inbox/${row(1).id}`);
    // Previous/next through the list the reviewer came from.
    expect(screen.getByRole('link', { name: 'Next applicant: 3F9A12B2' }).getAttribute('href')).toBe(`${LIST}/${row(2).id}`);
    expect((screen.getByRole('button', { name: 'Previous applicant' }) as HTMLButtonElement).disabled).toBe(true);

    const panel = screen.getByRole('region', { name: 'Points' });
    expect(within(within(panel).getByRole('table', { name: 'Points by reviewer' })).getByText('Ada Lovelace')).toBeTruthy();
    const user = userEvent.setup();
    await user.type(within(panel).getByLabelText(/^Essay quality/), '9');
    await user.type(within(panel).getByLabelText(/^Need/), '4');
    await user.click(within(panel).getByRole('button', { name: 'Save points' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/api/v1/scholarship/{id}/applicants/{applicantId}/points', {
        params: { path: { id: SCHOLARSHIP_ID, applicantId: row(1).id } },
        body: { answers: { c1: 9, c2: 4 } },
      }),
    );
    expect(await within(panel).findByText('87.50')).toBeTruthy();
    expect(within(panel).getByText('80.00')).toBeTruthy();
  });

  it('shows the server’s message under the criterion when the points are refused', async () => {
    signInProvider();
    const { put } = serveReview();
    put.mockResolvedValue(apiAnswer(400, { statusCode: 400, errorCode: 'INVALID_ANSWERS', description: 'Some points are not valid.', errors: [{ path: 'c1', message: 'At most 10 points' }] }));
    renderAppAt(`${LIST}/${row(1).id}`);
    const panel = await screen.findByRole('region', { name: 'Points' });
    const user = userEvent.setup();
    await user.type(await within(panel).findByLabelText(/^Essay quality/), '12');
    await user.click(within(panel).getByRole('button', { name: 'Save points' }));
    expect(await within(panel).findByText('At most 10 points')).toBeTruthy();
  });

  it('hides the applicant under blind review', async () => {
    signInProvider();
    serveReview({ blindReview: true });
    renderAppAt(`${LIST}/${row(1).id}`);
    expect(await screen.findByText(/Blind review: the applicant’s name/)).toBeTruthy();
    expect(screen.queryByText('student1@example.com')).toBeNull();
  });
});

describe('reviewer invitation', () => {
  isolateAppTests();

  it('names the organisation, sends the served form’s answers, stores the session and lands in the studio', async () => {
    const { get, post } = serveReview();
    const others = get.getMockImplementation()!;
    get.mockImplementation(async (path, init) =>
      path === '/api/v1/reviewer-invitations/{token}' ? ok({ email: 'ada@example.com', organisationName: 'Hopper Foundation', expiresAt: '2026-12-01T00:00:00.000Z' }) : others(path, init),
    );
    post.mockResolvedValue(ok({ user: { ...PROVIDER, id: 'r1', role: 'reviewer' }, accessToken: 'reviewer-access', refreshToken: 'refresh', clientIp: '127.0.0.1', access: ACCESS.reviewer }, 201));
    const router = renderAppAt('/app/invitation?token=tok123');
    expect(await screen.findByRole('heading', { level: 1, name: 'Join Hopper Foundation as a reviewer' })).toBeTruthy();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/^First name/), 'Ada');
    await user.type(screen.getByLabelText(/^Last name/), 'Lovelace');
    await user.click(screen.getByRole('button', { name: 'Join as a reviewer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/scholarships'));
    expect(post).toHaveBeenCalledWith('/api/v1/reviewer-invitations/{token}/accept', { params: { path: { token: 'tok123' } }, body: { answers: { firstName: 'Ada', lastName: 'Lovelace' } } });
    expect(localStorage.getItem('token')).toBe('reviewer-access');
    // A reviewer builds nothing: no New scholarship, and the sidebar has no owner pages.
    expect(await screen.findByRole('link', { name: 'Applicants', exact: true } as never)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New scholarship' })).toBeNull();
  });

  it('says so when the invitation is spent or expired', async () => {
    const { get } = serveReview();
    const others = get.getMockImplementation()!;
    get.mockImplementation(async (path, init) =>
      path === '/api/v1/reviewer-invitations/{token}' ? apiAnswer(410, { statusCode: 410, errorCode: 'INVITATION_EXPIRED', description: 'This invitation has expired.' }) : others(path, init),
    );
    renderAppAt('/app/invitation?token=old');
    expect(await screen.findByText('This invitation has expired.')).toBeTruthy();
  });
});

