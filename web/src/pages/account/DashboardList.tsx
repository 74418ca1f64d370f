import { Heading, HStack, Link, Stack } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useId } from 'react';
import { failureText } from '../../api/api-error';
import { eligibleScholarshipsQueryOptions, type ListFilter } from '../../api/scholarships';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { DASHBOARD_LIST_SIZE } from '../scholarships/paging';
import { ScholarshipGrid } from '../scholarships/ScholarshipGrid';

interface DashboardListProps {
  title: string;
  filter: ListFilter;
  /** The list's own screen. */
  viewAll: '/auth/dashboard/recommendation' | '/auth/dashboard/easy-apply' | '/auth/dashboard/easyApplyWithCv';
}

/** The first 2 scholarships of a list (as in the original product), and the way to the rest. */
export function DashboardList({ title, filter, viewAll }: DashboardListProps) {
  const headingId = useId();
  const list = useQuery(eligibleScholarshipsQueryOptions(filter, { offset: 0, limit: DASHBOARD_LIST_SIZE }));
  return (
    <Stack as="section" gap="4" aria-labelledby={headingId}>
      <HStack justify="space-between" align="baseline" gap="4">
        <Heading as="h2" id={headingId} size="lg">
          {title}
        </Heading>
        <Link asChild color="brand.fg" fontWeight="semibold" whiteSpace="nowrap">
          <RouterLink to={viewAll} aria-label={`View All: ${title}`}>
            View All
          </RouterLink>
        </Link>
      </HStack>
      {list.isError ? (
        <NoticeBanner notice={{ status: 'error', text: failureText(list.error) }} />
      ) : (
        <ScholarshipGrid
          items={list.data?.map((scholarship) => ({ scholarship, saved: scholarship.isLiked }))}
          pageSize={DASHBOARD_LIST_SIZE}
          maxColumns={2}
          titleAs="h3"
        />
      )}
    </Stack>
  );
}
