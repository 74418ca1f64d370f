import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '@scholarmatch/schemas';
import type { ConversationMessage } from '../../api/conversations';

/** What a thread shows of a message: an application's conversation and a support thread both have it. */
type ThreadItem = Pick<ConversationMessage, 'id' | 'fromName' | 'bodyHtml' | 'bodyText' | 'sentAt'> & { author: string };
import { ServerHtml } from '../../forms/ServerHtml';

/** `sentAt` as "25 November, 2026, 14:05" in the reader's time zone: a conversation moves within a day. */
function sentText(sentAt: string): string {
  return formatDate(sentAt, 'longTime');
}

/** One message of the conversation: who wrote it, when, and its sanitised body. `ownSide` is tinted and set to the end. */
function ThreadMessage({ message, ownSide }: { message: ThreadItem; ownSide: boolean }) {
  const html = message.bodyHtml.trim();
  return (
    <Box
      as="li"
      alignSelf={ownSide ? 'flex-end' : 'flex-start'}
      w={{ base: 'full', md: '85%' }}
      borderWidth="1px"
      borderRadius="lg"
      bg={ownSide ? 'brand.subtle' : 'bg'}
      p="4"
    >
      <Stack as="article" gap="2" aria-label={`${message.fromName}, ${sentText(message.sentAt)}`}>
        <HStack justify="space-between" gap="3" wrap="wrap" fontSize="sm">
          <Text fontWeight="semibold">{message.fromName}</Text>
          <Text color="fg.muted">
            <time dateTime={message.sentAt}>{sentText(message.sentAt)}</time>
          </Text>
        </HStack>
        {html ? <ServerHtml html={html} /> : <Text whiteSpace="pre-wrap">{message.bodyText}</Text>}
      </Stack>
    </Box>
  );
}

interface ConversationThreadProps {
  conversation: { messages: ThreadItem[] };
  /** Whose messages are "ours" (tinted, at the end): the applicant's (or the person's, on a support thread) in the inbox, the provider's in the studio. */
  ownAuthor: string;
  headingAs: 'h1' | 'h2' | 'h3';
  heading: string;
}

/** The messages of one application's conversation (docs/inbox.md, "Conversations") or of a support thread, oldest first. */
export function ConversationThread({ conversation, ownAuthor, headingAs, heading }: ConversationThreadProps) {
  return (
    <Stack as="section" aria-label={heading} gap="3">
      <Heading as={headingAs} size={headingAs === 'h1' ? 'xl' : 'md'}>
        {heading}
      </Heading>
      {conversation.messages.length === 0 ? <Text color="fg.muted">No messages yet.</Text> : null}
      <Stack as="ol" listStyleType="none" m="0" p="0" gap="3">
        {conversation.messages.map((message) => (
          <ThreadMessage key={message.id} message={message} ownSide={message.author === ownAuthor} />
        ))}
      </Stack>
    </Stack>
  );
}
