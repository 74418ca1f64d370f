import { Button, Container, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useSearch } from '@tanstack/react-router';
import { failureText } from '../../api/api-error';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { isNotFound, NotFoundContent } from '../misc/NotFoundPage';
import { RouteLoading } from '../misc/RouteLoading';
import { listSearchOf, type InboxListSearch, type InboxSearch } from './inbox-search';
import { MessageView } from './MessageView';
import { neighboursOf, useInboxList, useMarkReadWhenOpened, useOpenedMessage } from './use-inbox';

function BackArrow() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </svg>
  );
}

const MISSING_MESSAGE = 'We could not find that message';

/** What the page shows for its id: the message, its failure, or a wait. */
function OpenedMessage({ id, listSearch }: { id: string; listSearch: InboxListSearch }) {
  const list = useInboxList({ search: listSearch.search ?? '', scholarshipId: listSearch.scholarshipId });
  const { message, error } = useOpenedMessage(id, list.messages, list.messages !== undefined || list.error !== null);
  useMarkReadWhenOpened(message);
  if (isNotFound(error)) return <NotFoundContent title={MISSING_MESSAGE} text={error?.message} />;
  if (error) return <NoticeBanner notice={{ status: 'error', text: failureText(error) }} />;
  if (!message) return <RouteLoading label="Loading the message" />;
  return <MessageView message={message} titleAs="h1" {...neighboursOf(list.messages, id)} />;
}

/**
 * /auth/message?id= (and /auth/dashboard/message?id=): one message on a page of its own, where a
 * message opens below 1200 px (docs/inbox.md, "In the browser"). The arrows step through the list
 * it was opened from (`?search=` and `?scholarshipId=` kept), and the back link returns to that list.
 */
export function MessagePage() {
  const address = useSearch({ strict: false }) as InboxSearch;
  const { id } = address;
  const listSearch = listSearchOf(address);
  return (
    <Container maxW="4xl" py={{ base: '4', md: '8' }}>
      <Stack gap="4">
        <Button asChild variant="ghost" colorPalette="brand" alignSelf="flex-start" size="sm">
          <RouterLink to="/auth/dashboard/inbox" search={listSearch}>
            <BackArrow />
            Back to Inbox
          </RouterLink>
        </Button>
        {id ? <OpenedMessage id={id} listSearch={listSearch} /> : <NotFoundContent title={MISSING_MESSAGE} text="There is no such message." />}
      </Stack>
    </Container>
  );
}
