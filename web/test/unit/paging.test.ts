import { describe, expect, it } from 'vitest';
import {
  browserPage,
  offsetOf,
  pageCountOf,
  pageFromSearch,
  pageNumbers,
  pageOf,
  validatePageSearch,
} from '../../src/pages/scholarships/paging';

describe('list paging (6 a page, the page in ?page)', () => {
  it('reads the page from ?page, and falls back to page 1 for anything that is no page', () => {
    expect(pageFromSearch({ page: 3 })).toBe(3);
    expect(pageFromSearch({ page: '4' })).toBe(4);
    for (const page of [undefined, 0, -2, 1.5, 'two', '', null]) expect(pageFromSearch({ page })).toBe(1);
  });

  it('keeps page 1 out of the address, so the plain link is the first page', () => {
    expect(validatePageSearch({ page: 1 })).toEqual({});
    expect(validatePageSearch({ page: 'x' })).toEqual({});
    expect(validatePageSearch({ page: 2 })).toEqual({ page: 2 });
  });

  it('asks the API for offset (page - 1) × 6', () => {
    expect(offsetOf(1)).toBe(0);
    expect(offsetOf(2)).toBe(6);
    expect(offsetOf(5)).toBe(24);
    expect(offsetOf(3, 2)).toBe(4);
  });

  it('counts the pages, an empty list having one', () => {
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(6)).toBe(1);
    expect(pageCountOf(7)).toBe(2);
    expect(pageCountOf(200)).toBe(34);
  });

  it('cuts a whole list (the wishlist) into pages', () => {
    const items = Array.from({ length: 14 }, (_, index) => index + 1);
    expect(pageOf(items, 1)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageOf(items, 3)).toEqual([13, 14]);
    expect(pageOf(items, 4)).toEqual([]);
  });

  it('shows the first, the last and the neighbours of the current page, with gaps', () => {
    expect(pageNumbers(1, 1)).toEqual([1]);
    expect(pageNumbers(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageNumbers(10, 34)).toEqual([1, 'gap', 9, 10, 11, 'gap', 34]);
    expect(pageNumbers(3, 34)).toEqual([1, 2, 3, 4, 'gap', 34]);
    expect(pageNumbers(34, 34)).toEqual([1, 'gap', 33, 34]);
  });

  it('pages a list the browser holds whole, showing the last page when the asked one is past the end', () => {
    const items = Array.from({ length: 8 }, (_, index) => index + 1);
    expect(browserPage(items, 2)).toEqual({ page: 2, items: [7, 8], pageCount: 2 });
    expect(browserPage(items, 5)).toEqual({ page: 2, items: [7, 8], pageCount: 2 });
    expect(browserPage([], 3)).toEqual({ page: 1, items: [], pageCount: 1 });
    expect(browserPage(undefined, 3)).toEqual({ page: 3, items: undefined, pageCount: undefined });
  });
});
