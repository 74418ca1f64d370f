import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { MESSAGES } from '@scholarmatch/schemas';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { failureText } from '../../api/api-error';
import type { InboxMessage } from '../../api/inbox';
import { replyToSupport, supportKeys, supportThreadKeys, supportThreadQueryOptions } from '../../api/support';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { ConversationThread } from '../conversation/ConversationThread';
import { RouteLoading } from '../misc/RouteLoading';

// The form engine downloads when an answer one may reply to is opened, not with the inbox.
const ReplyForm = lazy(() => import('../conversation/ReplyForm').then((module) => ({ default: module.ReplyForm })));

/** Whether the person may reply to this message: a support answer tied to their request (docs/support.md, "The thread"). */
export function isSupportAnswer(message: InboxMessage): message is InboxMessage & { supportRequestId: string } {
  return message.kind === 'support-answer' && Boolean(message.supportRequestId);
}

/**
 * Under a support answer: the request's thread (the request, every answer, the person's replies)
 * and the Reply box. A sent reply joins the thread at once and puts the request back with support.
 */
export function SupportConversation({ requestId }: { requestId: string }) {
  const queries = useQueryClient();
  const thread = useQuery(supportThreadQueryOptions(requestId));
  if (thread.error) return <NoticeBanner notice={{ status: 'error', text: failureText(thread.error) }} />;
  if (!thread.data) return <RouteLoading label="Loading the conversation" />;
  return (
    <Stack gap="5" borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '5', md: '8' }}>
      <ConversationThread conversation={thread.data} ownAuthor="person" headingAs="h2" heading="Your conversation with support" />
      <Box>
        <Heading as="h2" size="md" mb="1">
          Reply to ScholarMatch Support
        </Heading>
        <Text color="fg.muted" fontSize="sm" mb="3">
          Still need help? Your reply goes back to the support team. {MESSAGES.supportReplyTime}
        </Text>
        <Suspense fallback={<RouteLoading label="Loading the reply form" />}>
          <ReplyForm
            idPrefix="support-reply"
            submitLabel="Send reply"
            send={(answers) => replyToSupport(requestId, answers)}
            onSent={(updated) => {
              queries.setQueryData(supportThreadKeys.thread(requestId), updated);
              // The Support page's history shows the request waiting again.
              void queries.invalidateQueries({ queryKey: supportKeys.mine, exact: true });
            }}
          />
        </Suspense>
      </Box>
    </Stack>
  );
}
