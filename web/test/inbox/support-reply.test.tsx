import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InboxMessage } from '../../src/api/inbox';
import type { SupportThread } from '../../src/api/support';
import { REPLY_FORM } from '../conversation-fixtures';
import { whenClickable } from '../render-form';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from '../scholarships/render-app';

const MESSAGE_ID = '7c1e0000-0000-4000-8000-000000000009';
const REQUEST_ID = '8d000000-0000-4000-8000-000000000001';
const ok = (data: unknown, status = 200) => apiAnswer(status, { statusCode: status, data });

function answerMessage(kind: InboxMessage['kind'] = 'support-answer'): InboxMessage {
  const sent = '2026-11-22T10:00:00.000Z';
  return {
    _id: { value: MESSAGE_ID }, fromName: { value: 'ScholarMatch Support' }, fromEmail: { value: 'support@scholarmatch.example' },
    subject: { value: 'Re: Transcript upload' }, sentDate: { value: sent }, createdAt: { value: sent },
    bodyAsText: { value: 'Send it as a PDF.' }, bodyAsHtml: { value: '<p>Send it as a PDF.</p>' },
    read: true, kind, scholarshipId: null, applicationId: null, supportRequestId: kind === 'support-answer' ? REQUEST_ID : null,
  };
}

function message(n: number, author: 'person' | 'staff', text: string) {
  return {
    id: `9e000000-0000-4000-8000-${String(n).padStart(12, '0')}`, author, fromName: author === 'staff' ? 'ScholarMatch Support' : 'You',
    bodyHtml: `<p>${text}</p>`, bodyText: text, sentAt: new Date(Date.UTC(2026, 10, 20 + n, 9, 30)).toISOString(),
  };
}

function thread(messages: ReturnType<typeof message>[], status: SupportThread['status'] = 'answered'): SupportThread {
  return { requestId: REQUEST_ID, subject: 'Transcript upload', status, messages };
}

const OPENING = [message(1, 'person', 'My PDF is refused.'), message(2, 'staff', 'Send it as a PDF.')];

function serve(kind: InboxMessage['kind'], reply: () => Promise<unknown>) {
  const get = mockApi('GET').mockImplementation(async (path) => {
    if (path === '/api/v1/inbox') return apiAnswer(200, { statusCode: 200, data: [answerMessage(kind)], meta: { total: 1, unread: 0 } });
    if (path === '/api/v1/inbox/unread-count') return ok({ unread: 0 });
    if (path === '/api/v1/support-requests/{id}/thread') return ok(thread(OPENING));
    if (path === '/api/v1/forms/{formKey}') return ok(REPLY_FORM);
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  const post = mockApi('POST').mockImplementation(reply);
  return { get, post };
}

const replyBox = async () => (await whenClickable(await screen.findByLabelText(/^Your reply/))) as HTMLTextAreaElement;

describe('replying to a support answer from the inbox (docs/support.md, "The thread")', () => {
  isolateAppTests();

  it('shows the request and its answers, sends the served form’s reply, and shows it in the thread', async () => {
    signIn();
    const mine = message(3, 'person', 'It is a PDF already.');
    const { post } = serve('support-answer', async () => ok(thread([...OPENING, mine], 'received'), 201));
    renderAppAt(`/auth/message?id=${MESSAGE_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Reply to ScholarMatch Support' })).toBeTruthy();
    const conversation = await screen.findByRole('region', { name: 'Your conversation with support' });
    expect(within(conversation).getAllByRole('listitem').map((entry) => entry.textContent)).toEqual([
      expect.stringContaining('My PDF is refused.'),
      expect.stringContaining('Send it as a PDF.'),
    ]);

    const user = userEvent.setup();
    await user.type(await replyBox(), 'It is a PDF already.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/v1/support-requests/{id}/replies', { params: { path: { id: REQUEST_ID } }, body: { answers: { replyBody: 'It is a PDF already.' } } }),
    );
    await waitFor(() => expect(within(conversation).getAllByRole('listitem')).toHaveLength(3));
    const entries = within(conversation).getAllByRole('listitem');
    expect(within(entries[2]).getByText('You')).toBeTruthy();
    expect(within(entries[2]).getByText('It is a PDF already.')).toBeTruthy();
    await waitFor(async () => expect((await replyBox()).value).toBe(''));
  });

  it('says what is wrong: an empty reply is not sent, the server’s refusal shows, the text is kept', async () => {
    signIn();
    let answer = apiAnswer(400, { description: 'Please check your reply.', errorCode: 'INVALID_ANSWERS', errors: [{ path: 'answers.replyBody', message: 'At most 10000 characters.' }] });
    const { post } = serve('support-answer', async () => answer);
    renderAppAt(`/auth/message?id=${MESSAGE_ID}`);
    const user = userEvent.setup();
    await replyBox();
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Please write your reply.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    await user.type(await replyBox(), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('At most 10000 characters.')).toBeTruthy();

    answer = apiAnswer(404, { description: 'There is no such support request.', errorCode: 'SUPPORT_REQUEST_NOT_FOUND' });
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('There is no such support request.')).toBeTruthy();
    expect((await replyBox()).value).toBe('Hello');
  });

  it('offers no reply under the receipt of a request, and asks for no thread', async () => {
    signIn();
    const { get } = serve('support-received', async () => ok({}));
    renderAppAt(`/auth/message?id=${MESSAGE_ID}`);
    expect(await screen.findByRole('article', { name: 'Re: Transcript upload' })).toBeTruthy();
    expect(screen.queryByText(/Reply to/)).toBeNull();
    expect(get.mock.calls.some(([path]) => path === '/api/v1/support-requests/{id}/thread')).toBe(false);
  });
});
