import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { answerInStudio, conversationKeys, studioConversationQueryOptions, type Conversation } from '../../../api/conversations';
import { ConversationThread } from '../../conversation/ConversationThread';
import { isNotFound, NotFoundContent } from '../../misc/NotFoundPage';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure, StudioPage } from '../StudioPage';

// The form engine downloads with the thread, not with the studio's other pages.
const ReplyForm = lazy(() => import('../../conversation/ReplyForm').then((module) => ({ default: module.ReplyForm })));

/**
 * Once the conversation is read (the server marked its replies read), the sidebar's count and the
 * list are asked again: they changed on the server, not here.
 */
function useRecountWhenRead(conversation: Conversation | undefined) {
  const queries = useQueryClient();
  const loadedAt = conversation ? conversation.messages.length : -1;
  useEffect(() => {
    if (loadedAt < 0) return;
    void queries.invalidateQueries({ queryKey: conversationKeys.studioUnread });
    void queries.invalidateQueries({ queryKey: ['studio-inbox', 'threads'] });
  }, [loadedAt, queries]);
}

function BackToInbox() {
  return (
    <Button asChild variant="ghost" colorPalette="brand" size="sm" alignSelf="flex-start" mb="3">
      <RouterLink to="/app/inbox">← Back to Inbox</RouterLink>
    </Button>
  );
}

/**
 * /app/inbox/$applicationId (docs/inbox.md, "In the browser"): one application's conversation,
 * oldest first, and the answer box; opening it marks the applicant's replies read.
 */
export function StudioThreadPage() {
  const { applicationId } = useParams({ strict: false }) as { applicationId: string };
  const queries = useQueryClient();
  const conversation = useQuery(studioConversationQueryOptions(applicationId));
  useRecountWhenRead(conversation.data);

  if (isNotFound(conversation.error)) {
    return (
      <StudioPage title="Inbox">
        <BackToInbox />
        <NotFoundContent title="We could not find that conversation" text={conversation.error?.message} />
      </StudioPage>
    );
  }
  if (conversation.error) {
    return (
      <StudioPage title="Inbox">
        <LoadFailure error={conversation.error} onRetry={() => void conversation.refetch()} />
      </StudioPage>
    );
  }
  if (!conversation.data) return <RouteLoading label="Loading the conversation" />;
  const data = conversation.data;
  return (
    <StudioPage title={data.applicant} lead={`${data.scholarshipTitle} · application ${data.reference}`} maxW="4xl"
      actions={
        <Button asChild variant="outline" size="sm">
          <RouterLink to="/app/scholarships/$id/applicants/$applicationId" params={{ id: data.scholarshipId, applicationId: data.applicationId }}>
            Open the submission
          </RouterLink>
        </Button>
      }
    >
      <Stack gap="6">
        <BackToInbox />
        <ConversationThread conversation={data} ownAuthor="provider" headingAs="h2" heading="Conversation" />
        <Box borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '4', md: '6' }}>
          <Heading as="h2" size="md" mb="1">
            Answer {data.applicant}
          </Heading>
          <Text color="fg.muted" fontSize="sm" mb="3">
            It reaches their inbox and their e-mail, from {data.organisation}.
          </Text>
          <Suspense fallback={<RouteLoading label="Loading the answer form" />}>
            <ReplyForm
              idPrefix="answer"
              submitLabel="Send answer"
              send={(answers) => answerInStudio(applicationId, answers)}
              onSent={(updated) => {
                queries.setQueryData(conversationKeys.studioConversation(applicationId), updated);
                void queries.invalidateQueries({ queryKey: ['studio-inbox', 'threads'] });
              }}
            />
          </Suspense>
        </Box>
      </Stack>
    </StudioPage>
  );
}
