import { queryOptions } from '@tanstack/react-query';
import type { components } from './schema';
import { ApiError, shouldRetry } from './api-error';
import { api } from './client';

export type DashboardSummary = components['schemas']['DashboardSummaryDto'];

async function fetchDashboardSummary(signal: AbortSignal): Promise<DashboardSummary> {
  const { data, error, response } = await api.GET('/api/v1/scholarships/dashboard-summary', { signal });
  if (!data) throw new ApiError(error, response.status);
  return data.data;
}

/** The dashboard tiles; refetched on each visit (a profile save may change them). */
export const dashboardSummaryQueryOptions = queryOptions({
  // Under 'register-applicants' so that signing in or out drops it with the profile.
  queryKey: ['register-applicants', 'dashboard-summary'],
  queryFn: ({ signal }) => fetchDashboardSummary(signal),
  staleTime: 0,
  retry: shouldRetry,
});
