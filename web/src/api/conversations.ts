import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ApiError, dataOf, shouldRetry } from './api-error';
import { api } from './client';
import { SaveError } from './profile';
import type { components } from '@scholarmatch/sdk/schema';

/**
 * One application's conversation (docs/inbox.md, "Conversations"): the provider's messages and the
 * applicant's replies, oldest first. The same shape on both sides; only the names differ.
 */
export type Conversation = components['schemas']['ConversationDto'];
export type ConversationMessage = components['schemas']['ConversationMessageDto'];
/** One conversation in the studio inbox's list. */
export type Thread = components['schemas']['ThreadDto'];
export type ThreadsPage = components['schemas']['ThreadsPageDto'];

/** Threads a page of the studio inbox shows (the API allows up to 100). */
export const THREADS_PAGE_SIZE = 20;

/** The served form both sides answer with. */
export const REPLY_FORM_KEY = 'message-reply';

/** The applicant's side sits under 'register-applicants' so signing out drops it with the inbox (api/inbox.ts). */
export const conversationKeys = {
  ofMessage: (messageId: string) => ['register-applicants', 'inbox', 'conversation', messageId] as const,
  studio: ['studio-inbox'] as const,
  threads: (query: { unread: boolean; offset: number }) => ['studio-inbox', 'threads', query.unread, query.offset] as const,
  studioConversation: (applicationId: string) => ['studio-inbox', 'conversation', applicationId] as const,
  studioUnread: ['studio-inbox', 'unread-count'] as const,
};

function saved<T>(result: { data?: { data: T }; error?: unknown; response: Response }): T {
  if (!result.data) throw new SaveError(result.error, result.response.status);
  return result.data.data;
}

/** The conversation the provider's message `messageId` belongs to (the message's recipient only). */
export function messageConversationQueryOptions(messageId: string) {
  return queryOptions({
    queryKey: conversationKeys.ofMessage(messageId),
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/inbox/{id}/conversation', { params: { path: { id: messageId } }, signal })),
    staleTime: 0,
    retry: shouldRetry,
  });
}

/** The applicant's reply to a provider's message: the answer is the conversation with it. Refused answers are a SaveError. */
export async function replyToMessage(messageId: string, answers: Record<string, unknown>): Promise<Conversation> {
  return saved(await api.POST('/api/v1/inbox/{id}/replies', { params: { path: { id: messageId } }, body: { answers } }));
}

/** One page of the studio inbox: the provider's conversations, latest first; `unread` keeps those with unread replies. */
export function threadsQueryOptions(query: { unread: boolean; offset: number }) {
  return queryOptions({
    queryKey: conversationKeys.threads(query),
    queryFn: async ({ signal }): Promise<ThreadsPage> => {
      const { data, error, response } = await api.GET('/api/v1/providers/inbox', {
        params: { query: { ...(query.unread && { unread: true }), offset: query.offset, limit: THREADS_PAGE_SIZE } },
        signal,
      });
      if (!data) throw new ApiError(error, response.status);
      return data.data;
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: shouldRetry,
  });
}

/** One conversation in the studio; reading it marks the applicant's replies read (the server does). */
export function studioConversationQueryOptions(applicationId: string) {
  return queryOptions({
    queryKey: conversationKeys.studioConversation(applicationId),
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/providers/inbox/{applicationId}', { params: { path: { applicationId } }, signal })),
    staleTime: 0,
    retry: shouldRetry,
  });
}

/** The provider's answer: to the applicant's inbox and e-mail. Refused answers are a SaveError. */
export async function answerInStudio(applicationId: string, answers: Record<string, unknown>): Promise<Conversation> {
  return saved(await api.POST('/api/v1/providers/inbox/{applicationId}/messages', { params: { path: { applicationId } }, body: { answers } }));
}

/** The studio sidebar's badge: asked again when the window regains focus and every minute. */
export const studioUnreadQueryOptions = queryOptions({
  queryKey: conversationKeys.studioUnread,
  queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/providers/inbox/unread-count', { signal })).unread,
  staleTime: 15_000,
  refetchInterval: 60_000,
  refetchOnWindowFocus: 'always',
  retry: shouldRetry,
});
