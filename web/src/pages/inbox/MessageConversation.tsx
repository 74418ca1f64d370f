import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { failureText } from '../../api/api-error';
import { conversationKeys, messageConversationQueryOptions, replyToMessage } from '../../api/conversations';
import type { InboxMessage } from '../../api/inbox';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { ConversationThread } from '../conversation/ConversationThread';
import { RouteLoading } from '../misc/RouteLoading';

// The form engine downloads when a message one may answer is opened, not with the inbox.
const ReplyForm = lazy(() => import('../conversation/ReplyForm').then((module) => ({ default: module.ReplyForm })));

/** Whether the applicant may answer this message: a provider's message tied to an application (docs/inbox.md, "Conversations"). */
export function isAnswerable(message: InboxMessage): boolean {
  return message.kind === 'provider' && Boolean(message.applicationId);
}

/**
 * Under a provider's message: the conversation it belongs to (when there is more than this message)
 * and the Reply box. A sent reply joins the thread at once: the answer is the conversation.
 */
export function MessageConversation({ message }: { message: InboxMessage }) {
  const messageId = message._id.value;
  const queries = useQueryClient();
  const conversation = useQuery(messageConversationQueryOptions(messageId));
  if (conversation.error) return <NoticeBanner notice={{ status: 'error', text: failureText(conversation.error) }} />;
  if (!conversation.data) return <RouteLoading label="Loading the conversation" />;
  const { organisation, messages } = conversation.data;
  return (
    <Stack gap="5" borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '5', md: '8' }}>
      {messages.length > 1 ? <ConversationThread conversation={conversation.data} ownAuthor="applicant" headingAs="h2" heading="Conversation" /> : null}
      <Box>
        <Heading as="h2" size="md" mb="1">
          Reply to {organisation}
        </Heading>
        <Text color="fg.muted" fontSize="sm" mb="3">
          {organisation} reads it in their inbox and answers here.
        </Text>
        <Suspense fallback={<RouteLoading label="Loading the reply form" />}>
          <ReplyForm
            idPrefix="reply"
            submitLabel="Send reply"
            send={(answers) => replyToMessage(messageId, answers)}
            onSent={(updated) => queries.setQueryData(conversationKeys.ofMessage(messageId), updated)}
          />
        </Suspense>
      </Box>
    </Stack>
  );
}
