import { queryOptions } from '@tanstack/react-query';
import type { ApplicationStatus } from '@scholarmatch/schemas';
import type { components, operations } from '@scholarmatch/sdk/schema';
import { ApiError, dataOf, shouldRetry } from './api-error';
import { api } from './client';

export type DashboardSummary = components['schemas']['DashboardSummaryDto'];
export type EligibleScholarship = components['schemas']['EligibleScholarshipDto'];
export type WishlistItem = components['schemas']['WishlistItemDto'];
/** What a scholarship card shows: the fields the eligible lists and the wishlist both carry. */
export type CardScholarship = components['schemas']['WishlistScholarshipDto'];
/** One of the applicant's own applications (My Scholarships): a card plus its status and, once submitted, its review status. */
export type MyScholarship = components['schemas']['MyScholarshipDto'];
/** Where the provider's review of a submitted application stands (docs/inbox.md, "In the browser"), and the application's own status. */
export type { ApplicationStatus, ReviewStatus } from '@scholarmatch/schemas';
export type ScholarshipDetail = components['schemas']['ScholarshipDetailDto'];
export type RuleExplanation = components['schemas']['RuleExplanationDto'];
export type Requirement = components['schemas']['RequirementDto'];

type EligibleListQuery = NonNullable<operations['listEligibleScholarships']['parameters']['query']>;
/** Which eligible list: the filters the list and its count share. */
export type ListFilter = Pick<EligibleListQuery, 'withoutRequirement' | 'requirementFields'>;
/** One page of a list: `limit` is the page size, `offset` = (page - 1) × page size (docs/decisions.md). */
export type PageWindow = Required<Pick<EligibleListQuery, 'offset' | 'limit'>>;

/**
 * The dashboard's lists as the API's filters. Your Recommendation is every
 * scholarship the applicant is eligible for; Easy Apply and Apply with CV only are parts of it
 * (docs/matching.md, "The counts").
 */
export const LIST_FILTERS = {
  easyApply: { withoutRequirement: true },
  recommendation: { withoutRequirement: false },
  cvOnly: { withoutRequirement: false, requirementFields: 'cv' },
} as const satisfies Record<string, ListFilter>;

/**
 * Every per-user scholarship query sits under 'register-applicants', so signing in or out drops it
 * with the profile (api/accounts.ts). The wishlist hearts update the lists by these keys.
 */
export const scholarshipKeys = {
  all: ['register-applicants', 'scholarships'] as const,
  dashboardSummary: ['register-applicants', 'scholarships', 'dashboard-summary'] as const,
  recommendationCount: ['register-applicants', 'scholarships', 'stats'] as const,
  eligibleLists: ['register-applicants', 'scholarships', 'eligible'] as const,
  eligible: (filter: ListFilter, window: PageWindow) => ['register-applicants', 'scholarships', 'eligible', filter, window] as const,
  eligibleCount: (filter: ListFilter) => ['register-applicants', 'scholarships', 'eligible-count', filter] as const,
  wishlist: ['register-applicants', 'scholarships', 'wishlist'] as const,
  myScholarshipLists: ['register-applicants', 'scholarships', 'mine'] as const,
  myScholarships: (status: ApplicationStatus) => ['register-applicants', 'scholarships', 'mine', status] as const,
  details: ['register-applicants', 'scholarships', 'detail'] as const,
  detail: (id: string) => ['register-applicants', 'scholarships', 'detail', id] as const,
};

async function fetchDashboardSummary(signal: AbortSignal): Promise<DashboardSummary> {
  return dataOf(await api.GET('/api/v1/scholarships/dashboard-summary', { signal }));
}

/**
 * The dashboard tiles; refetched on each visit. Under the scholarships' keys, so that a profile
 * save, which changes the matches, asks for them again with the lists and the other counts.
 */
export const dashboardSummaryQueryOptions = queryOptions({
  queryKey: scholarshipKeys.dashboardSummary,
  queryFn: ({ signal }) => fetchDashboardSummary(signal),
  staleTime: 0,
  retry: shouldRetry,
});

async function fetchRecommendationCount(signal: AbortSignal): Promise<number> {
  return dataOf(await api.GET('/api/v1/scholarships/stats', { signal })).yourRecommendation;
}

/**
 * The recommendation count (GET scholarships/stats): every scholarship the applicant is eligible
 * for, the number the profile header ('Eligible for N scholarships') and the dashboard's offer
 * quote, and the same as the Your Recommendation tile and list.
 */
export const recommendationCountQueryOptions = queryOptions({
  queryKey: scholarshipKeys.recommendationCount,
  queryFn: ({ signal }) => fetchRecommendationCount(signal),
  staleTime: 0,
  retry: shouldRetry,
});

async function fetchEligibleScholarships(filter: ListFilter, window: PageWindow, signal: AbortSignal): Promise<EligibleScholarship[]> {
  return dataOf(
    await api.GET('/api/v1/scholarships/mine-eligible-scholarships', {
      params: { query: { ...filter, ...window } },
      signal,
    }),
  );
}

/** One page of an eligible list; refetched on each visit, because a profile save changes the matches. */
export function eligibleScholarshipsQueryOptions(filter: ListFilter, window: PageWindow) {
  return queryOptions({
    queryKey: scholarshipKeys.eligible(filter, window),
    queryFn: ({ signal }) => fetchEligibleScholarships(filter, window, signal),
    staleTime: 0,
    retry: shouldRetry,
  });
}

async function fetchEligibleCount(filter: ListFilter, signal: AbortSignal): Promise<number> {
  return dataOf(
    await api.GET('/api/v1/scholarships/mine-eligible-scholarships/count', {
      params: { query: filter },
      signal,
    }),
  );
}

/** How many scholarships a list has in all: the number of its pages. */
export function eligibleCountQueryOptions(filter: ListFilter) {
  return queryOptions({
    queryKey: scholarshipKeys.eligibleCount(filter),
    queryFn: ({ signal }) => fetchEligibleCount(filter, signal),
    staleTime: 0,
    retry: shouldRetry,
  });
}

async function fetchWishlist(signal: AbortSignal): Promise<WishlistItem[]> {
  return dataOf(await api.GET('/api/v1/scholarships/get-wishlist', { signal }));
}

/** Every saved scholarship at once (the API does not page it): the Wishlist screen pages it. */
export const wishlistQueryOptions = queryOptions({
  queryKey: scholarshipKeys.wishlist,
  queryFn: ({ signal }) => fetchWishlist(signal),
  staleTime: 0,
  retry: shouldRetry,
});

/** Saves (PUT add-wishlist) or unsaves (PUT remove-wishlist) one scholarship. */
export async function changeWishlist(scholarshipId: string, saved: boolean): Promise<void> {
  const body = { scholarshipId };
  const { error, response } = saved
    ? await api.PUT('/api/v1/scholarships/add-wishlist', { body })
    : await api.PUT('/api/v1/scholarships/remove-wishlist', { body });
  if (!response.ok) throw new ApiError(error, response.status);
}

async function fetchMyScholarships(status: ApplicationStatus, signal: AbortSignal): Promise<MyScholarship[]> {
  return dataOf(await api.GET('/api/v1/scholarships/me/scholarships', { params: { query: { status } }, signal }));
}

/**
 * My Scholarships, one status at a time ('Received' is the Applied tab): every item at once (the
 * API does not page it). Refetched on each visit: an application changes from elsewhere.
 */
export function myScholarshipsQueryOptions(status: ApplicationStatus) {
  return queryOptions({
    queryKey: scholarshipKeys.myScholarships(status),
    queryFn: ({ signal }) => fetchMyScholarships(status, signal),
    staleTime: 0,
    retry: shouldRetry,
  });
}

async function fetchScholarshipDetail(id: string, signal: AbortSignal): Promise<ScholarshipDetail> {
  return dataOf(await api.GET('/api/v1/scholarships/{id}', { params: { path: { id } }, signal }));
}

/** One scholarship with its requirements and why the applicant matches; a 4xx (membership, no such id) is not retried. */
export function scholarshipDetailQueryOptions(id: string) {
  return queryOptions({
    queryKey: scholarshipKeys.detail(id),
    queryFn: ({ signal }) => fetchScholarshipDetail(id, signal),
    staleTime: 0,
    retry: shouldRetry,
  });
}
