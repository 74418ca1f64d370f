import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InboxMessage } from '../../src/api/inbox';
import { APPLICATION_ID, conversation, conversationMessage, REPLY_FORM } from '../conversation-fixtures';
import { whenClickable } from '../render-form';
import { apiAnswer, mockApi } from '../scholarships/fixtures';
import { isolateAppTests, renderAppAt, signIn } from '../scholarships/render-app';

const MESSAGE_ID = '7c1e0000-0000-4000-8000-000000000001';
const ok = (data: unknown, status = 200) => apiAnswer(status, { statusCode: status, data });

function inboxMessage(kind: InboxMessage['kind']): InboxMessage {
  const sent = '2026-11-21T09:30:00.000Z';
  return {
    _id: { value: MESSAGE_ID }, fromName: { value: 'Hopper Foundation' }, fromEmail: { value: 'hello@scholarmatch.example' },
    subject: { value: 'Interview' }, sentDate: { value: sent }, createdAt: { value: sent },
    bodyAsText: { value: 'Can you come on Tuesday?' }, bodyAsHtml: { value: '<p>Can you come on Tuesday?</p>' },
    read: true, kind, scholarshipId: null, applicationId: kind === 'provider' ? APPLICATION_ID : null, supportRequestId: null,
  };
}

const FIRST = conversationMessage(1, 'provider', 'Hopper Foundation', 'Can you come on Tuesday?');

/** The applicant's inbox with one message, its conversation, and the reply call answering `reply`. */
function serveConversation(kind: InboxMessage['kind'], reply: () => Promise<unknown>) {
  const get = mockApi('GET').mockImplementation(async (path) => {
    if (path === '/api/v1/inbox') return apiAnswer(200, { statusCode: 200, data: [inboxMessage(kind)], meta: { total: 1, unread: 0 } });
    if (path === '/api/v1/inbox/unread-count') return ok({ unread: 0 });
    if (path === '/api/v1/inbox/{id}/conversation') return ok(conversation('You', [FIRST]));
    if (path === '/api/v1/forms/{formKey}') return ok(REPLY_FORM);
    return apiAnswer(404, { description: `not mocked: ${path}` });
  });
  const post = mockApi('POST').mockImplementation(reply);
  return { get, post };
}

const replyBox = async () => (await whenClickable(await screen.findByLabelText(/^Your reply/))) as HTMLTextAreaElement;

describe("replying to a provider's message (docs/inbox.md, \"Conversations\")", () => {
  isolateAppTests();

  it('sends the served form’s answer and shows the reply in the conversation, the box empty again', async () => {
    signIn();
    const mine = conversationMessage(2, 'applicant', 'You', 'Yes, Tuesday suits me.');
    const { post } = serveConversation('provider', async () => ok(conversation('You', [FIRST, mine]), 201));
    renderAppAt(`/auth/message?id=${MESSAGE_ID}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'Reply to Hopper Foundation' })).toBeTruthy();
    // One message so far: no thread repeated under it.
    expect(screen.queryByRole('region', { name: 'Conversation' })).toBeNull();

    const user = userEvent.setup();
    await user.type(await replyBox(), 'Yes, Tuesday suits me.');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/v1/inbox/{id}/replies', { params: { path: { id: MESSAGE_ID } }, body: { answers: { replyBody: 'Yes, Tuesday suits me.' } } }),
    );
    const thread = await screen.findByRole('region', { name: 'Conversation' });
    const entries = within(thread).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([expect.stringContaining('Can you come on Tuesday?'), expect.stringContaining('Yes, Tuesday suits me.')]);
    expect(within(entries[1]).getByText('You')).toBeTruthy();
    await waitFor(async () => expect((await replyBox()).value).toBe(''));
  });

  it('says what is wrong: an empty reply is not sent; the server’s refusal shows under the field, any other failure above it', async () => {
    signIn();
    let answer = apiAnswer(400, { description: 'Please check your reply.', errorCode: 'INVALID_ANSWERS', errors: [{ path: 'answers.replyBody', message: 'At most 10000 characters.' }] });
    const { post } = serveConversation('provider', async () => answer);
    renderAppAt(`/auth/message?id=${MESSAGE_ID}`);
    const user = userEvent.setup();
    await replyBox();
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('Please write your reply.')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    await user.type(await replyBox(), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('At most 10000 characters.')).toBeTruthy();
    expect(screen.getByText('Please check your reply.')).toBeTruthy();

    answer = apiAnswer(400, { description: 'This message is not part of a conversation.', errorCode: 'NOT_A_CONVERSATION' });
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    expect(await screen.findByText('This message is not part of a conversation.')).toBeTruthy();
    expect((await replyBox()).value).toBe('Hello');
  });

  it('offers no reply under a message that is no provider’s', async () => {
    signIn();
    const { get } = serveConversation('status-changed', async () => ok({}));
    renderAppAt(`/auth/message?id=${MESSAGE_ID}`);
    expect(await screen.findByRole('article', { name: 'Interview' })).toBeTruthy();
    expect(screen.queryByText(/Reply to/)).toBeNull();
    expect(get.mock.calls.some(([path]) => path === '/api/v1/inbox/{id}/conversation')).toBe(false);
  });
});
