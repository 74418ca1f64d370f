import { queryOptions } from '@tanstack/react-query';
import { dataOf, shouldRetry } from './api-error';
import { pendingClient, type PendingOperation } from './pending-routes';

// Replace with components['schemas'][…] once the server's OpenAPI has it (docs/applications.md).
export interface AssistanceQuestion {
  id: number;
  question: string;
}

// Replace with components['schemas'][…] once the server's OpenAPI has it.
export interface AssistanceAnswer extends AssistanceQuestion {
  /** Sanitised HTML. */
  answer: string;
}

// Replace with the generated paths once the server's OpenAPI has them.
interface AssistancePaths {
  '/api/v1/scholarships/assistance': { get: PendingOperation<AssistanceQuestion[]> };
  '/api/v1/scholarships/assistance/{id}': { get: PendingOperation<AssistanceAnswer, { id: number }> };
}

const client = pendingClient<AssistancePaths>();

/** The common questions (anyone signed in); they change only when an editor changes them. */
export const assistanceQuestionsQueryOptions = queryOptions({
  queryKey: ['assistance', 'questions'],
  queryFn: async ({ signal }) => dataOf(await client.GET('/api/v1/scholarships/assistance', { signal })),
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
    queryFn: async ({ signal }) => dataOf(await client.GET('/api/v1/scholarships/assistance/{id}', { params: { path: { id } }, signal })),
    staleTime: 5 * 60_000,
    retry: shouldRetry,
  });
}
