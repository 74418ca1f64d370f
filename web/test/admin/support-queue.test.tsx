import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../src/pages/admin/shell/AdminLayout';
import { saveSession } from '../../src/session/session-store';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn, STUDENT } from '../scholarships/render-app';
import { ACCESS } from '../session-fixtures';

const ADMIN = { ...STUDENT, id: 'admin-1', firstName: 'Ada', lastName: 'Admin', email: 'admin@example.com', role: 'admin', applicantType: null };
const HOUR = 3_600_000;
const ago = (hours: number) => new Date(Date.now() - hours * HOUR).toISOString();

function request(overrides: Record<string, unknown> = {}) {
  const createdAt = (overrides.createdAt as string | undefined) ?? ago(30);
  return {
    id: 'r1', kind: 'support', userId: 'u1', name: 'Maya Lopez', email: 'maya@example.com', phone: null, query: 'Transcript upload',
    description: 'My PDF is refused.', answers: {}, createdAt, staffEmailedAt: null, answerHtml: null, answeredAt: null,
    status: 'open', solvedAt: null, assignedTo: null, assigneeName: null, waitingSince: createdAt, ...overrides,
  };
}

const PERSON = { id: 'u1', name: 'Maya Lopez', email: 'maya@example.com', phone: null, role: 'applicant', createdAt: ago(900), requestCount: 2, membership: null };

function signInAsAdmin() {
  saveSession({ user: ADMIN as never, accessToken: 'access', refreshToken: 'refresh', access: ACCESS.admin });
}

type Init = { params?: { query?: Record<string, unknown>; path?: { id: string } }; body?: Record<string, unknown> };

function serve(detail: Record<string, unknown> = { request: request(), messages: [], notes: [], person: PERSON }) {
  const lists: Record<string, unknown>[] = [];
  mockApi('GET').mockImplementation(async (path, init) => {
    if (path === '/api/v1/admin/support-requests') {
      lists.push((init as Init).params?.query ?? {});
      return apiAnswer(200, { statusCode: 200, data: [request(), request({ id: 'r2', kind: 'contact', name: 'Guest', email: 'guest@example.com', query: null, description: 'Do you work with schools?', createdAt: ago(2) })], meta: { total: 2, overdue: 1 } });
    }
    if (path === '/api/v1/admin/support-requests/{id}') return apiAnswer(200, { statusCode: 200, data: detail });
    if (path === '/api/v1/admin/support-staff') return apiAnswer(200, { statusCode: 200, data: [{ id: 'admin-1', name: 'Ada Admin', email: 'admin@example.com' }] });
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  const posts: [string, Init][] = [];
  mockApi('POST').mockImplementation(async (path, init) => {
    posts.push([path, init as Init]);
    return apiAnswer(201, { statusCode: 201, data: path.endsWith('/notes') ? { id: 'n1', text: 'x', createdAt: ago(0), authorId: 'admin-1', authorName: 'Ada Admin' } : request() });
  });
  const puts: [string, Init][] = [];
  mockApi('PUT').mockImplementation(async (path, init) => {
    puts.push([path, init as Init]);
    return apiAnswer(200, { statusCode: 200, data: request({ assignedTo: 'admin-1' }) });
  });
  return { lists, posts, puts };
}

describe('staff console: support queue', () => {
  isolateAppTests();

  it('lists the open requests, oldest waiting first, with the count past 24 hours and each age against it', async () => {
    signInAsAdmin();
    const { lists } = serve();
    const user = userEvent.setup();
    renderAppAt('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Support queue' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Support queue/, hidden: true }).length).toBeGreaterThan(0);
    expect(await screen.findByText('1 open past 24 hours')).toBeTruthy();
    const rows = within(screen.getByRole('list', { name: 'Support requests' })).getAllByRole('listitem');
    expect(within(rows[0]).getByText('Past 24 hours')).toBeTruthy();
    expect(within(rows[0]).getByText(/30 hours ago/)).toBeTruthy();
    expect(within(rows[1]).getByText('22 hours left')).toBeTruthy();
    expect(within(rows[1]).getByText(/Contact message/)).toBeTruthy();
    expect(lists[0]).toMatchObject({ status: 'open', sort: 'waiting', offset: 0 });

    await user.selectOptions(screen.getByLabelText('Kind'), 'contact');
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ kind: 'contact', status: 'open' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'all');
    await waitFor(() => expect(lists.at(-1)).not.toHaveProperty('status'));
    await user.selectOptions(screen.getByLabelText('Age'), '24');
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ olderThanHours: 24 }));
    await user.type(screen.getByLabelText('Search'), '50%_off');
    await waitFor(() => expect(lists.at(-1)).toMatchObject({ search: '50%_off' }));
  });

  it('shows one request with the person beside it, and answers, solves, assigns and notes it', async () => {
    signInAsAdmin();
    const { posts, puts } = serve();
    const user = userEvent.setup();
    renderAppAt('/admin/support/r1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Transcript upload' })).toBeTruthy();
    const person = screen.getByRole('region', { name: 'Person' });
    expect(within(person).getByText('maya@example.com')).toBeTruthy();
    expect(within(person).getByText('None')).toBeTruthy();

    await user.type(screen.getByLabelText(/Your answer/), 'Please send it as a PDF under 5 MB.\n\n<b>Thanks</b>');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(posts[0][0]).toBe('/api/v1/admin/support-requests/{id}/answer'));
    expect(posts[0][1].body).toEqual({ answer: '<p>Please send it as a PDF under 5 MB.</p><p>&#60;b&#62;Thanks&#60;/b&#62;</p>' });

    await user.click(screen.getByRole('button', { name: 'Mark as solved' }));
    await waitFor(() => expect(posts.at(-1)![0]).toBe('/api/v1/admin/support-requests/{id}/solve'));

    await waitFor(() => expect(screen.getByRole('option', { name: 'Ada Admin' })).toBeTruthy());
    await user.selectOptions(screen.getByLabelText('Assigned to'), 'admin-1');
    await waitFor(() => expect(puts[0][1].body).toEqual({ staffId: 'admin-1' }));

    await user.type(screen.getByLabelText('New note'), 'Asked the registrar.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(posts.at(-1)).toEqual(['/api/v1/admin/support-requests/{id}/notes', expect.objectContaining({ body: { text: 'Asked the registrar.' } })]));
    expect(screen.getByText('For staff only: the person never sees these.')).toBeTruthy();
  });

  it('offers Reopen on a solved request, and says a guest gets the answer by e-mail', async () => {
    signInAsAdmin();
    const messages = [{ id: 'm1', author: 'staff', authorId: 'admin-1', authorName: 'Ada Admin', bodyHtml: '<p>Done</p>', createdAt: ago(2) }];
    serve({ request: request({ status: 'solved', solvedAt: ago(1), userId: null, answerHtml: '<p>Done</p>', answeredAt: ago(2) }), messages, notes: [], person: null as never });
    renderAppAt('/admin/support/r1');
    expect(await screen.findByRole('button', { name: 'Reopen' })).toBeTruthy();
    // Staff may write again, even on a solved request: another message of the thread.
    expect(screen.getByLabelText(/Your answer \(another message in the thread\)/)).toBeTruthy();
    expect(screen.getByText(/A guest without an account/)).toBeTruthy();
  });

  it("shows the whole thread in order: the request, answers, the person's replies, and internal notes marked as never sent", async () => {
    signInAsAdmin();
    const messages = [
      { id: 'm1', author: 'staff', authorId: 'admin-1', authorName: 'Ada Admin', bodyHtml: '<p>Send it as a PDF.</p>', createdAt: ago(28) },
      { id: 'm2', author: 'person', authorId: 'u1', authorName: 'Maya Lopez', bodyHtml: '<p>It is a PDF already.</p>', createdAt: ago(3) },
    ];
    const notes = [{ id: 'n1', text: 'Asked engineering about large PDFs.', createdAt: ago(10), authorId: 'admin-1', authorName: 'Ada Admin' }];
    // Reopened by the reply three hours ago: the promise counts from there, not from the request 30 hours ago.
    serve({ request: request({ status: 'open', waitingSince: ago(3), answerHtml: '<p>Send it as a PDF.</p>', answeredAt: ago(28) }), messages, notes, person: PERSON });
    renderAppAt('/admin/support/r1');
    const thread = await screen.findByRole('list', { name: 'Conversation' });
    const entries = within(thread).getAllByRole('article');
    expect(entries.map((entry) => entry.getAttribute('aria-label')?.split(',')[0])).toEqual([
      'Request: Maya Lopez',
      'Answer sent: Ada Admin',
      'Internal note (never sent): Ada Admin',
      'Reply: Maya Lopez',
    ]);
    expect(within(entries[0]).getByText('My PDF is refused.')).toBeTruthy();
    expect(within(entries[2]).getByText('Asked engineering about large PDFs.')).toBeTruthy();
    expect(within(entries[3]).getByText('It is a PDF already.')).toBeTruthy();
    expect(screen.getByText('21 hours left')).toBeTruthy();
    expect(screen.getByText('1 note in the conversation.')).toBeTruthy();
  });

  it('is not open to someone without a console area', async () => {
    signIn();
    const spy = mockApi('GET').mockResolvedValue(apiAnswer(404, {}));
    const router = renderAppAt('/admin/support');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/dashboard'));
    expect(spy.mock.calls.some(([path]) => String(path).includes('/admin/'))).toBe(false);
  });
});
