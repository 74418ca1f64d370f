import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '@scholarmatch/schemas';
import type { SupportRequestDetail } from '../../../api/support-queue';
import { ServerHtml } from '../../../forms/ServerHtml';

/** One entry of the console's thread: the request, an answer, a reply, or an internal note. */
type Entry =
  | { kind: 'request'; id: string; at: string; who: string; text: string; extra: [string, unknown][] }
  | { kind: 'answer' | 'reply'; id: string; at: string; who: string; html: string }
  | { kind: 'note'; id: string; at: string; who: string; text: string };

/** How each kind of entry looks and is named: staff answers tinted, notes dashed and labelled as never sent. */
const LOOK: Record<Entry['kind'], { label: string; palette: string; bg: string; border: string; borderStyle: string; own: boolean }> = {
  request: { label: 'Request', palette: 'gray', bg: 'bg', border: 'border', borderStyle: 'solid', own: false },
  reply: { label: 'Reply', palette: 'orange', bg: 'bg', border: 'border', borderStyle: 'solid', own: false },
  answer: { label: 'Answer sent', palette: 'blue', bg: 'brand.subtle', border: 'brand.muted', borderStyle: 'solid', own: true },
  note: { label: 'Internal note (never sent)', palette: 'yellow', bg: 'yellow.subtle', border: 'yellow.emphasized', borderStyle: 'dashed', own: true },
};

/** The request, its answers, the person's replies and the staff's notes, in the order they happened. */
export function threadEntries(detail: SupportRequestDetail): Entry[] {
  const { request, messages, notes } = detail;
  const entries: Entry[] = [
    { kind: 'request', id: request.id, at: request.createdAt, who: request.name, text: request.description, extra: Object.entries(request.answers ?? {}) },
    ...messages.map((message): Entry => ({
      kind: message.author === 'staff' ? 'answer' : 'reply',
      id: message.id,
      at: message.createdAt,
      who: message.authorName ?? (message.author === 'staff' ? 'Staff' : request.name),
      html: message.bodyHtml,
    })),
    ...notes.map((note): Entry => ({ kind: 'note', id: note.id, at: note.createdAt, who: note.authorName ?? 'Someone', text: note.text })),
  ];
  // The request comes first whatever the clocks say; the rest by time (a stable sort keeps equal times in their order).
  return [entries[0], ...entries.slice(1).sort((a, b) => Date.parse(a.at) - Date.parse(b.at))];
}

function EntryBody({ entry }: { entry: Entry }) {
  if ('html' in entry) return <ServerHtml html={entry.html} />;
  if (entry.kind === 'note') {
    return (
      <Text whiteSpace="pre-wrap" wordBreak="break-word">
        {entry.text}
      </Text>
    );
  }
  return (
    <>
      <Text whiteSpace="pre-wrap" wordBreak="break-word">
        {entry.text}
      </Text>
      {entry.extra.length ? (
        <Stack gap="1" mt="2">
          {entry.extra.map(([key, value]) => (
            <Text key={key} fontSize="sm">
              <Text as="span" color="fg.muted">{key}:</Text> {String(value)}
            </Text>
          ))}
        </Stack>
      ) : null}
    </>
  );
}

/**
 * The request's whole thread (docs/console.md, "Support queue"), oldest first: the person's side at
 * the start of the line, the staff's at the end, and internal notes dashed and yellow, never sent.
 */
export function SupportThread({ detail }: { detail: SupportRequestDetail }) {
  return (
    <Stack as="ol" aria-label="Conversation" listStyleType="none" m="0" p="0" gap="3">
      {threadEntries(detail).map((entry) => {
        const look = LOOK[entry.kind];
        const when = formatDate(entry.at, 'shortTime');
        return (
          <Box
            as="li"
            key={`${entry.kind}-${entry.id}`}
            alignSelf={look.own ? 'flex-end' : 'flex-start'}
            w={{ base: 'full', md: '88%' }}
            bg={look.bg}
            borderWidth="1px"
            borderStyle={look.borderStyle}
            borderColor={look.border}
            borderRadius="lg"
            px="4"
            py="3"
          >
            <Stack as="article" gap="2" aria-label={`${look.label}: ${entry.who}, ${when}`}>
              <HStack justify="space-between" gap="2" wrap="wrap" fontSize="sm">
                <HStack gap="2" wrap="wrap">
                  <Badge colorPalette={look.palette} variant={entry.kind === 'note' ? 'solid' : 'subtle'}>
                    {look.label}
                  </Badge>
                  <Text fontWeight="semibold">{entry.who}</Text>
                </HStack>
                <Text color="fg.muted">
                  <time dateTime={entry.at}>{when}</time>
                </Text>
              </HStack>
              <EntryBody entry={entry} />
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
