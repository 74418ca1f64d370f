import { Box, Heading, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useId } from 'react';
import type { InboxMessage } from '../../api/inbox';
import { formatDayMonthYear } from '../../ui/dates';
import { ServerHtml } from '../../forms/ServerHtml';
import { isAnswerable, MessageConversation } from './MessageConversation';
import { isSupportAnswer, SupportConversation } from './SupportConversation';

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
      <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
    </svg>
  );
}

/** An arrow to a neighbouring message: the same page with that message's id (replacing the address, so Back leaves the inbox). */
function StepLink({ to, label, direction }: { to: InboxMessage | undefined; label: string; direction: 'left' | 'right' }) {
  if (!to) {
    return (
      <IconButton aria-label={label} variant="outline" size="sm" rounded="full" disabled>
        <Chevron direction={direction} />
      </IconButton>
    );
  }
  return (
    <IconButton asChild aria-label={label} variant="outline" size="sm" rounded="full">
      <RouterLink to="." search={(previous: Record<string, unknown>) => ({ ...previous, id: to._id.value })} replace>
        <Chevron direction={direction} />
      </RouterLink>
    </IconButton>
  );
}

interface MessageViewProps {
  message: InboxMessage;
  previous?: InboxMessage;
  next?: InboxMessage;
  /** h1 on the message page, h2 beside the list. */
  titleAs: 'h1' | 'h2';
}

/**
 * One message (docs/inbox.md, "In the browser"): subject, sender, sent date, sender e-mail, the
 * sanitised body and the arrows; under a provider's message, its conversation and the Reply box;
 * under a support answer, the request's thread and the Reply box.
 */
export function MessageView(props: MessageViewProps) {
  return (
    <Stack gap="4">
      <MessageCard {...props} />
      {isAnswerable(props.message) ? <MessageConversation key={props.message._id.value} message={props.message} /> : null}
      {isSupportAnswer(props.message) ? <SupportConversation key={props.message._id.value} requestId={props.message.supportRequestId} /> : null}
    </Stack>
  );
}

function MessageCard({ message, previous, next, titleAs }: MessageViewProps) {
  const subjectId = useId();
  const html = message.bodyAsHtml.value.trim();
  return (
    <Stack as="article" aria-labelledby={subjectId} gap="5" borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '5', md: '8' }}>
      <HStack justify="space-between" align="flex-start" gap="4">
        <Heading as={titleAs} id={subjectId} size="xl" lineHeight="short">
          {message.subject.value}
        </Heading>
        <HStack gap="2" flexShrink={0}>
          <StepLink to={previous} label="Previous message" direction="left" />
          <StepLink to={next} label="Next message" direction="right" />
        </HStack>
      </HStack>
      <Box as="dl" display="grid" gridTemplateColumns="auto 1fr" columnGap="3" rowGap="1" fontSize="sm">
        <Text as="dt" color="fg.muted">From</Text>
        <Text as="dd" fontWeight="semibold">{message.fromName.value}</Text>
        <Text as="dt" color="fg.muted">E-mail</Text>
        <Text as="dd" wordBreak="break-all">{message.fromEmail.value}</Text>
        <Text as="dt" color="fg.muted">Sent</Text>
        <Text as="dd">
          <time dateTime={message.sentDate.value}>{formatDayMonthYear(message.sentDate.value)}</time>
        </Text>
      </Box>
      {html ? <ServerHtml html={html} /> : <Text whiteSpace="pre-wrap">{message.bodyAsText.value}</Text>}
    </Stack>
  );
}
