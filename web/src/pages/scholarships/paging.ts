/** Paging of the scholarship lists: 6 a page (as in the original product), the page in `?page={n}`. */

export const LIST_PAGE_SIZE = 6;
/** The dashboard shows the first 2 of each list. */
export const DASHBOARD_LIST_SIZE = 2;

/** The page `?page=` asks for: a whole number from 1 up; anything else is page 1. */
export function pageFromSearch(search: Record<string, unknown>): number {
  const page = Number(search.page);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The routes' validateSearch: page 1 stays out of the address, so the plain link is page 1. */
export function validatePageSearch(search: Record<string, unknown>): { page?: number } {
  const page = pageFromSearch(search);
  return page > 1 ? { page } : {};
}

/** What the API skips to reach a page: (page - 1) × page size. */
export function offsetOf(page: number, pageSize: number = LIST_PAGE_SIZE): number {
  return (page - 1) * pageSize;
}

/** How many pages `total` items fill; an empty list still has its one (empty) page. */
export function pageCountOf(total: number, pageSize: number = LIST_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** One page of a list the browser holds whole (the wishlist). */
export function pageOf<T>(items: readonly T[], page: number, pageSize: number = LIST_PAGE_SIZE): T[] {
  const start = offsetOf(page, pageSize);
  return items.slice(start, start + pageSize);
}

/**
 * The shown page of a list the browser holds whole (undefined while it loads). A page past the end
 * shows the last one: unhearting the last card of the last page must not leave an empty page.
 */
export function browserPage<T>(
  items: readonly T[] | undefined,
  page: number,
): { page: number; items: T[] | undefined; pageCount: number | undefined } {
  if (!items) return { page, items: undefined, pageCount: undefined };
  const pageCount = pageCountOf(items.length);
  const shownPage = Math.min(page, pageCount);
  return { page: shownPage, items: pageOf(items, shownPage), pageCount };
}

/**
 * The page numbers the pager shows: the first, the last, and the current one with its
 * neighbours; 'gap' stands for the pages left out. 34 pages on page 10: 1 … 9 10 11 … 34.
 */
export function pageNumbers(current: number, pageCount: number): (number | 'gap')[] {
  const shown = [...new Set([1, current - 1, current, current + 1, pageCount])]
    .filter((page) => page >= 1 && page <= pageCount)
    .sort((a, b) => a - b);
  const numbers: (number | 'gap')[] = [];
  for (const page of shown) {
    const previous = numbers.at(-1);
    if (typeof previous === 'number' && page - previous === 2) numbers.push(previous + 1);
    else if (typeof previous === 'number' && page - previous > 2) numbers.push('gap');
    numbers.push(page);
  }
  return numbers;
}
