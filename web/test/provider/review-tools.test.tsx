import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../src/pages/provider/shell/ProviderLayout';
import { whenClickable } from '../render-form';
import { apiAnswer } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt } from '../scholarships/render-app';
import { DRAWN, row, SCHOLARSHIP_ID, serveReview } from './review-fixtures';
import { overviewOf, PROVIDER, scholarshipDetail, signInProvider } from './studio-fixtures';
import { ACCESS } from '../session-fixtures';

/** Review tools that behave (docs/review.md, "In the browser"). */
const LIST = `/app/scholarships/${SCHOLARSHIP_ID}/applicants`;
const ok = (data: unknown, status = 200) => apiAnswer(status, { statusCode: status, data });
type Get = ReturnType<typeof serveReview>['get'];

function studioSidebar(): HTMLElement {
  return document.querySelector<HTMLElement>('aside nav[aria-label="Account"]')!;
}

/** The queries the overview was asked with, last first. */
function overviewQueries(get: Get): Record<string, unknown>[] {
  return get.mock.calls
    .filter(([path]) => path === '/api/v1/providers/scholarships/overview')
    .map(([, init]) => (init as { params: { query: Record<string, unknown> } }).params.query)
    .reverse();
}

describe('winners and the selection', () => {
  isolateAppTests();

  it('disables Draw winners once winners are chosen, saying who and when', async () => {
    signInProvider();
    serveReview({ winners: DRAWN });
    renderAppAt(LIST);
    await screen.findByRole('table', { name: 'Applicants' });
    const draw = await screen.findByRole('button', { name: 'Draw winners' });
    await waitFor(() => expect((draw as HTMLButtonElement).disabled).toBe(true));
    const note = document.getElementById(draw.getAttribute('aria-describedby')!)!;
    expect(note.textContent).toBe('Winners chosen on Nov 25, 2026: Student 2');
  });

  it('offers Draw winners while nobody has won', async () => {
    signInProvider();
    serveReview();
    renderAppAt(LIST);
    await screen.findByRole('table', { name: 'Applicants' });
    expect((screen.getByRole('button', { name: 'Draw winners' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('clears the selection once the message is sent', async () => {
    signInProvider();
    const { post } = serveReview();
    post.mockResolvedValue(ok({ sent: 2 }, 201));
    renderAppAt(LIST);
    const table = await screen.findByRole('table', { name: 'Applicants' });
    const user = userEvent.setup();
    await user.click(within(table).getByText('Select all on this page'));
    expect(screen.getByRole('region', { name: 'Selected applicants' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message 2 applicants' });
    await user.type(await whenClickable(await within(dialog).findByLabelText(/^Subject/)), 'Interviews');
    await user.type(within(dialog).getByLabelText(/^Message/), 'Next week.');
    await user.click(within(dialog).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Selected applicants' })).toBeNull();
    expect(within(table).getAllByRole('checkbox').every((box) => !(box as HTMLInputElement).checked)).toBe(true);
  });
});

describe('where you are', () => {
  isolateAppTests();

  it("opens the submission from the applicant's name, and lights Applicants on the review pages", async () => {
    signInProvider();
    serveReview();
    const router = renderAppAt(LIST);
    const table = await screen.findByRole('table', { name: 'Applicants' });
    const lit = () => within(studioSidebar()).getAllByRole('link', { hidden: true }).filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent);
    await waitFor(() => expect(lit()).toEqual(['Applicants']));
    await userEvent.setup().click(within(table).getByRole('link', { name: 'Student 1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${LIST}/${row(1).id}`));
    await waitFor(() => expect(lit()).toEqual(['Applicants']));
  });
});

describe('the applicants overview', () => {
  isolateAppTests();

  it('pages, searches and filters through the server, keeping it all in the address; empty drafts on request', async () => {
    signInProvider();
    const { get } = serveReview();
    const others = get.getMockImplementation()!;
    const many = Array.from({ length: 20 }, (_, i) => scholarshipDetail({ id: `00000000-0000-4000-8000-00000000b0${String(i).padStart(2, '0')}`, title: `Award ${i + 1}`, status: 'published' }));
    get.mockImplementation(async (path, init) => (path === '/api/v1/providers/scholarships/overview' ? ok(overviewOf(many, { total: 45, hiddenEmptyDrafts: 3 })) : others(path, init)));
    const router = renderAppAt('/app/applicants');
    const list = await screen.findByRole('list', { name: 'Applications per scholarship' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(20);
    expect(overviewQueries(get)[0]).toEqual({ offset: 0, limit: 20 });
    expect(screen.getByText('1–20 of 45')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(overviewQueries(get)[0]).toEqual({ offset: 20, limit: 20 }));
    expect(router.state.location.search).toEqual({ offset: 20 });

    await user.type(screen.getByLabelText('Search'), 'stem');
    await waitFor(() => expect(overviewQueries(get)[0]).toEqual({ search: 'stem', offset: 0, limit: 20 }));
    // Debounced: one call for the four letters.
    expect(overviewQueries(get).filter((query) => query.search !== undefined)).toHaveLength(1);
    await user.selectOptions(screen.getByLabelText('Status'), 'closed');
    await waitFor(() => expect(overviewQueries(get)[0]).toEqual({ search: 'stem', status: 'closed', offset: 0, limit: 20 }));
    await user.click(screen.getByText('Show empty drafts'));
    await waitFor(() => expect(overviewQueries(get)[0]).toEqual({ search: 'stem', status: 'closed', emptyDrafts: 'true', offset: 0, limit: 20 }));
    expect(router.state.location.search).toEqual({ search: 'stem', status: 'closed', emptyDrafts: true });
  });

  it('reads its search from the address, and says when only empty drafts are hidden', async () => {
    signInProvider();
    const { get } = serveReview();
    const others = get.getMockImplementation()!;
    get.mockImplementation(async (path, init) => (path === '/api/v1/providers/scholarships/overview' ? ok(overviewOf([], { hiddenEmptyDrafts: 2 })) : others(path, init)));
    renderAppAt('/app/applicants?search=robotics&status=draft&offset=bogus');
    expect(await screen.findByText('No scholarship matches these filters; 2 empty drafts are hidden. Turn on "Show empty drafts" to see them.')).toBeTruthy();
    expect(overviewQueries(get)[0]).toEqual({ search: 'robotics', status: 'draft', offset: 0, limit: 20 });
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('robotics');
  });
});

describe('inviting an address that has an account', () => {
  isolateAppTests();

  it("tells the inviter the address already had a reviewer account, and shows the server's refusal under the field", async () => {
    signInProvider();
    const { get, post } = serveReview();
    const others = get.getMockImplementation()!;
    get.mockImplementation(async (path, init) => (path === '/api/v1/providers/reviewers' ? ok({ reviewers: [], invitations: [] }) : others(path, init)));
    const refusal = 'ann@example.com already has a ScholarMatch account, and it is not a reviewer\'s: one account has one role, so it cannot review too. Ask them for another e-mail address to review with.';
    post.mockImplementation(async (_path, init) =>
      (init as { body: { email: string } }).body.email === 'ann@example.com'
        ? apiAnswer(409, { statusCode: 409, errorCode: 'ACCOUNT_NOT_REVIEWER', description: refusal })
        : ok({ id: 'i1', email: 'rita@example.com', expiresAt: '2026-12-04T10:00:00.000Z', createdAt: '2026-11-27T10:00:00.000Z', existingAccount: true }, 201),
    );
    renderAppAt('/app/reviewers');
    const user = userEvent.setup();
    const email = await screen.findByLabelText('E-mail');
    await user.type(email, 'ann@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(refusal)).toBeTruthy();
    await user.clear(email);
    await user.type(email, 'rita@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('rita@example.com already has a reviewer account: we invited it, and they accept by logging in.')).toBeTruthy();
  });

  it('lets a reviewer account join with its password, not a second sign-up', async () => {
    const { get, post } = serveReview();
    const others = get.getMockImplementation()!;
    get.mockImplementation(async (path, init) =>
      path === '/api/v1/reviewer-invitations/{token}' ? ok({ email: 'rita@example.com', organisationName: 'Hopper Foundation', expiresAt: '2026-12-01T00:00:00.000Z', existingAccount: true }) : others(path, init),
    );
    post.mockImplementation(async (_path, init) =>
      (init as { body: { password: string } }).body.password === 'wrong'
        ? apiAnswer(400, { statusCode: 400, errorCode: 'WRONG_PASSWORD', description: 'Your password is incorrect. Please try again or reset it.' })
        : ok({ user: { ...PROVIDER, id: 'r1', role: 'reviewer' }, accessToken: 'reviewer-access', refreshToken: 'refresh', clientIp: '127.0.0.1', access: ACCESS.reviewer }, 201),
    );
    const router = renderAppAt('/app/invitation?token=tok123');
    expect(await screen.findByText(/rita@example.com already has a reviewer account/)).toBeTruthy();
    expect(screen.queryByLabelText(/^First name/)).toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Join as a reviewer' }));
    expect(await screen.findByText('Your password is incorrect. Please try again or reset it.')).toBeTruthy();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Join as a reviewer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/scholarships'));
    expect(post).toHaveBeenLastCalledWith('/api/v1/reviewer-invitations/{token}/join', { params: { path: { token: 'tok123' } }, body: { password: 'correct horse battery' } });
    expect(localStorage.getItem('token')).toBe('reviewer-access');
  });
});
