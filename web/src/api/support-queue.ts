import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { dataOf, shouldRetry } from './api-error';
import { api } from './client';
import { SaveError } from './profile';
import type { components, operations } from '@scholarmatch/sdk/schema';

/** The staff's support queue (docs/console.md, "Support queue"). */
export type QueueItem = components['schemas']['SupportQueueItemDto'];
export type QueueMeta = components['schemas']['SupportQueueMetaDto'];
export type SupportRequestDetail = components['schemas']['SupportRequestDetailDto'];
export type SupportNote = components['schemas']['SupportNoteDto'];
/** A staff answer or a reply of the person: the thread after the request. */
export type SupportMessage = components['schemas']['SupportMessageDto'];
export type StaffMember = components['schemas']['SupportStaffMemberDto'];
export type QueueQuery = NonNullable<operations['listSupportQueue']['parameters']['query']>;

/** Requests a page of the queue shows. */
export const QUEUE_PAGE_SIZE = 20;

export const supportQueueKeys = {
  all: ['support-queue'] as const,
  list: (query: QueueQuery) => ['support-queue', 'list', query] as const,
  request: (id: string) => ['support-queue', 'request', id] as const,
  staff: ['support-queue', 'staff'] as const,
};

export function supportQueueQueryOptions(query: QueueQuery) {
  return queryOptions({
    queryKey: supportQueueKeys.list(query),
    queryFn: async ({ signal }): Promise<{ rows: QueueItem[]; meta: QueueMeta }> => {
      const result = await api.GET('/api/v1/admin/support-requests', { params: { query }, signal });
      const rows = dataOf(result);
      return { rows, meta: result.data!.meta };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: shouldRetry,
  });
}

export function supportRequestQueryOptions(id: string) {
  return queryOptions({
    queryKey: supportQueueKeys.request(id),
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/admin/support-requests/{id}', { params: { path: { id } }, signal })),
    staleTime: 0,
    retry: shouldRetry,
  });
}

export const supportStaffQueryOptions = queryOptions({
  queryKey: supportQueueKeys.staff,
  queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/admin/support-staff', { signal })),
  staleTime: 5 * 60_000,
  retry: shouldRetry,
});

function saved<T>(result: { data?: { data: T }; error?: unknown; response: Response }): T {
  if (!result.data) throw new SaveError(result.error, result.response.status);
  return result.data.data;
}

const path = (id: string) => ({ params: { path: { id } } });

/** The answer goes to the person's inbox and e-mail (docs/support.md). */
export async function answerRequest(id: string, answer: string) {
  return saved(await api.POST('/api/v1/admin/support-requests/{id}/answer', { ...path(id), body: { answer } }));
}

export async function solveRequest(id: string) {
  return saved(await api.POST('/api/v1/admin/support-requests/{id}/solve', path(id)));
}

export async function reopenRequest(id: string) {
  return saved(await api.POST('/api/v1/admin/support-requests/{id}/reopen', path(id)));
}

export async function assignRequest(id: string, staffId: string | null) {
  return saved(await api.PUT('/api/v1/admin/support-requests/{id}/assignee', { ...path(id), body: { staffId } }));
}

/** An internal note: staff only, never shown to the person. */
export async function addNote(id: string, text: string) {
  return saved(await api.POST('/api/v1/admin/support-requests/{id}/notes', { ...path(id), body: { text } }));
}
