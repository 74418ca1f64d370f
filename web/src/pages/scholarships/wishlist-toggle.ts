import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  changeWishlist,
  scholarshipKeys,
  type CardScholarship,
  type EligibleScholarship,
  type MyScholarship,
  type ScholarshipDetail,
  type WishlistItem,
} from '../../api/scholarships';

export interface WishlistChange {
  scholarship: CardScholarship;
  /** true: save it; false: remove it. */
  saved: boolean;
}

/** Identifies the heart clicks among mutations, to tell when the last one in a row has settled. */
const WISHLIST_MUTATION_KEY = ['wishlist-change'] as const;

/** Every cached query that shows a heart: the eligible lists, the wishlist, My Scholarships and the details pages. */
const HEARTED_QUERIES = [
  scholarshipKeys.eligibleLists,
  scholarshipKeys.wishlist,
  scholarshipKeys.myScholarshipLists,
  scholarshipKeys.details,
] as const;

/** A list with the scholarship's heart set; the same list (no re-render) when it does not hold it. */
function withHeart<T extends { id: string; isLiked: boolean }>(list: T[] | undefined, id: string, saved: boolean): T[] | undefined {
  return list?.some((item) => item.id === id) ? list.map((item) => (item.id === id ? { ...item, isLiked: saved } : item)) : list;
}

/** The card's fields only: an eligible list item carries more than a wishlist entry holds. */
function wishlistEntryOf({ id, title, description, totalAmount, recurrenceConfig, user }: CardScholarship): WishlistItem {
  return { scholarshipId: id, isLiked: true, scholarship: { id, title, description, totalAmount, recurrenceConfig, user } };
}

/**
 * Shows a heart click at once (as in the original product): every cached eligible list and My Scholarships
 * tab that holds the scholarship, its details page, and the wishlist. An unsaved wishlist entry
 * stays, marked unliked, which hides it on the Wishlist screen; a saved one not yet there is put
 * first (the list is newest first).
 */
export function applyWishlistChange(client: QueryClient, { scholarship, saved }: WishlistChange): void {
  client.setQueriesData<EligibleScholarship[]>({ queryKey: scholarshipKeys.eligibleLists }, (list) => withHeart(list, scholarship.id, saved));
  client.setQueriesData<MyScholarship[]>({ queryKey: scholarshipKeys.myScholarshipLists }, (list) => withHeart(list, scholarship.id, saved));
  client.setQueryData<ScholarshipDetail>(scholarshipKeys.detail(scholarship.id), (detail) => detail && { ...detail, isLiked: saved });
  client.setQueryData<WishlistItem[]>(scholarshipKeys.wishlist, (items) => {
    // Not loaded yet: the Wishlist screen fetches it fresh when it opens.
    if (!items) return items;
    if (items.some((item) => item.scholarshipId === scholarship.id)) {
      return items.map((item) => (item.scholarshipId === scholarship.id ? { ...item, isLiked: saved } : item));
    }
    return saved ? [wishlistEntryOf(scholarship), ...items] : items;
  });
}

/**
 * The hearts' mutation: the cache changes before the request is sent; a failure is ignored
 * (as in the original product), and once the last click of a row has settled the lists are fetched again,
 * so what shows is what the server kept.
 */
export function useWishlistToggle() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: WISHLIST_MUTATION_KEY,
    mutationFn: ({ scholarship, saved }: WishlistChange) => changeWishlist(scholarship.id, saved),
    onMutate: async (change) => {
      // A list fetch already under way would otherwise land on top of the click with the old heart.
      await Promise.all(HEARTED_QUERIES.map((queryKey) => client.cancelQueries({ queryKey })));
      applyWishlistChange(client, change);
    },
    onSettled: async () => {
      // Refetching while another click is still in flight would bring back its old heart.
      if (client.isMutating({ mutationKey: WISHLIST_MUTATION_KEY }) > 1) return;
      await Promise.all(HEARTED_QUERIES.map((queryKey) => client.invalidateQueries({ queryKey })));
    },
  });
}
