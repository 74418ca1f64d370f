import { queryOptions } from '@tanstack/react-query';
import { dataOf, shouldRetry } from './api-error';
import { api } from './client';
import { SaveError } from './profile';
import type { components } from '@scholarmatch/sdk/schema';

/** The owner's API keys (docs/api.md, "API keys"): listed without secrets, made (the secret answered once), revoked. */

export type ApiKey = components['schemas']['ApiKeyDto'];
export type CreatedApiKey = components['schemas']['CreatedApiKeyDto'];
export type KeyScope = ApiKey['scopes'][number];

/** Each scope as the owner chooses it, in the order of the form. */
export const KEY_SCOPE_CHOICES: readonly { scope: KeyScope; label: string; detail: string }[] = [
  { scope: 'read_own_scholarships', label: 'Read scholarships', detail: 'Your scholarships, their requirements, rules and rubric' },
  { scope: 'manage_scholarships', label: 'Manage scholarships', detail: 'Create, edit, publish and close scholarships' },
  { scope: 'read_applications', label: 'Read applications', detail: 'Applicants, submissions, points, winners, the export, conversations' },
  { scope: 'write_reviews', label: 'Write reviews', detail: 'Status changes, points and winners, recorded as you' },
  { scope: 'write_messages', label: 'Write messages', detail: 'Messages to applicants and replies in conversations' },
  { scope: 'manage_webhooks', label: 'Manage webhooks', detail: 'Webhook endpoints, their secrets and delivery log' },
];

export const apiKeysQueryOptions = queryOptions({
  queryKey: ['api-keys'] as const,
  queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/providers/api-keys', { signal })),
  retry: shouldRetry,
});

/** A refusal with field problems is a SaveError carrying them. */
function saved<T>(result: { data?: { data: T }; error?: unknown; response: Response }): T {
  if (!result.data) throw new SaveError(result.error, result.response.status);
  return result.data.data;
}

export async function createApiKey(input: { name: string; scopes: KeyScope[]; expiresAt?: string }): Promise<CreatedApiKey> {
  return saved(await api.POST('/api/v1/providers/api-keys', { body: input }));
}

export async function revokeApiKey(id: string): Promise<void> {
  dataOf(await api.DELETE('/api/v1/providers/api-keys/{id}', { params: { path: { id } } }));
}
