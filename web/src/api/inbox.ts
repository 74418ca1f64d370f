import { infiniteQueryOptions, queryOptions, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { ApiError, dataOf, shouldRetry } from './api-error';
import { api } from './client';
import type { components } from '@scholarmatch/sdk/schema';

/** One message: the product's shape (each value wrapped in an object) plus `read`, `kind` and `scholarshipId` (docs/inbox.md, "Calls"). */
export type InboxMessage = components['schemas']['InboxMessageDto'];

/** One page of the list: its messages and the counts (`meta.total` matching the search, `meta.unread` all unread). */
export type InboxPage = Pick<components['schemas']['InboxListResponseDto'], 'data' | 'meta'>;

/** Messages a page of the list asks for (the API allows up to 100). */
export const INBOX_PAGE_SIZE = 50;

/** Which messages a list holds: those matching `search` (empty: all), only about `scholarshipId` when given. */
export interface InboxFilter {
  search: string;
  scholarshipId?: string;
}

/** Under 'register-applicants', so signing in or out drops the inbox with the profile (api/accounts.ts). */
export const inboxKeys = {
  lists: ['register-applicants', 'inbox', 'list'] as const,
  list: ({ search, scholarshipId }: InboxFilter) => ['register-applicants', 'inbox', 'list', search, scholarshipId ?? null] as const,
  message: (id: string) => ['register-applicants', 'inbox', 'message', id] as const,
  unreadCount: ['register-applicants', 'inbox', 'unread-count'] as const,
};

async function fetchInboxPage({ search, scholarshipId }: InboxFilter, offset: number, signal: AbortSignal): Promise<InboxPage> {
  const { data, error, response } = await api.GET('/api/v1/inbox', {
    params: { query: { ...(search && { search }), ...(scholarshipId && { scholarshipId }), offset, limit: INBOX_PAGE_SIZE } },
    signal,
  });
  if (!data) throw new ApiError(error, response.status);
  return { data: data.data, meta: data.meta };
}

/**
 * The messages the filter keeps, newest first, 50 at a time. Asked again on each visit: a
 * provider or the product may have written since.
 */
export function inboxQueryOptions(filter: InboxFilter) {
  return infiniteQueryOptions({
    queryKey: inboxKeys.list(filter),
    queryFn: ({ pageParam, signal }) => fetchInboxPage(filter, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.data.length, 0);
      return last.data.length > 0 && loaded < last.meta.total ? loaded : undefined;
    },
    staleTime: 0,
    retry: shouldRetry,
  });
}

async function fetchInboxMessage(id: string, signal: AbortSignal): Promise<InboxMessage> {
  return dataOf(await api.GET('/api/v1/inbox/{id}', { params: { path: { id } }, signal }));
}

/** One message, opened by its address (`/auth/message?id=`); someone else's, or none, is a 404. */
export function inboxMessageQueryOptions(id: string) {
  return queryOptions({
    queryKey: inboxKeys.message(id),
    queryFn: ({ signal }) => fetchInboxMessage(id, signal),
    staleTime: 0,
    retry: shouldRetry,
  });
}

async function fetchUnreadCount(signal: AbortSignal): Promise<number> {
  return dataOf(await api.GET('/api/v1/inbox/unread-count', { signal })).unread;
}

/** The navigation bar's unread count: asked again every minute while the page is visible, so new messages show. */
export const unreadCountQueryOptions = queryOptions({
  queryKey: inboxKeys.unreadCount,
  queryFn: ({ signal }) => fetchUnreadCount(signal),
  staleTime: 30_000,
  refetchInterval: 60_000,
  retry: shouldRetry,
});

/** Marks one message read (idempotent): the answer is the message. */
export async function markMessageRead(id: string): Promise<InboxMessage> {
  return dataOf(await api.PUT('/api/v1/inbox/{id}/read', { params: { path: { id } } }));
}

const withRead = (message: InboxMessage, id: string): InboxMessage => (message._id.value === id ? { ...message, read: true } : message);

/**
 * After a message was marked read: every cached list shows it read and counts one unread fewer,
 * and so does the navigation bar, without asking the server again.
 */
export function showReadInCache(queries: QueryClient, id: string): void {
  const unreadInLists = queries
    .getQueriesData<InfiniteData<InboxPage>>({ queryKey: inboxKeys.lists })
    .some(([, lists]) => lists?.pages.some((page) => page.data.some((message) => message._id.value === id && !message.read)));
  const wasUnread = unreadInLists || queries.getQueryData<InboxMessage>(inboxKeys.message(id))?.read === false;
  const unreadAfter = (unread: number) => (wasUnread ? Math.max(0, unread - 1) : unread);
  queries.setQueriesData<InfiniteData<InboxPage>>({ queryKey: inboxKeys.lists }, (lists) =>
    lists && {
      ...lists,
      pages: lists.pages.map((page) => ({ data: page.data.map((message) => withRead(message, id)), meta: { ...page.meta, unread: unreadAfter(page.meta.unread) } })),
    },
  );
  queries.setQueryData<InboxMessage>(inboxKeys.message(id), (message) => message && { ...message, read: true });
  queries.setQueryData<number>(inboxKeys.unreadCount, (unread) => (unread === undefined ? unread : unreadAfter(unread)));
}
