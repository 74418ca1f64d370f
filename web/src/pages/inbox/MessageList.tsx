import { Box, Button, HStack, Skeleton, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import type { InboxMessage } from '../../api/inbox';
import type { InboxListSearch } from './inbox-search';
import { formatDayMonthYear } from '../../ui/dates';

/** An empty inbox, or a search that finds nothing, says so (docs/inbox.md, "In the browser"). */
export const EMPTY_INBOX_TEXT = 'No new messages';

const PREVIEW_STYLE = {
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  px: '4',
  py: '3',
  borderRadius: 'lg',
  color: 'fg',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' },
  '&[aria-current="true"]': { bg: 'brand.subtle' },
} as const;

interface PreviewProps {
  message: InboxMessage;
  /** The list's own place in the address, which the message page keeps. */
  listSearch: InboxListSearch;
  selected: boolean;
  /** A plain click: the page decides where the message opens (beside the list, or on its own page). */
  onOpen: (event: MouseEvent<HTMLAnchorElement>, id: string) => void;
}

/** One message in the list: sender, date, subject and two rows of its text; an unread one is bold with a dot. */
function MessagePreview({ message, listSearch, selected, onOpen }: PreviewProps) {
  const id = message._id.value;
  const unread = !message.read;
  return (
    <Box asChild {...PREVIEW_STYLE}>
      <RouterLink to="/auth/message" search={{ ...listSearch, id }} aria-current={selected ? 'true' : undefined} onClick={(event) => onOpen(event, id)}>
        <HStack justify="space-between" gap="3">
          <HStack gap="2" minW="0">
            {unread ? <Box as="span" flexShrink={0} boxSize="2" rounded="full" bg="brand.solid" aria-hidden="true" /> : null}
            {unread ? <VisuallyHidden>Unread message from</VisuallyHidden> : null}
            <Text as="span" fontWeight={unread ? 'bold' : 'medium'} truncate>
              {message.fromName.value}
            </Text>
          </HStack>
          <Text as="span" fontSize="xs" color="fg.muted" flexShrink={0}>
            {formatDayMonthYear(message.sentDate.value)}
          </Text>
        </HStack>
        <Text as="span" fontWeight={unread ? 'bold' : 'normal'} truncate>
          {message.subject.value}
        </Text>
        <Text as="span" fontSize="sm" color="fg.muted" lineClamp={2}>
          {message.bodyAsText.value}
        </Text>
      </RouterLink>
    </Box>
  );
}

function ListSkeleton() {
  return (
    <Stack gap="4" p="4" aria-busy="true" aria-label="Loading messages">
      {Array.from({ length: 4 }, (_, index) => (
        <Stack key={index} gap="2">
          <Skeleton height="4" width="50%" />
          <Skeleton height="4" width="80%" />
          <Skeleton height="8" />
        </Stack>
      ))}
    </Stack>
  );
}

interface MessageListProps extends Omit<PreviewProps, 'message' | 'selected'> {
  /** Undefined while loading. */
  messages: InboxMessage[] | undefined;
  selectedId: string | undefined;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

/** The previews, newest first, and a button for the next 50 when there are more. */
export function MessageList({ messages, selectedId, hasMore, loadingMore, onLoadMore, ...preview }: MessageListProps) {
  if (!messages) return <ListSkeleton />;
  if (messages.length === 0) {
    return (
      <Text color="fg.muted" textAlign="center" py="10">
        {EMPTY_INBOX_TEXT}
      </Text>
    );
  }
  return (
    <Stack gap="2" p="2">
      <Stack as="ul" aria-label="Messages" listStyleType="none" gap="1" m="0" p="0">
        {messages.map((message) => (
          <li key={message._id.value}>
            <MessagePreview message={message} selected={message._id.value === selectedId} {...preview} />
          </li>
        ))}
      </Stack>
      {hasMore ? (
        <Button variant="ghost" colorPalette="brand" size="sm" alignSelf="center" loading={loadingMore} onClick={onLoadMore}>
          Show more messages
        </Button>
      ) : null}
    </Stack>
  );
}
