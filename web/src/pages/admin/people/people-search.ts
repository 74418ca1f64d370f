import { PEOPLE_PAGE_SIZE, type PeopleQuery } from '../../../api/people';

export const PEOPLE_ROLES = ['applicant', 'provider', 'reviewer', 'admin', 'support'] as const;
export type PeopleRole = (typeof PEOPLE_ROLES)[number];

/** The people list's address state (docs/console.md, "People"): `q` (the search), `role` and `page` (from 1). */
export interface PeopleSearch {
  q?: string;
  role?: PeopleRole;
  page?: number;
}

export function validatePeopleSearch(search: Record<string, unknown>): PeopleSearch {
  const page = Number(search.page);
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, 200) : '';
  const role = PEOPLE_ROLES.includes(search.role as PeopleRole) ? (search.role as PeopleRole) : undefined;
  return {
    ...(q && { q }),
    ...(role && { role }),
    ...(Number.isInteger(page) && page > 1 && { page }),
  };
}

/** The API's query for the address's state. */
export function peopleQueryOf(search: PeopleSearch): PeopleQuery {
  return {
    ...(search.q && { search: search.q }),
    ...(search.role && { role: search.role }),
    offset: ((search.page ?? 1) - 1) * PEOPLE_PAGE_SIZE,
    limit: PEOPLE_PAGE_SIZE,
  };
}
