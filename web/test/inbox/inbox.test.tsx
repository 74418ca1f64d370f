import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InboxMessage } from '../../src/api/inbox';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from '../scholarships/render-app';

const idOf = (n: number) => `7c1e0000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A message as GET /inbox sends it (docs/inbox.md, "Calls"): message 1 is the newest. */
function inboxMessage(n: number, overrides: { read?: boolean; subject?: string; text?: string; html?: string; scholarshipId?: string } = {}): InboxMessage {
  const sent = new Date(Date.UTC(2026, 10, 26 - n, 10)).toISOString();
  const text = overrides.text ?? `Body of message ${n}.`;
  return {
    _id: { value: idOf(n) },
    fromName: { value: `Sender ${n}` },
    fromEmail: { value: `sender${n}@example.org` },
    subject: { value: overrides.subject ?? `Subject ${n}` },
    sentDate: { value: sent },
    createdAt: { value: sent },
    bodyAsText: { value: text },
    bodyAsHtml: { value: overrides.html ?? `<p>${text}</p>` },
    read: overrides.read ?? false,
    kind: 'provider',
    scholarshipId: overrides.scholarshipId ?? null,
    applicationId: null,
    supportRequestId: null,
  };
}

type Init = { params?: { path?: { id?: string }; query?: { search?: string; scholarshipId?: string; offset?: number; limit?: number } } } | undefined;

/** The inbox API over `messages`, searching subject and text as the server would (in part). */
function serveInbox(messages: InboxMessage[]) {
  const stored = messages.map((message) => ({ ...message }));
  const unread = () => stored.filter((message) => !message.read).length;
  const get = mockApi('GET').mockImplementation(async (path, init) => {
    const params = (init as Init)?.params;
    if (path === '/api/v1/inbox') {
      const search = params?.query?.search?.toLowerCase() ?? '';
      const about = params?.query?.scholarshipId;
      const found = stored.filter(
        (message) => `${message.subject.value} ${message.bodyAsText.value}`.toLowerCase().includes(search) && (!about || message.scholarshipId === about),
      );
      const offset = params?.query?.offset ?? 0;
      // Copies, as a real answer would be: marking a stored message read must not change the page's.
      const data = structuredClone(found.slice(offset, offset + (params?.query?.limit ?? 50)));
      return apiAnswer(200, { statusCode: 200, data, meta: { total: found.length, unread: unread() } });
    }
    if (path === '/api/v1/inbox/unread-count') return apiAnswer(200, { statusCode: 200, data: { unread: unread() } });
    if (path === '/api/v1/inbox/{id}') {
      const message = stored.find((entry) => entry._id.value === params?.path?.id);
      return message ? apiAnswer(200, { statusCode: 200, data: structuredClone(message) }) : apiAnswer(404, { description: 'There is no such message.' });
    }
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  const put = mockApi('PUT').mockImplementation(async (path, init) => {
    const message = stored.find((entry) => entry._id.value === (init as Init)?.params?.path?.id);
    if (path !== '/api/v1/inbox/{id}/read' || !message) return apiAnswer(404, { description: 'There is no such message.' });
    message.read = true;
    return apiAnswer(200, { statusCode: 200, data: structuredClone(message) });
  });
  return { get, put };
}

const searchesSent = (get: ReturnType<typeof serveInbox>['get']) =>
  get.mock.calls.filter(([path]) => path === '/api/v1/inbox').map(([, init]) => (init as Init)?.params?.query?.search);

const previews = () => within(screen.getByRole('list', { name: 'Messages' })).getAllByRole('link');
const preview = (subject: string) => previews().find((link) => link.textContent?.includes(subject))!;
const setWidth = (width: number) => Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });

describe('the inbox', () => {
  isolateAppTests();

  it('lists the messages newest first under a title with their count; unread ones say so; previews stop at two rows', async () => {
    signIn();
    const { get } = serveInbox([inboxMessage(1), inboxMessage(2, { read: true }), inboxMessage(3)]);
    renderAppAt('/auth/dashboard/inbox');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox (3)' })).toBeTruthy();
    expect(previews().map((link) => within(link).getAllByText(/^Subject/)[0].textContent)).toEqual(['Subject 1', 'Subject 2', 'Subject 3']);
    expect(preview('Subject 1').textContent).toContain('Unread message from');
    expect(preview('Subject 2').textContent).not.toContain('Unread');
    expect(within(preview('Subject 1')).getByText('25 November, 2026')).toBeTruthy();
    const body = within(preview('Subject 1')).getByText('Body of message 1.');
    expect(getComputedStyle(body).getPropertyValue('-webkit-line-clamp')).toBe('2');
    expect(get).toHaveBeenCalledWith('/api/v1/inbox', { params: { query: { offset: 0, limit: 50 } }, signal: expect.any(AbortSignal) });
  });

  it("says 'No new messages' when there are none", async () => {
    signIn();
    serveInbox([]);
    renderAppAt('/auth/dashboard/inbox');
    expect(await screen.findByText('No new messages')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Inbox (0)' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Messages' })).toBeNull();
  });

  it('sends the search 500 ms after the last keystroke, once, and keeps it in the address', async () => {
    signIn();
    const { get } = serveInbox([inboxMessage(1, { subject: 'Your essay was received' }), inboxMessage(2), inboxMessage(3)]);
    const router = renderAppAt('/auth/dashboard/inbox');
    await screen.findByRole('heading', { level: 1, name: 'Inbox (3)' });
    const typedAt = Date.now();
    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search messages' }), 'essay');
    expect(searchesSent(get)).toEqual([undefined]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox (1)' })).toBeTruthy();
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(500);
    expect(searchesSent(get)).toEqual([undefined, 'essay']);
    expect(previews()).toHaveLength(1);
    expect(router.state.location.search).toEqual({ search: 'essay' });

    await userEvent.setup().type(screen.getByRole('searchbox', { name: 'Search messages' }), ' nothing');
    expect(await screen.findByText('No new messages')).toBeTruthy();

    // The navigation bar's inbox leads to the whole inbox: the box empties with the address.
    await userEvent.setup().click(within(screen.getByRole('banner')).getByRole('link', { name: /^Inbox/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox (3)' })).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search messages' }) as HTMLInputElement).value).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(router.state.location.search).toEqual({});
  });

  it('opens a message beside the list at 1200 px, marks it read there, in the list and in the navigation bar', async () => {
    setWidth(1440);
    signIn();
    const html = '<p>Thank you for applying to <strong>Future Leaders</strong>.</p><img src=x onerror="alert(1)">';
    const { put } = serveInbox([inboxMessage(1, { html }), inboxMessage(2), inboxMessage(3, { read: true })]);
    const router = renderAppAt('/auth/dashboard/inbox');
    const header = await screen.findByRole('banner');
    expect(await within(header).findByRole('link', { name: 'Inbox, 2 unread' })).toBeTruthy();
    expect(await screen.findByText('Choose a message to read it here.')).toBeTruthy();

    await userEvent.setup().click(await waitFor(() => preview('Subject 1')));
    const message = await screen.findByRole('article', { name: 'Subject 1' });
    expect(within(message).getByRole('heading', { level: 2, name: 'Subject 1' })).toBeTruthy();
    expect(within(message).getByText('Sender 1')).toBeTruthy();
    expect(within(message).getByText('sender1@example.org')).toBeTruthy();
    expect(within(message).getByText('25 November, 2026')).toBeTruthy();
    expect(within(message).getByText('Future Leaders').tagName).toBe('STRONG');
    expect(message.querySelector('img')).toBeNull();
    expect(router.state.location.pathname).toBe('/auth/dashboard/inbox');
    expect(router.state.location.search).toEqual({ id: idOf(1) });
    expect(preview('Subject 1').getAttribute('aria-current')).toBe('true');

    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/v1/inbox/{id}/read', { params: { path: { id: idOf(1) } } }));
    expect(await within(header).findByRole('link', { name: 'Inbox, 1 unread' })).toBeTruthy();
    await waitFor(() => expect(preview('Subject 1').textContent).not.toContain('Unread'));
    expect(preview('Subject 2').textContent).toContain('Unread');
    expect(put).toHaveBeenCalledTimes(1);
  });

  it('steps through the list with the previous and next arrows', async () => {
    setWidth(1440);
    signIn();
    const { put } = serveInbox([inboxMessage(1, { read: true }), inboxMessage(2), inboxMessage(3, { read: true })]);
    const router = renderAppAt(`/auth/dashboard/inbox?id=${idOf(1)}`);
    await screen.findByRole('article', { name: 'Subject 1' });
    expect((screen.getByRole('button', { name: 'Previous message' }) as HTMLButtonElement).disabled).toBe(true);

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Next message' }));
    expect(await screen.findByRole('article', { name: 'Subject 2' })).toBeTruthy();
    expect(router.state.location.search).toEqual({ id: idOf(2) });
    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/v1/inbox/{id}/read', { params: { path: { id: idOf(2) } } }));

    await user.click(screen.getByRole('link', { name: 'Next message' }));
    expect(await screen.findByRole('article', { name: 'Subject 3' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next message' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Previous message' }));
    expect(await screen.findByRole('article', { name: 'Subject 2' })).toBeTruthy();
    // Already read ones are not marked again.
    expect(put).toHaveBeenCalledTimes(1);
  });

  it('below 1200 px opens a message at /auth/message, full width, with its arrows and a way back to the list', async () => {
    setWidth(800);
    signIn();
    const { put } = serveInbox([inboxMessage(1, { subject: 'Essay received' }), inboxMessage(2, { subject: 'Essay reviewed' }), inboxMessage(3)]);
    const router = renderAppAt('/auth/dashboard/inbox?search=essay');
    await screen.findByRole('heading', { level: 1, name: 'Inbox (2)' });
    expect(screen.queryByText('Choose a message to read it here.')).toBeNull();

    const user = userEvent.setup();
    await user.click(preview('Essay received'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/message'));
    expect(router.state.location.search).toEqual({ id: idOf(1), search: 'essay' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Essay received' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Open menu' })).toBeNull();
    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/v1/inbox/{id}/read', { params: { path: { id: idOf(1) } } }));

    await user.click(screen.getByRole('link', { name: 'Next message' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Essay reviewed' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Next message' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Back to Inbox' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/dashboard/inbox'));
    expect(router.state.location.search).toEqual({ search: 'essay' });
    expect((screen.getByRole('searchbox', { name: 'Search messages' }) as HTMLInputElement).value).toBe('essay');
  });

  it("lists only the messages about one scholarship from the tracker's link, says which, and keeps it on the message page and back", async () => {
    setWidth(800);
    signIn();
    const scholarshipId = '00000000-0000-4000-8000-000000000004';
    const { get } = serveInbox([
      inboxMessage(1, { subject: 'Hillcrest: Under review', scholarshipId }),
      inboxMessage(2, { subject: 'Another award' }),
      inboxMessage(3, { subject: 'Hillcrest: received', scholarshipId }),
    ]);
    const inboxCalls = get.getMockImplementation()!;
    get.mockImplementation(async (path, init) =>
      path === '/api/v1/scholarships/{id}' ? apiAnswer(200, { statusCode: 200, data: { id: scholarshipId, title: 'Hillcrest Leaders Award' } }) : inboxCalls(path, init),
    );
    const router = renderAppAt(`/auth/dashboard/inbox?scholarshipId=${scholarshipId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox (2)' })).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/v1/inbox', { params: { query: { scholarshipId, offset: 0, limit: 50 } }, signal: expect.any(AbortSignal) });
    expect(previews().map((link) => within(link).getAllByText(/^Hillcrest|^Another/)[0].textContent)).toEqual(['Hillcrest: Under review', 'Hillcrest: received']);
    expect(await screen.findByText('Messages about Hillcrest Leaders Award')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(preview('Hillcrest: Under review'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/message'));
    expect(router.state.location.search).toEqual({ id: idOf(1), scholarshipId });
    await user.click(await screen.findByRole('link', { name: 'Back to Inbox' }));
    await waitFor(() => expect(router.state.location.search).toEqual({ scholarshipId }));

    await user.click(await screen.findByRole('link', { name: 'Show all messages' }));
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox (3)' })).toBeTruthy();
  });

  it('opens a message by its address when the list does not hold it', async () => {
    signIn();
    const { get } = serveInbox(Array.from({ length: 60 }, (_, index) => inboxMessage(index + 1, { read: true })));
    renderAppAt(`/auth/dashboard/message?id=${idOf(55)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Subject 55' })).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/api/v1/inbox/{id}', { params: { path: { id: idOf(55) } }, signal: expect.any(AbortSignal) });
    expect((screen.getByRole('button', { name: 'Previous message' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says so when the address names no message of the person', async () => {
    signIn();
    serveInbox([inboxMessage(1)]);
    renderAppAt(`/auth/message?id=${idOf(99)}`);
    // The not-found screen (error-2) with the server's sentence, the way back to the inbox kept.
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find that message' })).toBeTruthy();
    expect(screen.getByText('There is no such message.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Inbox' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to your dashboard' }).getAttribute('href')).toBe('/auth/dashboard');
  });

  it('shows no badge when nothing is unread, and /auth/inbox shows the inbox', async () => {
    signIn();
    const { get } = serveInbox([inboxMessage(1, { read: true })]);
    const router = renderAppAt('/auth/inbox?search=subject');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inbox (1)' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/dashboard/inbox');
    expect(router.state.location.search).toEqual({ search: 'subject' });
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/v1/inbox/unread-count', expect.anything()));
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Inbox' })).toBeTruthy();
  });
});
