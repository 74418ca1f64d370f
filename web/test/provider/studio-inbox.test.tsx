import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import '../../src/pages/provider/shell/ProviderLayout';
import type { Thread } from '../../src/api/conversations';
import { saveSession } from '../../src/session/session-store';
import { APPLICATION_ID, conversation, conversationMessage, REPLY_FORM } from '../conversation-fixtures';
import { whenClickable } from '../render-form';
import { ACCESS } from '../session-fixtures';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt } from '../scholarships/render-app';
import { PROVIDER, SCHOLARSHIP_ID, signInProvider } from './studio-fixtures';

const ok = (data: unknown, status = 200) => apiAnswer(status, { statusCode: status, data });

function thread(n: number, unread: number): Thread {
  return {
    applicationId: `5a000000-0000-4000-8000-${String(n).padStart(12, '0')}`, reference: `3F9A12B${n}`, scholarshipId: SCHOLARSHIP_ID,
    scholarshipTitle: 'Future Leaders', applicant: `Student ${n}`, subject: 'Re: Interview', preview: `Reply ${n}`,
    lastAuthor: 'applicant', lastAt: '2026-11-25T10:00:00.000Z', unread,
  };
}

type Init = { params?: { query?: { unread?: boolean; offset?: number } } } | undefined;

/** The studio inbox: 25 threads (3 with unread replies), one conversation, the reply form. */
function serveStudioInbox() {
  let unread = 3;
  const threads = Array.from({ length: 25 }, (_, index) => thread(index + 1, index < 3 ? 1 : 0));
  const reply = conversationMessage(2, 'applicant', 'Student 1', 'Yes, Tuesday suits me.');
  const first = conversationMessage(1, 'provider', 'Hopper Foundation', 'Can you come on Tuesday?');
  const get = mockApi('GET').mockImplementation(async (path, init) => {
    const query = (init as Init)?.params?.query ?? {};
    if (path === '/api/v1/providers/inbox/unread-count') return ok({ unread });
    if (path === '/api/v1/providers/inbox') {
      const kept = query.unread ? threads.filter((entry) => entry.unread > 0) : threads;
      const offset = query.offset ?? 0;
      return ok({ total: kept.length, unread, offset, limit: 20, threads: kept.slice(offset, offset + 20) });
    }
    if (path === '/api/v1/providers/inbox/{applicationId}') {
      unread -= 1; // Reading marks the reply read, on the server.
      return ok(conversation('Student 1', [first, reply]));
    }
    if (path === '/api/v1/forms/{formKey}') return ok(REPLY_FORM);
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  const answer = conversationMessage(3, 'provider', 'Hopper Foundation', 'See you then.');
  const post = mockApi('POST').mockResolvedValue(ok(conversation('Student 1', [first, reply, answer]), 201));
  return { get, post };
}

/** The wide-screen sidebar (styled hidden in jsdom, which applies no media queries). */
const sidebar = async () => {
  await waitFor(() => expect(document.querySelector('aside nav[aria-label="Account"]')).not.toBeNull());
  return document.querySelector<HTMLElement>('aside nav[aria-label="Account"]')!;
};
const inboxEntry = async (name: string) => within(await sidebar()).findByRole('link', { name, hidden: true });

const threadQueries = (get: ReturnType<typeof serveStudioInbox>['get']) =>
  get.mock.calls.filter(([path]) => path === '/api/v1/providers/inbox').map(([, init]) => (init as Init)?.params?.query);

describe('the studio inbox (docs/inbox.md, "In the browser")', () => {
  isolateAppTests();

  it('lists the conversations 20 a page with their unread replies, filters to unread ones, and the sidebar counts them', async () => {
    signInProvider();
    const { get } = serveStudioInbox();
    const router = renderAppAt('/app/inbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox' })).toBeTruthy();
    expect(await inboxEntry('Inbox, 3 unread')).toBeTruthy();
    // On a phone the sidebar is a drawer: its button says so too.
    expect(screen.getByRole('button', { name: 'Open menu, 3 unread', hidden: true })).toBeTruthy();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const rows = within(list).getAllByRole('link');
    expect(rows).toHaveLength(20);
    expect(rows[0].textContent).toContain('Student 1, 1 unread');
    expect(rows[0].textContent).toContain('Future Leaders');
    expect(rows[0].textContent).toContain('Student 1: Reply 1');
    expect(rows[0].getAttribute('href')).toBe(`/app/inbox/${thread(1, 1).applicationId}`);
    expect(rows[5].textContent).not.toContain('unread');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(threadQueries(get).at(-1)).toEqual({ offset: 20, limit: 20 }));
    expect(await screen.findByText('21–25 of 25')).toBeTruthy();
    expect(router.state.location.search).toEqual({ page: 2 });

    await user.click(screen.getByText('Unread only'));
    await waitFor(() => expect(threadQueries(get).at(-1)).toEqual({ unread: true, offset: 0, limit: 20 }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Conversations' })).getAllByRole('link')).toHaveLength(3));
    expect(router.state.location.search).toEqual({ unread: true });
  });

  it('opens a conversation, which marks it read and lowers the badge, and sends the answer through the served form', async () => {
    signInProvider();
    const { get, post } = serveStudioInbox();
    renderAppAt(`/app/inbox/${APPLICATION_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Student 1' })).toBeTruthy();
    const thread = screen.getByRole('region', { name: 'Conversation' });
    expect(within(thread).getAllByRole('listitem').map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('Can you come on Tuesday?'),
      expect.stringContaining('Yes, Tuesday suits me.'),
    ]);
    // Asked again once read: 2 left.
    expect(await inboxEntry('Inbox, 2 unread')).toBeTruthy();
    expect(get.mock.calls.filter(([path]) => path === '/api/v1/providers/inbox/unread-count').length).toBeGreaterThan(1);

    const user = userEvent.setup();
    await user.type(await whenClickable(await screen.findByLabelText(/^Your reply/)), 'See you then.');
    await user.click(screen.getByRole('button', { name: 'Send answer' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/v1/providers/inbox/{applicationId}/messages', { params: { path: { applicationId: APPLICATION_ID } }, body: { answers: { replyBody: 'See you then.' } } }),
    );
    await waitFor(() => expect(within(screen.getByRole('region', { name: 'Conversation' })).getAllByRole('listitem')).toHaveLength(3));
  });

  it('is the owner’s: a reviewer has no Inbox entry and is led to the scholarships from a conversation’s address', async () => {
    saveSession({ user: { ...PROVIDER, id: 'r1', role: 'reviewer' }, accessToken: 'access', refreshToken: 'refresh', access: ACCESS.reviewer });
    const { get } = serveStudioInbox();
    get.mockImplementation(async (path) => (path === '/api/v1/providers/scholarships' ? ok([]) : apiAnswer(404, { description: `not mocked: ${path}` })));
    const router = renderAppAt(`/app/inbox/${APPLICATION_ID}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/app/scholarships'));
    expect(within(await sidebar()).queryByRole('link', { name: /^Inbox/, hidden: true })).toBeNull();
    expect(get.mock.calls.some(([path]) => String(path).startsWith('/api/v1/providers/inbox'))).toBe(false);
  });
});
