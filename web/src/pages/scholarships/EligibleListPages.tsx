import { useQuery } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import {
  eligibleCountQueryOptions,
  eligibleScholarshipsQueryOptions,
  LIST_FILTERS,
  type EligibleScholarship,
  type ListFilter,
} from '../../api/scholarships';
import { LIST_PAGE_SIZE, offsetOf, pageCountOf } from './paging';
import type { ListedScholarship } from './ScholarshipGrid';
import { ScholarshipListScreen } from './ScholarshipListScreen';

const listed = (scholarship: EligibleScholarship): ListedScholarship => ({ scholarship, saved: scholarship.isLiked });

/** One page of an eligible list (the route validated `?page`), and its count for the pager. */
export function useEligibleListPage(filter: ListFilter) {
  const { page = 1 } = useSearch({ strict: false });
  const list = useQuery(eligibleScholarshipsQueryOptions(filter, { offset: offsetOf(page), limit: LIST_PAGE_SIZE }));
  const count = useQuery(eligibleCountQueryOptions(filter));
  return {
    page,
    items: list.data?.map(listed),
    pageCount: count.data === undefined ? undefined : pageCountOf(count.data),
    error: list.error ?? count.error,
  };
}

function EligibleListScreen({ title, filter }: { title: string; filter: ListFilter }) {
  const list = useEligibleListPage(filter);
  return <ScholarshipListScreen title={title} {...list} />;
}

/** /auth/dashboard/easy-apply: the scholarships with no requirement. */
export function EasyApplyPage() {
  return <EligibleListScreen title="Easy Apply Scholarships" filter={LIST_FILTERS.easyApply} />;
}

/** /auth/dashboard/recommendation: every scholarship the applicant is eligible for (the Your Recommendation tile's count). */
export function RecommendationPage() {
  return <EligibleListScreen title="Your Recommendation" filter={LIST_FILTERS.recommendation} />;
}
