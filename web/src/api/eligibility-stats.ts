import { queryOptions } from '@tanstack/react-query';
import type { components } from '@scholarmatch/sdk/schema';
import { dataOf } from './api-error';
import { api } from './client';

/**
 * The public stats of open scholarships, apart from the lists' module: the landing page quotes
 * them (docs/public-site.md) and is in the entry chunk, which must not carry the lists' code.
 */
export type EligibilityStats = components['schemas']['EligibilityStatsDto'];
/** The sign-up teaser's answers, keyed 'field.{fieldId}' (the original spelling 'eligiblityFilters'). */
export type EligibilityFilters = NonNullable<components['schemas']['EligibilityFiltersDto']['eligiblityFilters']>;

async function fetchEligibilityStats(filters: EligibilityFilters, signal: AbortSignal): Promise<EligibilityStats> {
  return dataOf(
    await api.POST('/api/v1/scholarships/eligible-scholarships/stats', {
      body: { eligiblityFilters: filters },
      signal,
    }),
  );
}

/**
 * How many open scholarships the given answers leave in, and their combined value: the sign-up
 * teaser (public). The server caches each answer set for a minute, so the browser does too; a
 * failure is not retried, the panel keeps its generic text instead.
 */
export function eligibilityStatsQueryOptions(filters: EligibilityFilters) {
  return queryOptions({
    queryKey: ['eligibility-stats', filters],
    queryFn: ({ signal }) => fetchEligibilityStats(filters, signal),
    staleTime: 60_000,
    retry: false,
  });
}

/** The figures public pages quote (every open scholarship, no answers), fetched when the page did not bring them. */
export function fetchSiteFigures(): Promise<EligibilityStats> {
  return fetchEligibilityStats({}, new AbortController().signal);
}
