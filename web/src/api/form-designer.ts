import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { FieldCondition, FieldDefinition, FieldOption, FieldType, FieldUi, FieldValidation } from '@scholarmatch/schemas';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { ApiError, dataOf, shouldRetry } from './api-error';
import { api } from './client';
import { withValidator, type FormDefinition } from './forms';
import type { components } from '@scholarmatch/sdk/schema';
import { conditionValidator } from '../forms/condition-validator';

/**
 * The form designer's calls (docs/console.md, "Form designer"): staff edits go to one shared draft,
 * published as a numbered version. The shapes come from the generated `schema.d.ts`, except where
 * the OpenAPI document is looser than the vocabulary the designer's screens read (said below).
 */
type Schemas = components['schemas'];

export type DraftState = Schemas['DraftFieldDto']['draft'];
/**
 * Hand-written: the generated field types its `validation`, `ui` and `visibleWhen` as open
 * objects, while the editor reads them as the shared vocabulary (`FieldValidation`, `FieldUi`,
 * `FieldCondition`) the server validates them against.
 */
export type DraftField = FieldDefinition & { draft: DraftState };
const asDraftField = (field: Schemas['DraftFieldDto']) => field as DraftField;

export type DesignerForm = Schemas['DesignerFormDto'];
export type DiffChange = Schemas['DiffChangeDto'];
export type DiffKind = DiffChange['change'];
export type Blocker = Schemas['BlockerDto'];
export type DraftDiff = Schemas['DraftDiffDto'];
export type FormVersionSummary = Schemas['FormVersionSummaryDto'];
export type FormVersion = Schemas['FormVersionDto'];
export type CatalogueOption = Schemas['DraftOptionDto'];

/**
 * What a new field or a change sends (the definition's editable parts). Hand-written for the same
 * reason as `DraftField`: the editor builds these parts as the shared vocabulary.
 */
export interface FieldChange {
  key?: string;
  name?: string;
  dataType?: FieldType;
  options?: FieldOption[];
  validation?: FieldValidation;
  ui?: FieldUi;
  section?: string;
  order?: number;
  visibleWhen?: FieldCondition | null;
}

/** The vocabulary's parts as the OpenAPI document types them (open objects): same values, looser type. */
const sent = <T extends FieldChange>(body: T) =>
  body as Omit<T, 'validation' | 'ui' | 'visibleWhen'> & { validation?: Record<string, unknown>; ui?: Record<string, unknown>; visibleWhen?: Record<string, unknown> | null };

export const VERSIONS_PAGE_SIZE = 20;
export const OPTIONS_PAGE_SIZE = 20;

export const designerKeys = {
  all: ['form-designer'] as const,
  forms: ['form-designer', 'forms'] as const,
  fields: ['form-designer', 'fields'] as const,
  preview: (formKey: string) => ['form-designer', 'preview', formKey] as const,
  diff: ['form-designer', 'diff'] as const,
  versions: (page: number) => ['form-designer', 'versions', page] as const,
  version: (number: number) => ['form-designer', 'version', number] as const,
  options: (id: number, q: string, page: number) => ['form-designer', 'options', id, q, page] as const,
};

export const designerFormsQueryOptions = queryOptions({
  queryKey: designerKeys.forms,
  queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/admin/forms', { signal })),
  staleTime: 0,
  retry: shouldRetry,
});

export const draftFieldsQueryOptions = queryOptions({
  queryKey: designerKeys.fields,
  queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/admin/form-fields', { signal })).map(asDraftField),
  staleTime: 0,
  retry: shouldRetry,
});

/**
 * The form as it would be served with the draft applied. A preview with a validator module gets
 * it (the live form's messages); one without (the server serves none for a draft) gets one that
 * judges its conditions only: staff see the fields as people will, with no messages.
 */
export function previewQueryOptions(formKey: string) {
  return queryOptions({
    queryKey: designerKeys.preview(formKey),
    queryFn: async ({ signal }): Promise<FormDefinition> => {
      // The contract lists no `validatorUrl` for a preview; one a server adds is still honoured.
      const served: Schemas['FormPreviewDto'] & { validatorUrl?: string } = dataOf(
        await api.GET('/api/v1/admin/forms/{formKey}/preview', { params: { path: { formKey } }, signal }),
      );
      if (served.validatorUrl) return withValidator({ ...served, key: formKey, validatorUrl: served.validatorUrl });
      return { key: formKey, version: served.version, schema: served.schema as RJSFSchema, uiSchema: served.uiSchema as UiSchema, validator: conditionValidator };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: shouldRetry,
  });
}

export const draftDiffQueryOptions = queryOptions({
  queryKey: designerKeys.diff,
  queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/admin/forms/draft/diff', { signal })),
  staleTime: 0,
  retry: shouldRetry,
});

export function versionsQueryOptions(page: number) {
  return queryOptions({
    queryKey: designerKeys.versions(page),
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/admin/forms/versions', { params: { query: { page, limit: VERSIONS_PAGE_SIZE } }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: shouldRetry,
  });
}

export function versionQueryOptions(number: number) {
  return queryOptions({
    queryKey: designerKeys.version(number),
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/admin/forms/versions/{number}', { params: { path: { number } }, signal })),
    retry: shouldRetry,
  });
}

export function catalogueOptionsQueryOptions(id: number, q: string, page: number) {
  return queryOptions({
    queryKey: designerKeys.options(id, q, page),
    queryFn: async ({ signal }) =>
      dataOf(await api.GET('/api/v1/admin/form-fields/{id}/options', { params: { path: { id }, query: { ...(q && { q }), page, limit: OPTIONS_PAGE_SIZE } }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: shouldRetry,
  });
}

const byId = (id: number) => ({ params: { path: { id } } });

export async function addField(body: FieldChange & { key: string; name: string; dataType: FieldType; section: string }) {
  return asDraftField(dataOf(await api.POST('/api/v1/admin/form-fields', { body: sent(body) })));
}

export async function changeField(id: number, body: FieldChange) {
  return asDraftField(dataOf(await api.PATCH('/api/v1/admin/form-fields/{id}', { ...byId(id), body: sent(body) })));
}

export async function removeField(id: number) {
  return asDraftField(dataOf(await api.DELETE('/api/v1/admin/form-fields/{id}', byId(id))));
}

export async function revertField(id: number) {
  return asDraftField(dataOf(await api.POST('/api/v1/admin/form-fields/{id}/revert', byId(id))));
}

export async function reorderFields(formKey: string, keys: string[]) {
  return dataOf(await api.PUT('/api/v1/admin/forms/{formKey}/order', { params: { path: { formKey } }, body: { keys } })).map(asDraftField);
}

export async function discardDraft() {
  return dataOf(await api.DELETE('/api/v1/admin/forms/draft'));
}

export async function publishDraft(note: string) {
  return dataOf(await api.POST('/api/v1/admin/forms/versions', { body: note.trim() ? { note: note.trim() } : {} }));
}

export async function rollBack(number: number) {
  return dataOf(await api.POST('/api/v1/admin/forms/versions/{number}/rollback', { params: { path: { number } } }));
}

export async function addOption(id: number, option: FieldOption) {
  return dataOf(await api.POST('/api/v1/admin/form-fields/{id}/options', { ...byId(id), body: option }));
}

export async function relabelOption(id: number, value: string, label: string) {
  return dataOf(await api.PATCH('/api/v1/admin/form-fields/{id}/options/{value}', { params: { path: { id, value } }, body: { label } }));
}

export async function removeOption(id: number, value: string) {
  return dataOf(await api.DELETE('/api/v1/admin/form-fields/{id}/options/{value}', { params: { path: { id, value } } }));
}

/** A required profile field the signed-in person has not answered yet, and the profile tab that asks it. */
export type NewQuestion = Schemas['NewQuestionDto'];

export const newQuestionsQueryOptions = queryOptions({
  queryKey: ['users', 'me', 'new-questions'] as const,
  queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/users/me/new-questions', { signal })).fields,
  staleTime: 60_000,
  // The notice is a nicety: a failure (an older server) shows nothing rather than retrying.
  retry: false,
});

/** The refusal's code, for the screens that explain a 409 on their own terms. */
export const errorCodeOf = (error: unknown) => (error instanceof ApiError ? error.errorCode : undefined);
