import { queryOptions } from '@tanstack/react-query';
import { ApiError, shouldRetry } from './api-error';
import { api } from './client';
import { SaveError } from './profile';
import type { components } from '@scholarmatch/sdk/schema';

/** The payload of `POST /scholarships/add-support` (docs/support.md): a support request or a contact message. */
export type SupportPayload = components['schemas']['AddSupportDto'];

/** Sends a support request or a contact message; the server's words of thanks. A refusal is a SaveError (with the fields refused). */
export async function sendSupport(payload: SupportPayload): Promise<string> {
  const { data, error, response } = await api.POST('/api/v1/scholarships/add-support', { body: payload });
  if (!data) throw new SaveError(error, response.status);
  return data.message ?? '';
}

/** One of the signed-in person's own requests, with its status and, once answered, the answer. */
export type OwnSupportRequest = components['schemas']['OwnSupportRequestDto'];

/** Under 'register-applicants', so signing in or out drops the history with the profile (api/accounts.ts). */
export const supportKeys = {
  mine: ['register-applicants', 'support-requests'] as const,
};

/** How many of the person's requests the Support page lists (newest first). */
export const SUPPORT_HISTORY_SIZE = 20;

async function fetchOwnRequests(signal: AbortSignal): Promise<{ requests: OwnSupportRequest[]; total: number }> {
  const { data, error, response } = await api.GET('/api/v1/support-requests', { params: { query: { limit: SUPPORT_HISTORY_SIZE } }, signal });
  if (!data) throw new ApiError(error, response.status);
  return { requests: data.data, total: data.meta.total };
}

/** The Support page's history: asked again on each visit, since an answer may have come meanwhile. */
export const ownSupportRequestsQueryOptions = queryOptions({
  queryKey: supportKeys.mine,
  queryFn: ({ signal }) => fetchOwnRequests(signal),
  staleTime: 0,
  retry: shouldRetry,
});

/**
 * One of the person's own requests as a thread (docs/support.md, "The thread"): the request, the
 * staff's answers and the person's replies, oldest first.
 */
export type SupportThread = components['schemas']['SupportThreadDto'];

export const supportThreadKeys = {
  thread: (requestId: string) => [...supportKeys.mine, 'thread', requestId] as const,
};

export function supportThreadQueryOptions(requestId: string) {
  return queryOptions({
    queryKey: supportThreadKeys.thread(requestId),
    queryFn: async ({ signal }) => {
      const { data, error, response } = await api.GET('/api/v1/support-requests/{id}/thread', { params: { path: { id: requestId } }, signal });
      if (!data) throw new ApiError(error, response.status);
      return data.data;
    },
    staleTime: 0,
    retry: shouldRetry,
  });
}

/** The person's reply (the served message-reply form's answers): the answer is the thread with it. Refused answers are a SaveError. */
export async function replyToSupport(requestId: string, answers: Record<string, unknown>): Promise<SupportThread> {
  const { data, error, response } = await api.POST('/api/v1/support-requests/{id}/replies', { params: { path: { id: requestId } }, body: { answers } });
  if (!data) throw new SaveError(error, response.status);
  return data.data;
}
