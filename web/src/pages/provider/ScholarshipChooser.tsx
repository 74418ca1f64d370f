import { Badge, Box, Button, Field, HStack, Input, Link, NativeSelect, Skeleton, Stack, Switch, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearch, type LinkOptions } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { overviewQueryOptions, type OverviewQuery, type ScholarshipOverview } from '../../api/providers';
import { OVERVIEW_PAGE_SIZE, overviewQueryOf, type OverviewSearch } from './overview-search';
import { SCHOLARSHIP_STATUS_VALUES, STATUS_BADGES, UNTITLED } from './scholarship-status';
import { LoadFailure, StudioPage } from './StudioPage';

/** How long typing pauses before the overview is asked again (as the applicants list). */
const SEARCH_DEBOUNCE_MS = 300;

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Stack gap="0" minW="24">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="semibold" fontSize="xl">
        {value}
      </Text>
    </Stack>
  );
}

export interface ChooserProps {
  title: string;
  lead: string;
  /** The list's accessible name. */
  listLabel: string;
  /** What the page says when the provider has no scholarship yet. */
  empty: string;
  /** The button's words, e.g. 'Review applicants'. */
  action: string;
  /** Where a scholarship leads. */
  destination: (scholarshipId: string) => LinkOptions;
}

/** The search waits for a pause in typing; the status and the toggle apply at once. Each starts again at the first page. */
function OverviewFilters({ search, onChange }: { search: OverviewSearch; onChange: (next: OverviewSearch) => void }) {
  const [text, setText] = useState(search.search ?? '');
  const latest = useRef({ search, onChange });
  latest.current = { search, onChange };
  useEffect(() => {
    if (text.trim() === (latest.current.search.search ?? '')) return undefined;
    const timer = setTimeout(() => latest.current.onChange({ ...latest.current.search, search: text.trim() || undefined, offset: undefined }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const change = (patch: OverviewSearch) => onChange({ ...search, ...patch, offset: undefined });
  return (
    <HStack gap="3" align="flex-end" flexWrap="wrap">
      <Field.Root flex="1" minW="56">
        <Field.Label fontSize="sm">Search</Field.Label>
        <Input size="sm" type="search" value={text} maxLength={100} placeholder="Scholarship title" onChange={(event) => setText(event.target.value)} />
      </Field.Root>
      <Field.Root w="auto" minW="40">
        <Field.Label fontSize="sm">Status</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={search.status ?? ''} onChange={(event) => change({ status: (event.target.value || undefined) as OverviewQuery['status'] })}>
            <option value="">All statuses</option>
            {SCHOLARSHIP_STATUS_VALUES.map((status) => (
              <option key={status} value={status}>
                {STATUS_BADGES[status].label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Switch.Root size="sm" checked={search.emptyDrafts === true} onCheckedChange={({ checked }) => change({ emptyDrafts: checked ? true : undefined })} colorPalette="brand" pb="1.5">
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>Show empty drafts</Switch.Label>
      </Switch.Root>
    </HStack>
  );
}

function OverviewPager({ page, onOffset }: { page: ScholarshipOverview; onOffset: (offset: number) => void }) {
  if (page.total === 0) return null;
  return (
    <HStack justify="space-between" gap="3" flexWrap="wrap">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {page.offset + 1}–{Math.min(page.offset + page.scholarships.length, page.total)} of {page.total}
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" disabled={page.offset === 0} onClick={() => onOffset(Math.max(0, page.offset - OVERVIEW_PAGE_SIZE))}>
          Previous page
        </Button>
        <Button size="sm" variant="outline" disabled={page.offset + OVERVIEW_PAGE_SIZE >= page.total} onClick={() => onOffset(page.offset + OVERVIEW_PAGE_SIZE)}>
          Next page
        </Button>
      </HStack>
    </HStack>
  );
}

/** Why a page is empty: nothing at all, nothing matching, or only empty drafts, which are hidden. */
function emptyText(page: ScholarshipOverview, search: OverviewSearch, empty: string): string {
  const filtered = Boolean(search.search || search.status);
  if (page.hiddenEmptyDrafts > 0) {
    const drafts = page.hiddenEmptyDrafts === 1 ? '1 empty draft is' : `${page.hiddenEmptyDrafts} empty drafts are`;
    return `${filtered ? 'No scholarship matches these filters' : 'No scholarship has applications yet'}; ${drafts} hidden. Turn on "Show empty drafts" to see them.`;
  }
  return filtered ? 'No scholarship matches these filters.' : empty;
}

/**
 * The provider's scholarships, each with its status and its applications (Received, Draft),
 * leading to one screen of that scholarship: the applicants, the rubric or the winners
 * (docs/review.md, "In the browser"). A studio page that needs a scholarship and was given none
 * starts here. Paged, searched and filtered by the server (docs/review.md, "Overview"), the search
 * kept in the address; drafts nobody applied to are hidden unless asked for.
 */
export function ScholarshipChooser({ title, lead, listLabel, empty, action, destination }: ChooserProps) {
  const search = useSearch({ strict: false }) as OverviewSearch;
  const navigate = useNavigate();
  const list = useQuery(overviewQueryOptions(overviewQueryOf(search)));
  const setSearch = (next: OverviewSearch) => void navigate({ to: '.', search: next, replace: true });
  let body;
  if (list.error) body = <LoadFailure error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <Skeleton role="status" aria-busy="true" height="40" borderRadius="xl" aria-label="Loading your scholarships" />;
  else if (list.data.scholarships.length === 0) body = <Text color="fg.muted">{emptyText(list.data, search, empty)}</Text>;
  else {
    body = (
      <Stack as="ul" listStyleType="none" m="0" p="0" gap="3" aria-label={listLabel} aria-busy={list.isPlaceholderData}>
        {list.data.scholarships.map((scholarship) => {
          const name = scholarship.title?.trim() || UNTITLED;
          const badge = STATUS_BADGES[scholarship.status] ?? STATUS_BADGES.draft;
          return (
            <Box as="li" key={scholarship.id} borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '4', md: '5' }} aria-label={name}>
              <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" gap="3" align={{ base: 'stretch', md: 'center' }}>
                <HStack gap="2" flexWrap="wrap" minW="0">
                  <Link asChild fontWeight="semibold" color="fg" overflowWrap="anywhere">
                    <RouterLink {...destination(scholarship.id)}>{name}</RouterLink>
                  </Link>
                  <Badge colorPalette={badge.palette}>{badge.label}</Badge>
                </HStack>
                <HStack gap="6" flexShrink={{ base: 1, md: 0 }} flexWrap="wrap">
                  <HStack as="dl" gap="6">
                    <Count label="Received" value={scholarship.applicationsCount} />
                    <Count label="Draft" value={scholarship.draftsCount} />
                  </HStack>
                  <Button asChild size="sm" colorPalette="brand" variant="outline">
                    <RouterLink {...destination(scholarship.id)} aria-label={`${action} of ${name}`}>
                      {action}
                    </RouterLink>
                  </Button>
                </HStack>
              </Stack>
            </Box>
          );
        })}
      </Stack>
    );
  }
  return (
    <StudioPage title={title} lead={lead}>
      <Stack gap="5">
        <OverviewFilters search={search} onChange={setSearch} />
        {body}
        {list.data ? <OverviewPager page={list.data} onOffset={(offset) => setSearch({ ...search, offset: offset || undefined })} /> : null}
      </Stack>
    </StudioPage>
  );
}
