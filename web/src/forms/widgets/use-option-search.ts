import type { FieldOption } from '@scholarmatch/schemas';
import { useEffect, useState } from 'react';
import { fetchWithTimeout } from '../../api/request-timeout';

/** Wait this long after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 250;

function isFieldOption(value: unknown): value is FieldOption {
  const option = value as FieldOption | null;
  return typeof option?.value === 'string' && typeof option?.label === 'string';
}

async function fetchOptions(searchUrl: string, query: string, signal: AbortSignal, parameter = 'q'): Promise<FieldOption[]> {
  const separator = searchUrl.includes('?') ? '&' : '?';
  const response = await fetchWithTimeout(`${searchUrl}${separator}${parameter}=${encodeURIComponent(query)}`, {
    signal,
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) return [];
  const body = (await response.json()) as { data?: unknown };
  return Array.isArray(body.data) ? body.data.filter(isFieldOption) : [];
}

export interface OptionSearch {
  options: FieldOption[];
  isLoading: boolean;
}

/**
 * Options from `searchUrl` for what the person typed, asked for once typing pauses. A newer
 * query cancels the request of an older one, so results never arrive out of order.
 * Without a `searchUrl` (or with nothing typed) there is nothing to fetch.
 */
export function useOptionSearch(searchUrl: string | undefined, query: string): OptionSearch {
  const [options, setOptions] = useState<FieldOption[]>([]);
  const [isLoading, setIsLoading] = useState(false);
  const trimmed = query.trim();

  useEffect(() => {
    if (!searchUrl || !trimmed) {
      setIsLoading(false);
      return;
    }
    const controller = new AbortController();
    // The spinner appears when the request starts, not on every keystroke: toggling it while the
    // person types restyles the page each time and made typing lag.
    const timer = setTimeout(() => {
      setIsLoading(true);
      fetchOptions(searchUrl, trimmed, controller.signal)
        .then(setOptions)
        .catch(() => {
          // Aborted, offline or timed out: keep the previous suggestions; typing still works as free text.
        })
        .finally(() => {
          if (!controller.signal.aborted) setIsLoading(false);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [searchUrl, trimmed]);

  return { options, isLoading };
}

/**
 * The label of a stored answer that came from a searched catalogue (the form does not carry the
 * catalogue): asked once from `searchUrl?value=`. Null while unknown; then the value shows as is.
 */
export function useStoredOptionLabel(searchUrl: string | undefined, value: unknown, known: FieldOption[]): FieldOption | null {
  const [found, setFound] = useState<FieldOption | null>(null);
  const wanted = typeof value === 'string' && value !== '' && !known.some((option) => option.value === value) ? value : undefined;

  useEffect(() => {
    if (!searchUrl || !wanted || found?.value === wanted) return;
    const controller = new AbortController();
    fetchOptions(searchUrl, wanted, controller.signal, 'value')
      .then((options) => {
        const option = options.find((candidate) => candidate.value === wanted);
        if (option) setFound(option);
      })
      .catch(() => {
        // Offline or aborted: the stored value shows as typed.
      });
    return () => controller.abort();
  }, [searchUrl, wanted, found]);

  return found?.value === wanted ? found : null;
}
