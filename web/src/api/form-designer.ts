import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { FieldCondition, FieldDefinition, FieldOption, FieldType, FieldUi, FieldValidation } from '@scholarmatch/schemas';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { ApiError, dataOf, shouldRetry } from './api-error';
import { api } from './client';
import { withValidator, type FormDefinition } from './forms';
import { conditionValidator } from '../forms/condition-validator';

/**
 * The form designer's calls (docs/console.md, "Form designer"): staff edits go to one shared draft,
 * published as a numbered version. The shapes are the designer's API contract; the generated
 * `schema.d.ts` does not know these routes until the server's OpenAPI document lists them, so the
 * calls go through an untyped view of the same client (same middleware, same envelope).
 */
type Answer = { data?: { data: unknown; meta?: { total?: number } }; error?: unknown; response: Response };
type Init = { params?: { path?: Record<string, string | number>; query?: Record<string, unknown> }; body?: unknown; signal?: AbortSignal };
type Method = (path: string, init?: Init) => Promise<Answer>;
const client = api as unknown as { GET: Method; POST: Method; PATCH: Method; PUT: Method; DELETE: Method };

const payload = <T>(answer: Answer): T => dataOf(answer as { data?: { data: T }; error?: unknown; response: Response });

export type DraftState = 'added' | 'changed' | 'removed' | null;
export type DraftField = FieldDefinition & { draft: DraftState };

export interface DesignerForm {
  key: string;
  title: string;
  description?: string | null;
  sections: string[];
  fieldKeys: string[];
  fixedPayload: boolean;
  draftChanges: number;
}

export type DiffKind = 'added' | 'removed' | 'now_required' | 'no_longer_required' | 'changed' | 'restored';
export interface DiffChange {
  key: string;
  name: string;
  forms: string[];
  change: DiffKind;
  details: string[];
  answers: number;
}
export interface Blocker {
  key: string;
  name: string;
  scholarships: { id: string; title: string }[];
}
export interface DraftDiff {
  basedOn: number;
  changes: DiffChange[];
  blockers: Blocker[];
}

export interface FormVersionSummary {
  number: number;
  kind: 'publish' | 'rollback';
  note: string | null;
  publishedAt: string;
  publishedBy: { id: string; name: string } | null;
  changeCount: number;
}
export type FormVersion = FormVersionSummary & { changes: DiffChange[] };

export interface CatalogueOption extends FieldOption {
  draft: DraftState;
}

/** What a new field or a change sends (the definition's editable parts). */
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
  queryFn: async ({ signal }) => payload<DesignerForm[]>(await client.GET('/api/v1/admin/forms', { signal })),
  staleTime: 0,
  retry: shouldRetry,
});

export const draftFieldsQueryOptions = queryOptions({
  queryKey: designerKeys.fields,
  queryFn: async ({ signal }) => payload<DraftField[]>(await client.GET('/api/v1/admin/form-fields', { signal })),
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
      const served = payload<{ key?: string; version: string; schema: RJSFSchema; uiSchema: UiSchema; validatorUrl?: string }>(
        await client.GET('/api/v1/admin/forms/{formKey}/preview', { params: { path: { formKey } }, signal }),
      );
      if (served.validatorUrl) return withValidator({ ...served, key: formKey, validatorUrl: served.validatorUrl });
      return { key: formKey, version: served.version, schema: served.schema, uiSchema: served.uiSchema, validator: conditionValidator };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: shouldRetry,
  });
}

export const draftDiffQueryOptions = queryOptions({
  queryKey: designerKeys.diff,
  queryFn: async ({ signal }) => payload<DraftDiff>(await client.GET('/api/v1/admin/forms/draft/diff', { signal })),
  staleTime: 0,
  retry: shouldRetry,
});

export function versionsQueryOptions(page: number) {
  return queryOptions({
    queryKey: designerKeys.versions(page),
    queryFn: async ({ signal }) =>
      payload<{ items: FormVersionSummary[]; total: number }>(
        await client.GET('/api/v1/admin/forms/versions', { params: { query: { page, limit: VERSIONS_PAGE_SIZE } }, signal }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: shouldRetry,
  });
}

export function versionQueryOptions(number: number) {
  return queryOptions({
    queryKey: designerKeys.version(number),
    queryFn: async ({ signal }) => payload<FormVersion>(await client.GET('/api/v1/admin/forms/versions/{number}', { params: { path: { number } }, signal })),
    retry: shouldRetry,
  });
}

export function catalogueOptionsQueryOptions(id: number, q: string, page: number) {
  return queryOptions({
    queryKey: designerKeys.options(id, q, page),
    queryFn: async ({ signal }) =>
      payload<{ items: CatalogueOption[]; total: number }>(
        await client.GET('/api/v1/admin/form-fields/{id}/options', { params: { path: { id }, query: { ...(q && { q }), page, limit: OPTIONS_PAGE_SIZE } }, signal }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: shouldRetry,
  });
}

const byId = (id: number) => ({ params: { path: { id } } });

export async function addField(body: FieldChange & { key: string; name: string; dataType: FieldType; section: string }) {
  return payload<DraftField>(await client.POST('/api/v1/admin/form-fields', { body }));
}

export async function changeField(id: number, body: FieldChange) {
  return payload<DraftField>(await client.PATCH('/api/v1/admin/form-fields/{id}', { ...byId(id), body }));
}

export async function removeField(id: number) {
  return payload<DraftField>(await client.DELETE('/api/v1/admin/form-fields/{id}', byId(id)));
}

export async function revertField(id: number) {
  return payload<DraftField>(await client.POST('/api/v1/admin/form-fields/{id}/revert', byId(id)));
}

export async function reorderFields(formKey: string, keys: string[]) {
  return payload<DraftField[]>(await client.PUT('/api/v1/admin/forms/{formKey}/order', { params: { path: { formKey } }, body: { keys } }));
}

export async function discardDraft() {
  return payload<{ discarded: number }>(await client.DELETE('/api/v1/admin/forms/draft'));
}

export async function publishDraft(note: string) {
  return payload<FormVersion>(await client.POST('/api/v1/admin/forms/versions', { body: note.trim() ? { note: note.trim() } : {} }));
}

export async function rollBack(number: number) {
  return payload<FormVersion>(await client.POST('/api/v1/admin/forms/versions/{number}/rollback', { params: { path: { number } } }));
}

export async function addOption(id: number, option: FieldOption) {
  return payload<unknown>(await client.POST('/api/v1/admin/form-fields/{id}/options', { ...byId(id), body: option }));
}

export async function relabelOption(id: number, value: string, label: string) {
  return payload<unknown>(await client.PATCH('/api/v1/admin/form-fields/{id}/options/{value}', { params: { path: { id, value } }, body: { label } }));
}

export async function removeOption(id: number, value: string) {
  return payload<unknown>(await client.DELETE('/api/v1/admin/form-fields/{id}/options/{value}', { params: { path: { id, value } } }));
}

/** A required profile field the signed-in person has not answered yet, and the profile tab that asks it. */
export interface NewQuestion {
  key: string;
  name: string;
  formKey: string;
  tab: 'basic' | 'education' | 'contact';
}

export const newQuestionsQueryOptions = queryOptions({
  queryKey: ['users', 'me', 'new-questions'] as const,
  queryFn: async ({ signal }) => payload<{ fields: NewQuestion[] }>(await client.GET('/api/v1/users/me/new-questions', { signal })).fields,
  staleTime: 60_000,
  // The notice is a nicety: a failure (an older server) shows nothing rather than retrying.
  retry: false,
});

/** The refusal's code, for the screens that explain a 409 on their own terms. */
export const errorCodeOf = (error: unknown) => (error instanceof ApiError ? error.errorCode : undefined);
