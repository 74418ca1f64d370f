import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

/**
 * The server tells the visitor's country from the request ('us' when it cannot). If the call
 * itself fails the answer is null, and each field falls back to its own `defaultCountry`.
 */
async function fetchVisitorCountry(): Promise<string | null> {
  try {
    const { data } = await api.GET('/api/v1/common/geo', { signal: AbortSignal.timeout(2_000) });
    const country = data?.data?.country;
    return typeof country === 'string' && /^[a-z]{2}$/i.test(country) ? country.toLowerCase() : null;
  } catch {
    return null;
  }
}

/** Fetched once per visit: the country does not change while the page is open. */
export const visitorCountryQueryOptions = queryOptions({
  queryKey: ['common', 'geo'],
  queryFn: fetchVisitorCountry,
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});
