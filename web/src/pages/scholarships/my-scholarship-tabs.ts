import type { ApplicationStatus } from '../../api/scholarships';
import { validatePageSearch } from './paging';

/** My Scholarships' tabs (as in the original product), in the address as `?tab=applied|draft`; each shows one status. */
export const MY_SCHOLARSHIP_TABS = [
  { value: 'applied', label: 'Applied', status: 'Received' },
  { value: 'draft', label: 'Draft', status: 'Draft' },
] as const satisfies readonly { value: string; label: string; status: ApplicationStatus }[];

export type MyScholarshipTab = (typeof MY_SCHOLARSHIP_TABS)[number]['value'];

function isTab(value: unknown): value is MyScholarshipTab {
  return MY_SCHOLARSHIP_TABS.some((tab) => tab.value === value);
}

/** The route's validateSearch: a known tab is kept as written (no tab means Applied), and the page as on every list. */
export function validateMyScholarshipsSearch(search: Record<string, unknown>): { tab?: MyScholarshipTab; page?: number } {
  return { ...(isTab(search.tab) ? { tab: search.tab } : {}), ...validatePageSearch(search) };
}
