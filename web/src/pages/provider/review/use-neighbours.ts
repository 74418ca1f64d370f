import { useQuery } from '@tanstack/react-query';
import { applicantsQueryOptions, type ApplicantsQuery } from '../../../api/review';
import { listQueryOf, PAGE_SIZE } from './applicants-search';

export interface Neighbour {
  id: string;
  reference: string;
  search: ApplicantsQuery;
}

/**
 * The applications before and after this one in the list the reviewer came from (same filters and
 * sort, from the address), crossing to the neighbouring page at either end.
 */
export function useNeighbours(scholarshipId: string, search: ApplicantsQuery, applicationId: string): { previous?: Neighbour; next?: Neighbour } {
  const offset = search.offset ?? 0;
  const page = useQuery(applicantsQueryOptions(scholarshipId, listQueryOf(search)));
  const rows = page.data?.applicants ?? [];
  const index = rows.findIndex((row) => row.id === applicationId);
  const total = page.data?.total ?? 0;
  const atStart = index === 0 && offset > 0;
  const atEnd = index >= 0 && index === rows.length - 1 && offset + PAGE_SIZE < total;
  const before = { ...search, offset: Math.max(0, offset - PAGE_SIZE) || undefined };
  const after = { ...search, offset: offset + PAGE_SIZE };
  const previousPage = useQuery({ ...applicantsQueryOptions(scholarshipId, listQueryOf(before)), enabled: atStart });
  const nextPage = useQuery({ ...applicantsQueryOptions(scholarshipId, listQueryOf(after)), enabled: atEnd });
  if (index < 0) return {};

  const neighbour = (row: { id: string; reference: string } | undefined, at: ApplicantsQuery): Neighbour | undefined => (row ? { id: row.id, reference: row.reference, search: at } : undefined);
  return {
    previous: index > 0 ? neighbour(rows[index - 1], search) : atStart ? neighbour(previousPage.data?.applicants.at(-1), before) : undefined,
    next: index < rows.length - 1 ? neighbour(rows[index + 1], search) : atEnd ? neighbour(nextPage.data?.applicants[0], after) : undefined,
  };
}
