import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { wishlistQueryOptions } from '../../api/scholarships';
import { browserPage } from './paging';
import { ScholarshipListScreen } from './ScholarshipListScreen';

/**
 * /auth/dashboard/saved: the API sends every saved scholarship at once, so the browser pages them.
 * An entry unhearted here is marked unliked and disappears at once (as in the original product).
 */
export function WishlistPage() {
  const { page = 1 } = useSearch({ strict: false });
  const wishlist = useQuery(wishlistQueryOptions);
  const saved = wishlist.data?.filter((entry) => entry.isLiked).map((entry) => ({ scholarship: entry.scholarship, saved: true }));
  return <ScholarshipListScreen title="Wishlist / Saved" {...browserPage(saved, page)} error={wishlist.error} />;
}
