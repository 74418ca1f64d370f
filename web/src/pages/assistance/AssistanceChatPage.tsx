import { Box, Button, Container, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { failureText, isSubscriptionRequired } from '../../api/api-error';
import { assistanceAnswerQueryOptions } from '../../api/assistance';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { ServerHtml } from '../../forms/ServerHtml';
import { usePromptOnSubscriptionRequired } from '../scholarships/membership-gate';
import type { ChosenQuestion } from './assistance-state';

/** One message of the conversation: the applicant's question on the right, the answer on the left. */
function Bubble({ from, children }: { from: 'applicant' | 'assistant'; children: ReactNode }) {
  const mine = from === 'applicant';
  return (
    <Box
      alignSelf={mine ? 'flex-end' : 'flex-start'}
      maxW={{ base: 'full', md: '85%' }}
      borderRadius="2xl"
      px="5"
      py="4"
      bg={mine ? 'brand.solid' : 'bg'}
      color={mine ? 'brand.contrast' : 'fg'}
      borderWidth={mine ? '0' : '1px'}
    >
      {children}
    </Box>
  );
}

function BackToQuestions() {
  return (
    <Button asChild variant="outline" alignSelf="flex-start">
      <RouterLink to="/auth/dashboard/assistance">All questions</RouterLink>
    </Button>
  );
}

function Answer({ question }: { question: ChosenQuestion }) {
  const answer = useQuery(assistanceAnswerQueryOptions(question.id));
  // A non-member who reached this page (an old tab, a shared link) meets the membership prompt.
  usePromptOnSubscriptionRequired(answer.error);
  if (answer.error) {
    return isSubscriptionRequired(answer.error) ? (
      <Text color="fg.muted">{answer.error.message}</Text>
    ) : (
      <Stack gap="3" align="flex-start">
        <NoticeBanner notice={{ status: 'error', text: failureText(answer.error) }} />
        <Button variant="outline" onClick={() => void answer.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  return (
    <Bubble from="assistant">
      {answer.data ? <ServerHtml html={answer.data.answer} /> : <Skeleton role="status" aria-busy="true" height="24" width="md" maxW="full" aria-label="Loading the answer" />}
    </Bubble>
  );
}

/**
 * /auth/dashboard/assistanceChat: the question chosen on the assistance page (carried in navigation
 * state) and its answer. Opened without one (a reload in another tab, a typed address), it leads
 * back to the questions.
 */
export function AssistanceChatPage() {
  const question = useLocation({ select: (location) => location.state.assistanceQuestion });
  return (
    <Container maxW="4xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <HStack justify="space-between" gap="3" flexWrap="wrap">
          <Heading as="h1" size="2xl">
            Assistance
          </Heading>
          <BackToQuestions />
        </HStack>
        {question ? (
          <Stack gap="4" aria-live="polite">
            <Bubble from="applicant">
              <Text fontWeight="medium">{question.question}</Text>
            </Bubble>
            <Answer question={question} />
          </Stack>
        ) : (
          <Text color="fg.muted" fontSize="lg">
            Choose a question on the assistance page to see its answer.
          </Text>
        )}
      </Stack>
    </Container>
  );
}
