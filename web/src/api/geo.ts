import { queryOptions } from '@tanstack/react-query';
import { api } from './client';

/** Used whenever the visitor's country cannot be found out: the product's main market. */
export const FALLBACK_COUNTRY = 'us';

/** The server guesses the visitor's country from the request; any failure means the fallback. */
async function fetchVisitorCountry(): Promise<string> {
  try {
    const { data } = await api.GET('/api/v1/common/geo', { signal: AbortSignal.timeout(2_000) });
    const country = data?.data?.country;
    return typeof country === 'string' && /^[a-z]{2}$/i.test(country) ? country.toLowerCase() : FALLBACK_COUNTRY;
  } catch {
    return FALLBACK_COUNTRY;
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
