import { Box, Container, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { startSession } from '../../api/accounts';
import { leavePage } from '../../ui/leave-page';
import { toaster, Toaster } from '../../ui/toaster';
import { fetchChatQuestions, sendChatTurn, type ChatFlow } from '../../api/chat';
import { googleSignInUrl, socialProvidersQueryOptions } from '../../api/social';
import type { StoredSession } from '../../session/session-store';
import { LoginModalHost, useOpenLogin } from '../landing/LoginModalHost';
import { pathAfterSignIn } from '../membership/plan-choice';
import { AssistantHeader } from './AssistantHeader';
import { ChatComposer } from './ChatComposer';
import { ChatController, type ChatEnvironment } from './chat-controller';
import { ChatConversation } from './ChatConversation';
import type { ChatbotSearch } from './chatbot-search';
import { loadingPause } from './loading-pause';

function CloseIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M6 6l12 12M18 6 6 18" />
    </svg>
  );
}

/** Where a person goes once the chat has signed them in: a new account to its first profile step. */
function destinationAfter(session: StoredSession, flow: ChatFlow) {
  if (flow === 'signUp') return session.user.isProfileUpdate ? '/auth/dashboard' : '/auth/userdetails';
  return pathAfterSignIn();
}

function Chat({ start }: { start?: ChatFlow }) {
  const navigate = useNavigate();
  const openLogin = useOpenLogin();
  // The conversation starts once the server has said which social sign-ins it offers.
  const providers = useQuery(socialProvidersQueryOptions);
  const google = useRef(false);
  google.current = providers.data?.google === true;
  const settled = !providers.isPending;
  const controller = useMemo(() => {
    const env: ChatEnvironment = {
      questions: fetchChatQuestions,
      turn: sendChatTurn,
      pause: loadingPause,
      signedIn: (session, flow, afterMs) => {
        startSession(session);
        setTimeout(() => void navigate({ to: destinationAfter(session, flow) }), afterMs);
      },
      manualLogin: openLogin,
      manualSignUp: () => void navigate({ to: '/signup' }),
      notify: (text) => toaster.create({ type: 'success', title: text }),
      social: {
        offered: () => google.current,
        start: async () => leavePage.to(await googleSignInUrl()),
      },
    };
    return new ChatController(env);
  }, [navigate, openLogin]);
  const view = useSyncExternalStore(controller.subscribe, controller.snapshot);
  useEffect(() => {
    if (settled) controller.start(start);
  }, [controller, start, settled]);

  return (
    <Box
      borderWidth={{ base: '0', md: '1px' }}
      borderRadius={{ base: '0', md: '2xl' }}
      bg="bg"
      boxShadow={{ base: 'none', md: 'sm' }}
      display="flex"
      flexDirection="column"
      h={{ base: 'calc(100dvh - 4rem)', md: 'min(760px, calc(100dvh - 8rem))' }}
      overflow="hidden"
    >
      <HStack justify="space-between" px={{ base: '4', md: '6' }} py="3" borderBottomWidth="1px">
        <Stack gap="0">
          <Text as="h1" fontWeight="semibold" fontSize="lg">
            Lenny
          </Text>
          <Text fontSize="sm" color="fg.muted">
            Your scholarship assistant
          </Text>
        </Stack>
        <IconButton aria-label="Close the chat and start again" variant="ghost" size="sm" onClick={() => controller.start()}>
          <CloseIcon />
        </IconButton>
      </HStack>
      <ChatConversation view={view} onAnswerWithValue={(value, shown) => controller.answerWithValue(value, shown)} />
      <ChatComposer view={view} onSend={(text) => controller.send(text)} />
    </Box>
  );
}

/**
 * /chatbot (docs/chat.md, "In the browser"): sign up or log in by answering the assistant's
 * questions, which the server makes from its served forms. `?start=login` or `?start=signUp`
 * (the top bar's Login and Sign UP) skips the first choice.
 */
export function ChatbotPage() {
  const search: ChatbotSearch = useSearch({ strict: false });
  return (
    <LoginModalHost>
      <Box minH="100dvh" bg="bg.subtle">
        <AssistantHeader action="signUpManually" />
        <Container as="main" maxW="3xl" px={{ base: "0", md: "6" }} py={{ base: "0", md: "8" }}>
          <Chat start={search.start} />
        </Container>
        <Toaster />
      </Box>
    </LoginModalHost>
  );
}
