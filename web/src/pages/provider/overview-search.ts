import type { OverviewQuery } from '../../api/providers';
import { SCHOLARSHIP_STATUS_VALUES } from './scholarship-status';

/** How many scholarships a page of the overview shows. */
export const OVERVIEW_PAGE_SIZE = 20;

/** What the address of an overview page keeps: the search, the status, the empty drafts' toggle and the page. */
export interface OverviewSearch {
  search?: string;
  status?: OverviewQuery['status'];
  emptyDrafts?: true;
  offset?: number;
}

/**
 * The overview's search, filter and page, kept in the address (docs/review.md, "Overview") like
 * the applicants list's: a reload or a link keeps them. Anything the address cannot mean is dropped
 * (each key is present, undefined when unusable: the router lays a route's search over the raw
 * address, so a key left out would keep the raw text); the server judges what is sent again.
 */
export function validateOverviewSearch(search: Record<string, unknown>): OverviewSearch {
  const offset = Number(search.offset);
  return {
    search: typeof search.search === 'string' && search.search.trim() ? search.search.slice(0, 100) : undefined,
    status: SCHOLARSHIP_STATUS_VALUES.find((status) => status === search.status),
    emptyDrafts: search.emptyDrafts === true || search.emptyDrafts === 'true' ? true : undefined,
    offset: Number.isInteger(offset) && offset > 0 ? offset : undefined,
  };
}

/** The overview call's parameters for the address's search. */
export function overviewQueryOf(search: OverviewSearch): OverviewQuery {
  return {
    ...(search.search ? { search: search.search } : {}),
    ...(search.status ? { status: search.status } : {}),
    ...(search.emptyDrafts ? { emptyDrafts: 'true' as const } : {}),
    offset: search.offset ?? 0,
    limit: OVERVIEW_PAGE_SIZE,
  };
}
