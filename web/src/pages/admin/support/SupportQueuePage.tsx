import { Badge, Box, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { QUEUE_PAGE_SIZE, supportQueueQueryOptions, type QueueItem } from '../../../api/support-queue';
import { useDocumentTitle } from '../../../ui/document-title';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure, StudioPage } from '../../provider/StudioPage';
import { ListPager } from '../../../ui/ListPager';
import { Choice } from '../shell/list-controls';
import { queueQueryOf, type QueueSearch } from './queue-search';
import { ageText, KIND_WORDS, replyDue, STATUS_WORDS } from './support-words';

const SEARCH_DEBOUNCE_MS = 300;

/** The search waits for a pause in typing; the choices apply at once. Either starts again at the first page. */
function QueueFilters({ search, onChange }: { search: QueueSearch; onChange: (next: QueueSearch) => void }) {
  const [text, setText] = useState(search.q ?? '');
  const latest = useRef({ search, onChange });
  latest.current = { search, onChange };
  useEffect(() => {
    if (text.trim() === (latest.current.search.q ?? '')) return undefined;
    const timer = setTimeout(() => latest.current.onChange({ ...latest.current.search, q: text.trim() || undefined, page: undefined }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const change = (patch: QueueSearch) => onChange({ ...search, ...patch, page: undefined });
  return (
    <HStack gap="3" align="flex-end" flexWrap="wrap" mb="4">
      <Field.Root flex="1" minW={{ base: 'full', sm: '56' }}>
        <Field.Label fontSize="sm">Search</Field.Label>
        <Input size="sm" type="search" value={text} maxLength={200} placeholder="Name, e-mail or text" onChange={(event) => setText(event.target.value)} />
      </Field.Root>
      <Choice
        label="Status"
        value={search.status ?? 'open'}
        options={[['open', 'Open'], ['answered', 'Answered'], ['solved', 'Solved'], ['all', 'All statuses']]}
        onChange={(value) => change({ status: value === 'open' ? undefined : (value as QueueSearch['status']) })}
      />
      <Choice
        label="Kind"
        value={search.kind ?? ''}
        options={[['', 'All kinds'], ['support', 'Support requests'], ['contact', 'Contact messages']]}
        onChange={(value) => change({ kind: (value || undefined) as QueueSearch['kind'] })}
      />
      <Choice
        label="Age"
        value={String(search.older ?? '')}
        options={[['', 'Any age'], ['24', 'Older than 24 hours'], ['48', 'Older than 2 days'], ['168', 'Older than 7 days']]}
        onChange={(value) => change({ older: value ? Number(value) : undefined })}
      />
      <Choice
        label="Order"
        value={search.sort ?? 'waiting'}
        options={[['waiting', 'Oldest waiting first'], ['newest', 'Newest first']]}
        onChange={(value) => change({ sort: value === 'newest' ? 'newest' : undefined })}
      />
    </HStack>
  );
}

function QueueRow({ request }: { request: QueueItem }) {
  const status = STATUS_WORDS[request.status];
  // The promise counts from the request, or from the person's reply that reopened it.
  const due = replyDue(request.waitingSince, request.status);
  const replied = Date.parse(request.waitingSince) - Date.parse(request.createdAt) > 1000;
  const title = request.query ?? request.description;
  return (
    <Box as="li" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <RouterLink to="/admin/support/$id" params={{ id: request.id }}>
        <Stack gap="1" px={{ base: '3', md: '5' }} py="3" _hover={{ bg: 'bg.muted' }}>
          <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
            <Text fontWeight="semibold" lineClamp={2} wordBreak="break-word" minW="0" flex="1" flexBasis={{ base: 'full', sm: '0' }}>
              {title}
            </Text>
            <HStack gap="2" flexShrink={0}>
              {due ? (
                <Badge colorPalette={due.late ? 'red' : 'gray'} variant={due.late ? 'solid' : 'subtle'}>
                  {due.text}
                </Badge>
              ) : null}
              <Badge colorPalette={status.palette}>{status.label}</Badge>
            </HStack>
          </HStack>
          <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
            {request.name} · {request.email}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {KIND_WORDS[request.kind] ?? request.kind} · sent <time dateTime={request.createdAt}>{ageText(request.createdAt)}</time>
            {replied ? (
              <>
                {' '}· replied <time dateTime={request.waitingSince}>{ageText(request.waitingSince)}</time>
              </>
            ) : null}
            {request.assigneeName ? ` · assigned to ${request.assigneeName}` : ' · unassigned'}
          </Text>
        </Stack>
      </RouterLink>
    </Box>
  );
}

/**
 * /admin/support (docs/console.md, "Support queue"): support requests and contact messages, the
 * open ones by default, the oldest waiting first, with how many open ones are past the promised
 * 24 hours. Filters, search and page are in the address.
 */
export function SupportQueuePage() {
  useDocumentTitle('Support queue · ScholarMatch staff');
  const search = useSearch({ strict: false }) as QueueSearch;
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const queue = useQuery(supportQueueQueryOptions(queueQueryOf(search)));
  const go = (next: QueueSearch) => void navigate({ to: '/admin/support', search: next });

  let body;
  if (queue.error) body = <LoadFailure error={queue.error} onRetry={() => void queue.refetch()} />;
  else if (!queue.data) body = <RouteLoading label="Loading the support queue" />;
  else if (queue.data.rows.length === 0) body = <Text color="fg.muted">No requests match these filters.</Text>;
  else {
    body = (
      <>
        <Box as="ul" listStyleType="none" m="0" p="0" borderWidth="1px" borderRadius="xl" bg="bg" aria-label="Support requests">
          {queue.data.rows.map((request) => (
            <QueueRow key={request.id} request={request} />
          ))}
        </Box>
        <ListPager total={queue.data.meta.total} page={page} pageSize={QUEUE_PAGE_SIZE} onPage={(next) => go({ ...search, page: next > 1 ? next : undefined })} />
      </>
    );
  }

  const overdue = queue.data?.meta.overdue ?? 0;
  return (
    <StudioPage
      title="Support queue"
      lead="Support requests and contact messages. We promise people a reply within about 24 hours."
      actions={
        queue.data ? (
          <Badge size="lg" colorPalette={overdue > 0 ? 'red' : 'green'} variant={overdue > 0 ? 'solid' : 'subtle'} aria-live="polite">
            {overdue === 0 ? 'No open request past 24 hours' : `${overdue} open past 24 hours`}
          </Badge>
        ) : null
      }
    >
      <QueueFilters search={search} onChange={go} />
      {body}
    </StudioPage>
  );
}
