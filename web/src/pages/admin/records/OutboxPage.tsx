import { Box, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { outboxQueryOptions, type OutboxMessage } from '../../../api/console';
import { useDocumentTitle } from '../../../ui/document-title';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure, StudioPage } from '../../provider/StudioPage';
import { OUTBOX_LIMIT, outboxQueryOf, type OutboxSearch } from './records-search';

const SEARCH_DEBOUNCE_MS = 300;

export const when = (at: string) => new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A search box that applies after a pause in typing. */
export function useDebouncedText(value: string | undefined, apply: (text: string | undefined) => void): [string, (text: string) => void] {
  const [text, setText] = useState(value ?? '');
  const latest = useRef({ value, apply });
  latest.current = { value, apply };
  useEffect(() => {
    if (text.trim() === (latest.current.value ?? '')) return undefined;
    const timer = setTimeout(() => latest.current.apply(text.trim() || undefined), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return [text, setText];
}

function MessageRow({ message }: { message: OutboxMessage }) {
  const at = String(message.createdAt);
  return (
    <Box as="li" px={{ base: '3', md: '5' }} py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <details>
        <Box as="summary" cursor="pointer" listStyleType="none">
          <Stack gap="0.5" display="inline-flex" verticalAlign="top" maxW="full">
            <Text fontWeight="semibold" wordBreak="break-word">
              {message.subject}
            </Text>
            <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
              to {message.to}
              {message.fromName ? ` · from ${message.fromName}` : ''} · <time dateTime={at}>{when(at)}</time>
            </Text>
          </Stack>
        </Box>
        <Box as="pre" mt="2" p="3" bg="bg.muted" borderRadius="md" fontSize="sm" whiteSpace="pre-wrap" wordBreak="break-word">
          {message.text}
        </Box>
      </details>
    </Box>
  );
}

/**
 * /admin/outbox (docs/console.md, "Mail outbox page"): the e-mails stored instead of sent, newest
 * first, searched by address or subject; a message opens to its text.
 */
export function OutboxPage() {
  useDocumentTitle('Mail outbox · ScholarMatch staff');
  const search = useSearch({ strict: false }) as OutboxSearch;
  const navigate = useNavigate();
  const messages = useQuery(outboxQueryOptions(outboxQueryOf(search)));
  const [text, setText] = useDebouncedText(search.q, (q) => void navigate({ to: '/admin/outbox', search: q ? { q } : {} }));

  let body;
  if (messages.error) body = <LoadFailure error={messages.error} onRetry={() => void messages.refetch()} />;
  else if (!messages.data) body = <RouteLoading label="Loading the outbox" />;
  else if (messages.data.length === 0) body = <Text color="fg.muted">No e-mails match.</Text>;
  else {
    body = (
      <>
        <Box as="ul" listStyleType="none" m="0" p="0" borderWidth="1px" borderRadius="xl" bg="bg" aria-label="E-mails">
          {messages.data.map((message) => (
            <MessageRow key={message.id} message={message} />
          ))}
        </Box>
        {messages.data.length === OUTBOX_LIMIT ? (
          <Text mt="3" fontSize="sm" color="fg.muted">
            The newest {OUTBOX_LIMIT} are shown: narrow the search to find older ones.
          </Text>
        ) : null}
      </>
    );
  }
  return (
    <StudioPage title="Mail outbox" lead="E-mails stored instead of sent (no SMTP server is configured). They hold reset codes and invitation links: share none.">
      <Field.Root mb="4">
        <Field.Label fontSize="sm">Search</Field.Label>
        <Input size="sm" type="search" value={text} maxLength={200} placeholder="Address or subject" onChange={(event) => setText(event.target.value)} />
      </Field.Root>
      {body}
    </StudioPage>
  );
}
