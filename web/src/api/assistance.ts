import { queryOptions } from '@tanstack/react-query';
import { dataOf, shouldRetry } from './api-error';
import { api } from './client';
import type { components } from '@scholarmatch/sdk/schema';

export type AssistanceQuestion = components['schemas']['AssistanceQuestionDto'];
/** A question with its answer (sanitised HTML). */
export type AssistanceAnswer = components['schemas']['AssistanceAnswerDto'];

/** The common questions (anyone signed in); they change only when an editor changes them. */
export const assistanceQuestionsQueryOptions = queryOptions({
  queryKey: ['assistance', 'questions'],
  queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/scholarships/assistance', { signal })),
  staleTime: 5 * 60_000,
  retry: shouldRetry,
});

/**
 * One question's answer (members only: a non-member's 403 is not retried). Under
 * 'register-applicants' because whether it is given depends on the person's membership.
 */
export function assistanceAnswerQueryOptions(id: number) {
  return queryOptions({
    queryKey: ['register-applicants', 'assistance', id],
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/scholarships/assistance/{id}', { params: { path: { id } }, signal })),
    staleTime: 5 * 60_000,
    retry: shouldRetry,
  });
}
