import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  LIST_FILTERS,
  scholarshipKeys,
  type EligibleScholarship,
  type MyScholarship,
  type ScholarshipDetail,
  type WishlistItem,
} from '../../src/api/scholarships';
import { useWishlistToggle } from '../../src/pages/scholarships/wishlist-toggle';
import { apiAnswer, eligibleScholarship, mockApi, myScholarship, scholarshipDetail, wishlistEntry } from './fixtures';

const EASY_APPLY_PAGE_1 = scholarshipKeys.eligible(LIST_FILTERS.easyApply, { offset: 0, limit: 6 });
const DASHBOARD_RECOMMENDED = scholarshipKeys.eligible(LIST_FILTERS.recommendation, { offset: 0, limit: 2 });

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(EASY_APPLY_PAGE_1, [eligibleScholarship(1), eligibleScholarship(2)]);
  client.setQueryData(DASHBOARD_RECOMMENDED, [eligibleScholarship(1), eligibleScholarship(3)]);
  client.setQueryData(scholarshipKeys.wishlist, [wishlistEntry(2)]);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useWishlistToggle(), { wrapper });
  const liked = (key: readonly unknown[]) => client.getQueryData<EligibleScholarship[]>(key)?.map((item) => item.isLiked);
  const wishlist = () => client.getQueryData<WishlistItem[]>(scholarshipKeys.wishlist)?.map((entry) => [entry.scholarship.title, entry.isLiked]);
  return { client, result, liked, wishlist };
}

/** A request that answers only when the test says so. */
function pendingRequest() {
  let answer: (value: unknown) => void = () => undefined;
  const put = mockApi('PUT').mockImplementation(() => new Promise((resolve) => (answer = resolve)));
  return { put, answer: (status: number) => answer(apiAnswer(status, status < 400 ? { statusCode: status } : { description: 'Server Error' })) };
}

describe('the optimistic wishlist hearts', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('fills the heart in every cached list and adds to the wishlist before the server answers', async () => {
    const { put, answer } = pendingRequest();
    const { result, liked, wishlist } = setup();
    act(() => result.current.mutate({ scholarship: eligibleScholarship(1), saved: true }));

    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/v1/scholarships/add-wishlist', { body: { scholarshipId: eligibleScholarship(1).id } }));
    expect(liked(EASY_APPLY_PAGE_1)).toEqual([true, false]);
    expect(liked(DASHBOARD_RECOMMENDED)).toEqual([true, false]);
    expect(wishlist()).toEqual([['Scholarship 1', true], ['Scholarship 2', true]]);

    answer(200);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it('unsaving marks the wishlist entry unliked (the Wishlist screen hides it) and calls remove-wishlist', async () => {
    const { put, answer } = pendingRequest();
    const { result, liked, wishlist } = setup();
    act(() => result.current.mutate({ scholarship: eligibleScholarship(2, true), saved: false }));

    await waitFor(() => expect(put).toHaveBeenCalledWith('/api/v1/scholarships/remove-wishlist', { body: { scholarshipId: eligibleScholarship(2).id } }));
    expect(wishlist()).toEqual([['Scholarship 2', false]]);
    expect(liked(EASY_APPLY_PAGE_1)).toEqual([false, false]);
    answer(200);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
  });

  it('ignores a failure silently, then asks the server again for what it kept', async () => {
    const { answer } = pendingRequest();
    const { client, result, liked } = setup();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    act(() => result.current.mutate({ scholarship: eligibleScholarship(3), saved: true }));
    await waitFor(() => expect(liked(DASHBOARD_RECOMMENDED)).toEqual([false, true]));

    answer(500);
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(consoleError).not.toHaveBeenCalled();
    // Nothing is shown to the person; the lists and the wishlist are marked for a fresh fetch.
    expect(client.getQueryState(DASHBOARD_RECOMMENDED)?.isInvalidated).toBe(true);
    expect(client.getQueryState(EASY_APPLY_PAGE_1)?.isInvalidated).toBe(true);
    expect(client.getQueryState(scholarshipKeys.wishlist)?.isInvalidated).toBe(true);
  });

  it("keeps My Scholarships' tabs and the details page in step with the heart", async () => {
    const { answer } = pendingRequest();
    const { client, result } = setup();
    const detail = scholarshipDetail({ id: eligibleScholarship(1).id });
    client.setQueryData(scholarshipKeys.myScholarships('Draft'), [myScholarship(1, 'Draft'), myScholarship(2, 'Draft')]);
    client.setQueryData(scholarshipKeys.myScholarships('Received'), [myScholarship(3, 'Received')]);
    client.setQueryData(scholarshipKeys.detail(detail.id), detail);
    act(() => result.current.mutate({ scholarship: eligibleScholarship(1), saved: true }));

    await waitFor(() => expect(client.getQueryData<ScholarshipDetail>(scholarshipKeys.detail(detail.id))?.isLiked).toBe(true));
    expect(client.getQueryData<MyScholarship[]>(scholarshipKeys.myScholarships('Draft'))?.map((item) => item.isLiked)).toEqual([true, false]);
    expect(client.getQueryData<MyScholarship[]>(scholarshipKeys.myScholarships('Received'))?.map((item) => item.isLiked)).toEqual([false]);

    answer(200);
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(client.getQueryState(scholarshipKeys.myScholarships('Draft'))?.isInvalidated).toBe(true);
    expect(client.getQueryState(scholarshipKeys.detail(detail.id))?.isInvalidated).toBe(true);
  });
});
