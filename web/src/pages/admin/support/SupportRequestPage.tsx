import { Badge, Box, Button, Field, Grid, Heading, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { formatDate } from '@scholarmatch/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';
import { failureText } from '../../../api/api-error';
import {
  addNote,
  answerRequest,
  assignRequest,
  reopenRequest,
  solveRequest,
  supportQueueKeys,
  supportRequestQueryOptions,
  supportStaffQueryOptions,
  type SupportRequestDetail,
} from '../../../api/support-queue';
import { useDocumentTitle } from '../../../ui/document-title';
import { toaster } from '../../../ui/toaster';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure, StudioPage } from '../../provider/StudioPage';
import { ageText, KIND_WORDS, replyDue, STATUS_WORDS } from './support-words';
import { SupportThread } from './SupportThread';

/** A plain-text answer as the rich text the answer route takes: paragraphs, line breaks kept, nothing interpreted. */
function textToHtml(text: string): string {
  const escape = (line: string) => line.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return text
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.split('\n').map(escape).join('<br>')}</p>`)
    .join('');
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '4', md: '5' }}>
      <Heading as="h2" size="md" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
        {label}
      </Text>
      <Text wordBreak="break-word">{children}</Text>
    </Box>
  );
}

/** Runs a change, tells how it went, and asks the request and the queue again. */
function useChange<T>(id: string, run: (value: T) => Promise<unknown>, done: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => toaster.create({ type: 'success', title: done }),
    onError: (error) => toaster.create({ type: 'error', title: failureText(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: supportQueueKeys.all }),
  });
}

function AnswerBox({ id, again }: { id: string; again: boolean }) {
  const [text, setText] = useState('');
  const answer = useChange(id, (value: string) => answerRequest(id, textToHtml(value)), 'Answer sent');
  return (
    <Stack
      as="form"
      gap="3"
      onSubmit={(event) => {
        event.preventDefault();
        answer.mutate(text, { onSuccess: () => setText('') });
      }}
    >
      <Field.Root required>
        <Field.Label>{again ? 'Your answer (another message in the thread)' : 'Your answer'}</Field.Label>
        <Textarea value={text} rows={6} maxLength={20000} onChange={(event) => setText(event.target.value)} />
        <Field.HelperText>It goes to the person's inbox and e-mail (a guest gets it by e-mail).</Field.HelperText>
      </Field.Root>
      <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={answer.isPending} disabled={!text.trim()}>
        Send answer
      </Button>
    </Stack>
  );
}

function RequestCard({ detail }: { detail: SupportRequestDetail }) {
  const { request } = detail;
  const solve = useChange(request.id, () => solveRequest(request.id), 'Request solved');
  const reopen = useChange(request.id, () => reopenRequest(request.id), 'Request reopened');
  const status = STATUS_WORDS[request.status];
  // The promise counts from the request, or from the person's reply that reopened it.
  const due = replyDue(request.waitingSince, request.status);
  return (
    <Card title="Request">
      <HStack gap="2" mb="3" wrap="wrap">
        <Badge colorPalette={status.palette}>{status.label}</Badge>
        <Badge variant="outline">{KIND_WORDS[request.kind] ?? request.kind}</Badge>
        {due ? (
          <Badge colorPalette={due.late ? 'red' : 'gray'} variant={due.late ? 'solid' : 'subtle'}>
            {due.text}
          </Badge>
        ) : null}
      </HStack>
      <Text fontSize="sm" color="fg.muted" mb="4">
        From {request.name} ({request.email}{request.phone ? `, ${request.phone}` : ''}), sent {formatDate(request.createdAt, 'shortTime')} ({ageText(request.createdAt)})
      </Text>
      <SupportThread detail={detail} />
      <Box mt="5">
        <AnswerBox id={request.id} again={detail.messages.some((message) => message.author === 'staff')} />
      </Box>
      <HStack mt="5" gap="3" wrap="wrap">
        {request.status === 'solved' ? (
          <Button variant="outline" loading={reopen.isPending} onClick={() => reopen.mutate(undefined)}>
            Reopen
          </Button>
        ) : (
          <Button variant="outline" colorPalette="green" loading={solve.isPending} onClick={() => solve.mutate(undefined)}>
            Mark as solved
          </Button>
        )}
        {request.solvedAt ? <Text fontSize="sm" color="fg.muted">Solved {formatDate(request.solvedAt, 'shortTime')}</Text> : null}
      </HStack>
    </Card>
  );
}

function PersonCard({ detail }: { detail: SupportRequestDetail }) {
  const { person } = detail;
  if (!person) {
    return (
      <Card title="Person">
        <Text color="fg.muted">A guest without an account: the answer goes to {detail.request.email} by e-mail.</Text>
      </Card>
    );
  }
  const membership = person.membership;
  return (
    <Card title="Person">
      <Stack gap="3">
        <Fact label="Name">{person.name || '(no name)'}</Fact>
        <Fact label="E-mail">{person.email}</Fact>
        {person.phone ? <Fact label="Phone">{person.phone}</Fact> : null}
        <Fact label="Account">
          {person.role}, since {formatDate(person.createdAt, 'short')}
        </Fact>
        <Fact label="Requests sent">{person.requestCount}</Fact>
        <Fact label="Membership">
          {membership
            ? `${membership.title}: ${membership.status.replace('_', ' ')}${membership.grantsAccess ? ' (has access)' : ' (no access)'}${
                membership.currentPeriodEnd ? `, period ends ${formatDate(membership.currentPeriodEnd, 'short')}` : ''
              }`
            : 'None'}
        </Fact>
      </Stack>
    </Card>
  );
}

function AssigneeCard({ detail }: { detail: SupportRequestDetail }) {
  const staff = useQuery(supportStaffQueryOptions);
  const assign = useChange(detail.request.id, (staffId: string | null) => assignRequest(detail.request.id, staffId), 'Assignee saved');
  return (
    <Card title="Assignee">
      <Field.Root>
        <Field.Label>Assigned to</Field.Label>
        <NativeSelect.Root size="sm" disabled={!staff.data || assign.isPending}>
          <NativeSelect.Field value={detail.request.assignedTo ?? ''} onChange={(event) => assign.mutate(event.target.value || null)}>
            <option value="">Nobody</option>
            {(staff.data ?? []).map((member) => (
              <option key={member.id} value={member.id}>
                {member.name || member.email}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </Card>
  );
}

function NotesCard({ detail }: { detail: SupportRequestDetail }) {
  const [text, setText] = useState('');
  const add = useChange(detail.request.id, (value: string) => addNote(detail.request.id, value), 'Note added');
  return (
    <Card title="Internal notes">
      <Text fontSize="sm" color="fg.muted" mb="3">
        For staff only: the person never sees these.
      </Text>
      {/* The notes themselves are in the thread, where they happened, marked as never sent. */}
      <Text mb="4">
        {detail.notes.length ? `${detail.notes.length} note${detail.notes.length === 1 ? '' : 's'} in the conversation.` : 'No notes yet.'}
      </Text>
      <Stack
        as="form"
        gap="2"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(text, { onSuccess: () => setText('') });
        }}
      >
        <Field.Root>
          <Field.Label>New note</Field.Label>
          <Textarea value={text} rows={3} maxLength={5000} onChange={(event) => setText(event.target.value)} />
        </Field.Root>
        <Button type="submit" variant="outline" alignSelf="flex-start" loading={add.isPending} disabled={!text.trim()}>
          Add note
        </Button>
      </Stack>
    </Card>
  );
}

/**
 * /admin/support/$id (docs/console.md, "Support queue"): the request's whole thread (answers,
 * replies and internal notes in order) and the box to answer, solve or reopen, the person's account
 * and membership beside it, the assignee and the box for internal notes.
 */
export function SupportRequestPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const detail = useQuery(supportRequestQueryOptions(id));
  const title = detail.data?.request.query ?? (detail.data ? 'Contact message' : 'Support request');
  useDocumentTitle(`${title} · Support queue`);
  let body;
  if (detail.error) body = <LoadFailure error={detail.error} onRetry={() => void detail.refetch()} />;
  else if (!detail.data) body = <RouteLoading label="Loading the request" />;
  else {
    body = (
      // Narrow: the request, the person beside it, then the notes; wide: the person and assignee in a column of their own.
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' }}
        templateAreas={{ base: '"request" "side" "notes"', lg: '"request side" "notes side"' }}
        templateRows={{ lg: 'auto 1fr' }}
        gap="5"
        alignItems="start"
      >
        <Box gridArea="request">
          <RequestCard detail={detail.data} />
        </Box>
        <Stack gap="5" gridArea="side">
          <PersonCard detail={detail.data} />
          <AssigneeCard detail={detail.data} />
        </Stack>
        <Box gridArea="notes">
          <NotesCard detail={detail.data} />
        </Box>
      </Grid>
    );
  }
  return (
    <StudioPage
      title={title}
      maxW="6xl"
      lead={
        <RouterLink to="/admin/support">
          <Text as="span" color="brand.fg" textDecoration="underline">
            Back to the support queue
          </Text>
        </RouterLink>
      }
    >
      {body}
    </StudioPage>
  );
}
