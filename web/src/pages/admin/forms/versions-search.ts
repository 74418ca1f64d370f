/** The history's address state: `page` (from 1), and `published`, the version just published (its banner). */
export interface VersionsSearch {
  page?: number;
  published?: number;
}

export function validateVersionsSearch(search: Record<string, unknown>): VersionsSearch {
  const page = Number(search.page);
  const published = Number(search.published);
  return { ...(Number.isInteger(page) && page > 1 && { page }), ...(Number.isInteger(published) && published > 0 && { published }) };
}
