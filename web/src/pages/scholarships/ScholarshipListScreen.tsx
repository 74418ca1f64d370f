import { Container, Heading, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { failureText } from '../../api/api-error';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { Pager } from './Pager';
import { LIST_PAGE_SIZE } from './paging';
import { ScholarshipGrid, type CardSelection, type ListedScholarship } from './ScholarshipGrid';

interface ScholarshipListProps {
  page: number;
  /** Undefined while loading. */
  items: ListedScholarship[] | undefined;
  /** Undefined until known: the pager waits for it. */
  pageCount: number | undefined;
  error: Error | null;
  selection?: CardSelection;
}

/** The page's frame of a list screen: its width and its title. */
export function ListScreenFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {children}
      </Stack>
    </Container>
  );
}

/** One page of cards (or the failure) and the pager under them. */
export function ScholarshipList({ page, items, pageCount, error, selection }: ScholarshipListProps) {
  return (
    <Stack gap="6">
      {error ? (
        <NoticeBanner notice={{ status: 'error', text: failureText(error) }} />
      ) : (
        <ScholarshipGrid items={items} pageSize={LIST_PAGE_SIZE} selection={selection} />
      )}
      {pageCount !== undefined && !error ? <Pager page={page} pageCount={pageCount} /> : null}
    </Stack>
  );
}

/** A list screen of the original product: its title, 6 cards a page, and the pager. */
export function ScholarshipListScreen({ title, ...list }: ScholarshipListProps & { title: string }) {
  return (
    <ListScreenFrame title={title}>
      <ScholarshipList {...list} />
    </ListScreenFrame>
  );
}
