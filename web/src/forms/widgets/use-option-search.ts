import type { FieldOption } from '@scholarmatch/schemas';
import { useEffect, useState } from 'react';

/** Wait this long after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 250;

function isFieldOption(value: unknown): value is FieldOption {
  const option = value as FieldOption | null;
  return typeof option?.value === 'string' && typeof option?.label === 'string';
}

async function fetchOptions(searchUrl: string, query: string, signal: AbortSignal): Promise<FieldOption[]> {
  const separator = searchUrl.includes('?') ? '&' : '?';
  const response = await fetch(`${searchUrl}${separator}q=${encodeURIComponent(query)}`, {
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
    setIsLoading(true);
    const timer = setTimeout(() => {
      fetchOptions(searchUrl, trimmed, controller.signal)
        .then(setOptions)
        .catch(() => {
          // Aborted or offline: keep the previous suggestions; typing still works as free text.
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
