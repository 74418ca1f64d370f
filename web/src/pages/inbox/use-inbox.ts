import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { inboxMessageQueryOptions, inboxQueryOptions, markMessageRead, showReadInCache, type InboxFilter, type InboxMessage } from '../../api/inbox';

/** `value`, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The messages the filter keeps as one list, with the count the title shows. */
export function useInboxList(filter: InboxFilter) {
  const query = useInfiniteQuery(inboxQueryOptions(filter));
  const pages = query.data?.pages;
  return {
    messages: pages?.flatMap((page) => page.data),
    total: pages?.[0]?.meta.total,
    error: query.error,
    hasMore: query.hasNextPage,
    loadingMore: query.isFetchingNextPage,
    loadMore: () => void query.fetchNextPage(),
  };
}

/**
 * The message `id` names: the list's copy when the list has it, else its own call (an address
 * opened directly, or a message past the loaded pages). Undefined while loading.
 */
export function useOpenedMessage(id: string | undefined, messages: InboxMessage[] | undefined, listSettled: boolean) {
  const listed = id ? messages?.find((message) => message._id.value === id) : undefined;
  const single = useQuery({ ...inboxMessageQueryOptions(id ?? ''), enabled: Boolean(id) && listSettled && !listed });
  return { message: listed ?? single.data, error: listed ? null : single.error };
}

/** The messages before and after `id` in the list (newest first), where there are some. */
export function neighboursOf(messages: InboxMessage[] | undefined, id: string | undefined) {
  const index = messages && id ? messages.findIndex((message) => message._id.value === id) : -1;
  if (!messages || index < 0) return {};
  return { previous: messages[index - 1], next: messages[index + 1] };
}

/** Marks a message read once it is opened, and shows it read in the list and the navigation bar. */
export function useMarkReadWhenOpened(message: InboxMessage | undefined) {
  const queries = useQueryClient();
  const asked = useRef(new Set<string>());
  const { mutate } = useMutation({
    mutationFn: markMessageRead,
    onSuccess: (_read, id) => showReadInCache(queries, id),
    // A failed mark may be tried again the next time the message is opened.
    onError: (_error, id) => asked.current.delete(id),
  });
  const id = message?._id.value;
  const unread = message ? !message.read : false;
  useEffect(() => {
    if (!id || !unread || asked.current.has(id)) return;
    asked.current.add(id);
    mutate(id);
  }, [id, unread, mutate]);
}
