import { Button, Container, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { failureText } from '../../api/api-error';
import { assistanceQuestionsQueryOptions, type AssistanceQuestion } from '../../api/assistance';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { useSubscribed } from '../../session/session-store';
import { useMembershipPrompt } from '../scholarships/membership-gate';
import { EMPTY_LIST_TEXT } from '../scholarships/ScholarshipGrid';
import type { ChosenQuestion } from './assistance-state';

function QuestionCard({ question, onSeeAnswer }: { question: AssistanceQuestion; onSeeAnswer: () => void }) {
  return (
    <Stack as="article" gap="4" justify="space-between" borderWidth="1px" borderRadius="xl" bg="bg" p="5" shadow="xs">
      <Text fontWeight="semibold">{question.question}</Text>
      <Button variant="outline" colorPalette="brand" size="sm" alignSelf="flex-start" onClick={onSeeAnswer}>
        See answer
      </Button>
    </Stack>
  );
}

function QuestionGrid({ questions, onSeeAnswer }: { questions: AssistanceQuestion[] | undefined; onSeeAnswer: (question: AssistanceQuestion) => void }) {
  if (questions?.length === 0) {
    return (
      <Text color="fg.muted" textAlign="center" py="10" borderWidth="1px" borderStyle="dashed" borderRadius="xl" bg="bg">
        {EMPTY_LIST_TEXT}
      </Text>
    );
  }
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4" aria-busy={!questions}>
      {questions
        ? questions.map((question) => <QuestionCard key={question.id} question={question} onSeeAnswer={() => onSeeAnswer(question)} />)
        : Array.from({ length: 6 }, (_, index) => <Skeleton key={index} height="32" borderRadius="xl" />)}
    </SimpleGrid>
  );
}

/**
 * /auth/dashboard/assistance: the common questions, each with 'See answer' (as in the original product).
 * Answers are for members: they open the answer page with the question in navigation state; other
 * people meet the membership prompt.
 */
export function AssistancePage() {
  const questions = useQuery(assistanceQuestionsQueryOptions);
  const subscribed = useSubscribed();
  const promptMembership = useMembershipPrompt();
  const navigate = useNavigate();
  const seeAnswer = (question: ChosenQuestion) => {
    if (subscribed) void navigate({ to: '/auth/dashboard/assistanceChat', state: { assistanceQuestion: question } });
    else promptMembership();
  };
  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            Assistance
          </Heading>
          <Text color="fg.muted">Answers to the questions students ask most about scholarships and applying.</Text>
        </Stack>
        {questions.error ? (
          <NoticeBanner notice={{ status: 'error', text: failureText(questions.error) }} />
        ) : (
          <QuestionGrid questions={questions.data} onSeeAnswer={seeAnswer} />
        )}
      </Stack>
    </Container>
  );
}
