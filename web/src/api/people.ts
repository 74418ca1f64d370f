import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { dataOf, shouldRetry } from './api-error';
import { api } from './client';
import { saveDownload, type BlobAnswer } from './file-names';
import { SaveError } from './profile';
import type { components, operations } from '@scholarmatch/sdk/schema';

/** The staff console's people (docs/console.md, "People"). */
export type PersonListItem = components['schemas']['PersonListItemDto'];
export type PersonDetail = components['schemas']['PersonDetailDto'];
export type PrivacyErasure = components['schemas']['PrivacyErasureDto'];
export type PeopleQuery = NonNullable<operations['listPeople']['parameters']['query']>;

/** People a page of the list shows. */
export const PEOPLE_PAGE_SIZE = 20;

export const peopleKeys = {
  all: ['people'] as const,
  list: (query: PeopleQuery) => ['people', 'list', query] as const,
  person: (id: string) => ['people', 'person', id] as const,
};

export function peopleQueryOptions(query: PeopleQuery) {
  return queryOptions({
    queryKey: peopleKeys.list(query),
    queryFn: async ({ signal }): Promise<{ rows: PersonListItem[]; total: number }> => {
      const result = await api.GET('/api/v1/admin/people', { params: { query }, signal });
      const rows = dataOf(result);
      return { rows, total: result.data!.meta.total };
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    retry: shouldRetry,
  });
}

export function personQueryOptions(id: string) {
  return queryOptions({
    queryKey: peopleKeys.person(id),
    queryFn: async ({ signal }) => dataOf(await api.GET('/api/v1/admin/people/{id}', { params: { path: { id } }, signal })),
    staleTime: 0,
    retry: shouldRetry,
  });
}

function saved<T>(result: { data?: { data: T }; error?: unknown; response: Response }): T {
  if (!result.data) throw new SaveError(result.error, result.response.status);
  return result.data.data;
}

const path = (id: string) => ({ params: { path: { id } } });

export async function cancelMembership(id: string) {
  return saved(await api.POST('/api/v1/admin/people/{id}/cancel-membership', path(id)));
}

export async function grantComplimentary(id: string, endsOn: string, reason: string) {
  return saved(await api.POST('/api/v1/admin/people/{id}/complimentary-membership', { ...path(id), body: { endsOn, reason } }));
}

export async function sendPasswordReset(id: string) {
  return saved(await api.POST('/api/v1/admin/people/{id}/password-reset', path(id)));
}

/** The session actions (docs/console.md, "Session actions"). */
export async function endSessions(id: string) {
  return saved(await api.POST('/api/v1/admin/users/{id}/end-sessions', path(id)));
}

export async function lockAccount(id: string) {
  return saved(await api.POST('/api/v1/admin/users/{id}/lock', path(id)));
}

export async function unlockAccount(id: string) {
  return saved(await api.POST('/api/v1/admin/users/{id}/unlock', path(id)));
}

export async function setStaffRole(id: string, role: 'admin' | 'support') {
  return saved(await api.PUT('/api/v1/admin/users/{id}/role', { ...path(id), body: { role } }));
}

/**
 * A privacy export (docs/privacy.md): the zip is fetched with the bearer token, which a plain link
 * cannot send, and saved from a blob URL under the server's name. Answers that name.
 */
export async function exportPersonData(id: string): Promise<string> {
  // parseAs 'blob': the answer is the archive itself, not an envelope.
  const result = (await api.POST('/api/v1/admin/people/{id}/export', { ...path(id), parseAs: 'blob' })) as unknown as BlobAnswer;
  return saveDownload(result, `scholarmatch-data-${id.slice(0, 8)}.zip`);
}

/** Erases the person (docs/privacy.md); `confirmEmail` is their address as the admin typed it. */
export async function erasePerson(id: string, confirmEmail: string): Promise<PrivacyErasure> {
  return saved(await api.POST('/api/v1/admin/people/{id}/erase', { ...path(id), body: { confirmEmail } }));
}
