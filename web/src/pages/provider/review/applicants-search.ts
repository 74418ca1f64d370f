import { ELIGIBILITIES, REVIEW_STATUSES, SORTS, type ApplicantsQuery } from '../../../api/review';

/** How many rows a page of the applicants list shows. */
export const PAGE_SIZE = 20;

function oneOf<T extends string>(values: readonly T[], value: unknown): T | undefined {
  return values.find((candidate) => candidate === value);
}

/**
 * The applicants list's filters, sort and page, kept in the address (docs/review.md, "In the
 * browser"): a reload or a link keeps them, and the submission view pages through the same list.
 */
export function validateApplicantsSearch(search: Record<string, unknown>): ApplicantsQuery {
  const offset = Number(search.offset);
  // Every key present, undefined when unusable: the router lays this over the raw address, where a
  // key left out would keep its raw text (`?offset=bogus` reached the server and failed the list).
  return {
    search: typeof search.search === 'string' && search.search.trim() ? search.search.slice(0, 100) : undefined,
    status: oneOf(REVIEW_STATUSES, search.status),
    eligible: oneOf(ELIGIBILITIES, search.eligible),
    sort: oneOf(SORTS, search.sort),
    offset: Number.isInteger(offset) && offset > 0 ? offset : undefined,
  };
}

/** The list call's parameters for the address's filters. */
export function listQueryOf(search: ApplicantsQuery): ApplicantsQuery {
  return { ...search, limit: PAGE_SIZE };
}
