import { queryOptions } from '@tanstack/react-query';
import { dataOf, shouldRetry } from './api-error';
import { api } from './client';
import { SaveError } from './profile';
import type { components } from '@scholarmatch/sdk/schema';

/** The organisation's embed settings (docs/embedding.md): allowed sites, each card's snippet, the applications it brought. */

export type EmbedSettings = components['schemas']['EmbedSettingsDto'];
export type EmbeddedScholarship = components['schemas']['EmbeddedScholarshipDto'];

export const embedSettingsQueryOptions = queryOptions({
  queryKey: ['embed-settings'] as const,
  queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/providers/embed', { signal })),
  retry: shouldRetry,
});

/** Replaces the allowed sites; a refusal is a SaveError with the problems at `origins.{index}`. */
export async function saveEmbedOrigins(origins: string[]): Promise<EmbedSettings> {
  const result = await api.PUT('/api/v1/providers/embed/origins', { body: { origins } });
  if (!result.data) throw new SaveError(result.error, result.response.status);
  return result.data.data;
}
