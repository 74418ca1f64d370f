import { Box, Button, Flex, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import type { ChatSummaryRow, ChatTurn } from '../../api/chat';
import type { ChatMessage, ChatView } from './chat-controller';
import type { ChatLink } from './chat-legal-links';

/** The form engine loads only when a question needs a field's own widget. */
const ChatFieldForm = lazy(() => import('./ChatFieldForm').then((module) => ({ default: module.ChatFieldForm })));

export function Avatar() {
  return (
    <Flex
      aria-hidden="true"
      flexShrink={0}
      w="8"
      h="8"
      borderRadius="full"
      bg="brand.solid"
      color="brand.contrast"
      align="center"
      justify="center"
      fontWeight="bold"
      fontSize="sm"
    >
      L
    </Flex>
  );
}

function Summary({ rows }: { rows: ChatSummaryRow[] }) {
  return (
    <Table.Root size="sm" mt="3" variant="outline" borderRadius="md" overflow="hidden" bg="bg">
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.answer_key}>
            <Table.Cell fontWeight="medium" color="fg.muted" w="40%">
              {row.label}
            </Table.Cell>
            <Table.Cell wordBreak="break-word">{row.value}</Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

const TONE_COLOR = { error: 'red.700', success: 'green.700' } as const;

/** What the person said, on the right. */
export function PersonBubble({ text }: { text: string }) {
  return (
    <Box alignSelf="flex-end" maxW="80%" bg="brand.solid" color="brand.contrast" borderRadius="2xl" borderBottomRightRadius="sm" px="4" py="2.5">
      <Text wordBreak="break-word">{text}</Text>
    </Box>
  );
}

/** What the assistant said, on the left with its avatar; `wide` for a table or a list under the words. */
export function AssistantBubble({ text, tone, hint, wide, children }: { text: string; tone?: ChatMessage['tone']; hint?: string | null; wide?: boolean; children?: ReactNode }) {
  return (
    <HStack align="flex-end" gap="2" maxW={wide ? 'full' : '85%'}>
      <Avatar />
      <Box bg="bg.muted" borderRadius="2xl" borderBottomLeftRadius="sm" px="4" py="2.5" minW="0" flex={wide ? '1' : undefined}>
        <Text color={tone ? TONE_COLOR[tone] : 'fg'} fontWeight={tone ? 'medium' : undefined}>
          {text}
        </Text>
        {hint ? (
          <Text fontSize="sm" color="fg.muted" mt="1">
            {hint}
          </Text>
        ) : null}
        {children}
      </Box>
    </HStack>
  );
}

/** The pages a question names, each in a new tab: the conversation stays open here. */
function QuestionLinks({ links }: { links: ChatLink[] }) {
  return (
    <Stack as="ul" listStyleType="none" gap="1.5" mt="2" ps="0" aria-label="Read before answering">
      {links.map((link) => (
        <li key={link.href}>
          <Link href={link.href} target="_blank" rel="noopener" colorPalette="brand" fontWeight="medium" textDecoration="underline" py="1" display="inline-block">
            {link.label}
            <Text as="span" srOnly>
              {' '}
              (opens in a new tab)
            </Text>
          </Link>
        </li>
      ))}
    </Stack>
  );
}

function Bubble({ message }: { message: ChatMessage }) {
  if (message.from === 'person') return <PersonBubble text={message.text} />;
  return (
    <AssistantBubble text={message.text} tone={message.tone} hint={message.hint} wide={Boolean(message.summary)}>
      {message.summary ? <Summary rows={message.summary} /> : null}
      {message.links ? <QuestionLinks links={message.links} /> : null}
    </AssistantBubble>
  );
}

/** The assistant is typing: three dots, announced once to screen readers. */
export function LoadingBubble() {
  return (
    <HStack align="flex-end" gap="2" role="status" aria-label="Lenny is typing">
      <Avatar />
      <HStack bg="bg.muted" borderRadius="2xl" borderBottomLeftRadius="sm" px="4" py="3.5" gap="1.5">
        {[0, 1, 2].map((dot) => (
          <Box
            key={dot}
            w="2"
            h="2"
            borderRadius="full"
            bg="fg.muted"
            animation="pulse"
            animationDuration="1s"
            animationDelay={`${dot * 0.15}s`}
          />
        ))}
      </HStack>
    </HStack>
  );
}

/** The messages, the loading bubble and the choices offered; keeps the newest in view. */
export function ChatConversation({ view, onAnswerWithValue }: { view: ChatView; onAnswerWithValue: (value: NonNullable<ChatTurn['value']>, shown: string) => void }) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'end' });
  }, [view.messages.length, view.loading, view.options.length]);

  return (
    <Box flex="1" overflowY="auto" px={{ base: '3', md: '6' }} py="5">
      <Stack gap="3" role="log" aria-live="polite" aria-label="Conversation with Lenny">
        {view.messages.map((message) => (
          <Bubble key={message.id} message={message} />
        ))}
        {view.loading ? <LoadingBubble /> : null}
      </Stack>
      {view.options.length && !view.loading ? (
        <Flex wrap="wrap" gap="2" mt="4" ps={{ base: '0', sm: '10' }} role="group" aria-label="Choices">
          {view.options.map((option) => (
            <Button key={option.label} variant={option.primary ? 'solid' : 'outline'} colorPalette="brand" size="sm" borderRadius="full" onClick={option.choose}>
              {option.label}
            </Button>
          ))}
        </Flex>
      ) : null}
      {view.question?.input.kind === 'form' && !view.loading ? (
        <Box ps={{ base: '0', sm: '10' }}>
          <Suspense fallback={null}>
            <ChatFieldForm key={view.question._id} question={view.question} onAnswer={onAnswerWithValue} />
          </Suspense>
        </Box>
      ) : null}
      <div ref={end} />
    </Box>
  );
}
