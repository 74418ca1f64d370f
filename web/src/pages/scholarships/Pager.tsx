import { Button, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { pageNumbers } from './paging';

/**
 * A link to a page of the same list: only `?page` changes (page 1 leaves it out). Exact matching
 * makes the router mark the shown page's link aria-current="page", and only that one.
 */
function PageLink({ page, label, current = false, children }: { page: number; label: string; current?: boolean; children: ReactNode }) {
  return (
    <Button asChild size="sm" minW="9" variant={current ? 'solid' : 'outline'} colorPalette="brand">
      <RouterLink
        to="."
        search={(previous: Record<string, unknown>) => ({ ...previous, page: page > 1 ? page : undefined })}
        activeOptions={{ exact: true }}
        aria-label={label}
      >
        {children}
      </RouterLink>
    </Button>
  );
}

/** Previous, the page numbers and Next; nothing when the list fits one page. */
export function Pager({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  return (
    <HStack as="nav" aria-label="Pages" gap="1.5" flexWrap="wrap" justify="center">
      {page > 1 ? (
        <PageLink page={page - 1} label="Previous page">
          Previous
        </PageLink>
      ) : null}
      {pageNumbers(page, pageCount).map((entry, index) =>
        entry === 'gap' ? (
          <Text key={`gap-${index}`} aria-hidden="true" color="fg.muted" px="1">
            …
          </Text>
        ) : (
          <PageLink key={entry} page={entry} label={`Page ${entry}`} current={entry === page}>
            {entry}
          </PageLink>
        ),
      )}
      {page < pageCount ? (
        <PageLink page={page + 1} label="Next page">
          Next
        </PageLink>
      ) : null}
    </HStack>
  );
}
