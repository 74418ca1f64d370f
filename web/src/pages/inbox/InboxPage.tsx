import { Box, Center, Container, Grid, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { INBOX_SEARCH_MAX_LENGTH } from '@scholarmatch/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { failureText } from '../../api/api-error';
import { scholarshipDetailQueryOptions } from '../../api/scholarships';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { RouteLoading } from '../misc/RouteLoading';
import { opensElsewhere } from '../scholarships/membership-gate';
import { isTwoPaneWidth, listSearchOf, type InboxSearch } from './inbox-search';
import { MessageList } from './MessageList';
import { MessageView } from './MessageView';
import { neighboursOf, useDebouncedValue, useInboxList, useMarkReadWhenOpened, useOpenedMessage } from './use-inbox';
import { useTwoPane } from './use-two-pane';

/** The search is sent this long after the last keystroke (docs/inbox.md, "In the browser"). */
export const SEARCH_DEBOUNCE_MS = 500;

/** The search box: the address's `?search=` follows the typed text once typing pauses, and the list follows the address. */
function SearchBox({ search, scholarshipId }: { search: string; scholarshipId: string | undefined }) {
  const navigate = useNavigate();
  const [text, setText] = useState(search);
  const settled = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // The search this box last put in the address, or last found there.
  const lastSearch = useRef(search);

  useEffect(() => {
    if (settled === lastSearch.current) return;
    lastSearch.current = settled;
    void navigate({ to: '.', search: listSearchOf({ search: settled, scholarshipId }), replace: true });
  }, [settled, scholarshipId, navigate]);

  // The address changed by other means (the sidebar's Inbox, Back): the box shows what is searched.
  useEffect(() => {
    if (search === lastSearch.current) return;
    lastSearch.current = search;
    setText(search);
  }, [search]);

  return (
    <Input
      type="search"
      aria-label="Search messages"
      placeholder="Search by sender, subject or text"
      maxLength={INBOX_SEARCH_MAX_LENGTH}
      bg="bg"
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}

type InboxList = ReturnType<typeof useInboxList>;

/**
 * Above a list kept to one scholarship (the application tracker's link): which one, and the way
 * back to every message. The title is the scholarship's, when the details can be read.
 */
function ScholarshipFilterNote({ scholarshipId, search }: { scholarshipId: string; search: string }) {
  const scholarship = useQuery({ ...scholarshipDetailQueryOptions(scholarshipId), retry: false });
  const title = scholarship.data?.title.trim();
  return (
    <HStack gap="3" flexWrap="wrap" borderWidth="1px" borderRadius="lg" bg="brand.subtle" px="4" py="3">
      <Text>{title ? `Messages about ${title}` : 'Messages about one scholarship'}</Text>
      <Link asChild colorPalette="brand" fontWeight="semibold">
        <RouterLink to="/auth/dashboard/inbox" search={listSearchOf({ search })}>
          Show all messages
        </RouterLink>
      </Link>
    </HStack>
  );
}

/** The message beside the list (wide screens), marked read as it opens. */
function ReaderPane({ id, list }: { id: string | undefined; list: InboxList }) {
  const { message, error } = useOpenedMessage(id, list.messages, list.messages !== undefined);
  useMarkReadWhenOpened(message);
  if (!id) {
    return (
      <Center borderWidth="1px" borderStyle="dashed" borderRadius="xl" bg="bg" minH="60" p="6">
        <Text color="fg.muted">Choose a message to read it here.</Text>
      </Center>
    );
  }
  if (error) return <NoticeBanner notice={{ status: 'error', text: failureText(error) }} />;
  if (!message) return <RouteLoading label="Loading the message" />;
  return <MessageView message={message} titleAs="h2" {...neighboursOf(list.messages, id)} />;
}

/**
 * /auth/dashboard/inbox (and /auth/inbox): the applicant's messages (docs/inbox.md, "In the
 * browser"). At 1200 px and wider a message opens beside the list; below, on /auth/message.
 */
export function InboxPage() {
  const address = useSearch({ strict: false }) as InboxSearch;
  const { search = '', scholarshipId, id } = address;
  const listSearch = listSearchOf(address);
  const navigate = useNavigate();
  const twoPane = useTwoPane();
  const list = useInboxList({ search, scholarshipId });

  const open = (event: MouseEvent<HTMLAnchorElement>, messageId: string) => {
    if (opensElsewhere(event) || !isTwoPaneWidth()) return;
    event.preventDefault();
    void navigate({ to: '.', search: { ...listSearch, id: messageId }, replace: true });
  };

  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {list.total === undefined ? 'Inbox' : `Inbox (${list.total})`}
        </Heading>
        {scholarshipId ? <ScholarshipFilterNote scholarshipId={scholarshipId} search={search} /> : null}
        <SearchBox search={search} scholarshipId={scholarshipId} />
        {list.error ? (
          <NoticeBanner notice={{ status: 'error', text: failureText(list.error) }} />
        ) : (
          <Grid templateColumns={twoPane ? 'minmax(18rem, 2fr) minmax(0, 3fr)' : 'minmax(0, 1fr)'} gap="6" alignItems="start">
            <Box borderWidth="1px" borderRadius="xl" bg="bg">
              <MessageList
                messages={list.messages}
                selectedId={twoPane ? id : undefined}
                listSearch={listSearch}
                onOpen={open}
                hasMore={list.hasMore}
                loadingMore={list.loadingMore}
                onLoadMore={list.loadMore}
              />
            </Box>
            {twoPane && (id || list.messages?.length) ? (
              <Box position="sticky" top="20">
                <ReaderPane id={id} list={list} />
              </Box>
            ) : null}
          </Grid>
        )}
      </Stack>
    </Container>
  );
}
