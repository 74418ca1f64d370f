import { queryOptions } from '@tanstack/react-query';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { dataOf, shouldRetry } from './api-error';
import { api } from './client';

/** A served form: JSON Schema + UI schema, pinned to a content version, with its precompiled validator. */
export interface FormDefinition {
  key: string;
  version: string;
  schema: RJSFSchema;
  uiSchema: UiSchema;
  validator: ValidatorType;
}

/**
 * The served form body, with its validator module imported (one more request, cached for a year).
 * The precompiled-validator wrapper (RJSF's utils) is imported on demand: this module is part of
 * the entry chunk (routes prefetch forms), and the landing page must not pay for the form engine.
 */
export async function withValidator(form: { key: string; version: string; schema: unknown; uiSchema: unknown; validatorUrl: string }): Promise<FormDefinition> {
  const schema = form.schema as RJSFSchema;
  const { loadFormValidator } = await import('../forms/form-validator');
  return { key: form.key, version: form.version, schema, uiSchema: form.uiSchema as UiSchema, validator: await loadFormValidator(form.validatorUrl, schema) };
}

async function fetchForm(formKey: string, signal: AbortSignal): Promise<FormDefinition> {
  return withValidator(
    dataOf(
      await api.GET('/api/v1/forms/{formKey}', {
        params: { path: { formKey } },
        signal,
      }),
    ),
  );
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
