import { Badge, Box, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearch } from '@tanstack/react-router';
import { threadsQueryOptions, THREADS_PAGE_SIZE, type Thread } from '../../../api/conversations';
import { formatDayMonthYear } from '../../../ui/dates';
import { ListPager } from '../../../ui/ListPager';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure, StudioPage } from '../StudioPage';
import type { StudioInboxSearch } from './inbox-search';

/** One conversation: applicant and scholarship, the latest message, when, and how many replies are unread. */
function ThreadRow({ thread }: { thread: Thread }) {
  const unread = thread.unread > 0;
  const latest = thread.lastAuthor === 'applicant' ? thread.applicant : 'You';
  return (
    <Box as="li" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <RouterLink to="/app/inbox/$applicationId" params={{ applicationId: thread.applicationId }}>
        <Stack gap="1" px={{ base: '3', md: '5' }} py="3" _hover={{ bg: 'bg.muted' }}>
          <HStack justify="space-between" align="baseline" gap="3" wrap="wrap">
            <Text fontWeight={unread ? 'bold' : 'semibold'}>
              {thread.applicant}
              {unread ? <Text as="span" srOnly>, {thread.unread} unread</Text> : null}
            </Text>
            <HStack gap="2">
              {unread ? (
                <Badge aria-hidden="true" colorPalette="red" variant="solid" rounded="full">
                  {thread.unread}
                </Badge>
              ) : null}
              <Text fontSize="sm" color="fg.muted">
                <time dateTime={thread.lastAt}>{formatDayMonthYear(thread.lastAt)}</time>
              </Text>
            </HStack>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {thread.scholarshipTitle}
          </Text>
          <Text fontSize="sm" fontWeight={unread ? 'semibold' : 'normal'}>
            {thread.subject}
          </Text>
          <Text fontSize="sm" color="fg.muted" lineClamp={2}>
            {latest}: {thread.preview}
          </Text>
        </Stack>
      </RouterLink>
    </Box>
  );
}

/**
 * /app/inbox (docs/inbox.md, "In the browser"): the conversations with applicants about the
 * provider's scholarships, latest first, 20 a page, unread replies counted; "Unread only" keeps
 * those with replies not yet read. The filter and the page are in the address.
 */
export function StudioInboxPage() {
  const search = useSearch({ strict: false }) as StudioInboxSearch;
  const navigate = useNavigate();
  const unreadOnly = search.unread === true;
  const page = search.page ?? 1;
  const threads = useQuery(threadsQueryOptions({ unread: unreadOnly, offset: (page - 1) * THREADS_PAGE_SIZE }));
  const go = (next: StudioInboxSearch) => void navigate({ to: '/app/inbox', search: next });

  let body;
  if (threads.error) body = <LoadFailure error={threads.error} onRetry={() => void threads.refetch()} />;
  else if (!threads.data) body = <RouteLoading label="Loading the conversations" />;
  else if (threads.data.threads.length === 0) {
    body = <Text color="fg.muted">{unreadOnly ? 'No unread replies.' : 'No conversations yet. When an applicant replies to one of your messages, it shows here.'}</Text>;
  } else {
    body = (
      <>
        <Box as="ul" listStyleType="none" m="0" p="0" borderWidth="1px" borderRadius="xl" bg="bg" aria-label="Conversations">
          {threads.data.threads.map((thread) => (
            <ThreadRow key={thread.applicationId} thread={thread} />
          ))}
        </Box>
        <ListPager total={threads.data.total} page={page} pageSize={THREADS_PAGE_SIZE} onPage={(next) => go({ ...(unreadOnly && { unread: true }), page: next })} />
      </>
    );
  }

  const unread = threads.data?.unread ?? 0;
  return (
    <StudioPage
      title="Inbox"
      lead={unread > 0 ? `Applicants' replies to your messages. ${unread} unread.` : "Applicants' replies to your messages."}
      actions={
        <Checkbox.Root checked={unreadOnly} onCheckedChange={({ checked }) => go(checked === true ? { unread: true } : {})} mt="2">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Unread only</Checkbox.Label>
        </Checkbox.Root>
      }
    >
      {body}
    </StudioPage>
  );
}
