import { queryOptions } from '@tanstack/react-query';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { dataOf, shouldRetry } from './api-error';
import { api } from './client';

/** A served form: JSON Schema + UI schema, pinned to a content version. */
export interface FormDefinition {
  key: string;
  version: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
}

async function fetchForm(formKey: string, signal: AbortSignal): Promise<FormDefinition> {
  const { key, version, schema, uiSchema } = dataOf(
    await api.GET('/api/v1/forms/{formKey}', {
      params: { path: { formKey } },
      signal,
    }),
  );
  return { key, version, schema: schema as RJSFSchema, uiSchema: uiSchema as UiSchema };
}

export function formQueryOptions(formKey: string) {
  return queryOptions({
    queryKey: ['forms', formKey],
    queryFn: ({ signal }) => fetchForm(formKey, signal),
    // A form changes only when an administrator edits it; the version tells us when.
    staleTime: 5 * 60_000,
    retry: shouldRetry,
  });
}
