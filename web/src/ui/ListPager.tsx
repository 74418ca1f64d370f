import { Button, HStack, Text } from '@chakra-ui/react';

/**
 * Previous and next page of a list kept page by page in the address, with which rows are shown
 * ("21–40 of 57"); nothing when one page holds them all. Used by the console's lists and the
 * studio's inbox.
 */
export function ListPager({ total, page, pageSize, onPage }: { total: number; page: number; pageSize: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1) return null;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <HStack as="nav" aria-label="Pages" justify="space-between" mt="4">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous page
      </Button>
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {first}–{last} of {total}
      </Text>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next page
      </Button>
    </HStack>
  );
}
