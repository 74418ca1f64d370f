import { queryOptions } from '@tanstack/react-query';
import { dataOf, shouldRetry } from './api-error';
import { api } from './client';
import { SaveError } from './profile';
import type { components } from '@scholarmatch/sdk/schema';
import { scholarshipKeys } from './scholarships';

/** Whether automatic application is on, and whether the account has the membership it needs (docs/automation.md). */
export type AutoApplySetting = components['schemas']['AutoApplySettingDto'];

/** Under the scholarships' keys, so signing in or out drops it with the rest of the person's data. */
export const autoApplyKey = [...scholarshipKeys.all, 'auto-apply'] as const;

async function fetchAutoApply(signal: AbortSignal): Promise<AutoApplySetting> {
  return dataOf(await api.GET('/api/v1/register-applicants/auto-apply', { signal }));
}

export const autoApplyQueryOptions = queryOptions({
  queryKey: autoApplyKey,
  queryFn: ({ signal }) => fetchAutoApply(signal),
  staleTime: 0,
  retry: shouldRetry,
});

/** Turns it on (members only: a 403 otherwise) or off; the answer is the setting as stored. */
export async function saveAutoApply(enabled: boolean): Promise<AutoApplySetting> {
  const { data, error, response } = await api.PUT('/api/v1/register-applicants/auto-apply', { body: { enabled } });
  if (!data) throw new SaveError(error, response.status);
  return data.data;
}
