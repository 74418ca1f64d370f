import { Badge, Box, Grid, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { formatDate } from '@scholarmatch/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useParams } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { personQueryOptions, type PersonDetail } from '../../../api/people';
import { useDocumentTitle } from '../../../ui/document-title';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure, StudioPage } from '../../provider/StudioPage';
import { PersonActions } from './PersonActions';
import { answerText, MEMBERSHIP_WORDS, ROLE_WORDS } from './people-words';

const day = (value: string | Date | null | undefined) => (value ? formatDate(value, 'long') : '—');
const moment = (value: string | Date) => new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} borderWidth="1px" borderRadius="xl" bg="bg" p={{ base: '4', md: '5' }} minW="0">
      <Heading as="h2" size="md" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box minW="0">
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wider">
        {label}
      </Text>
      <Text wordBreak="break-word">{children}</Text>
    </Box>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <Text color="fg.muted">{children}</Text>;

/** A table that scrolls sideways on a narrow screen rather than squeezing its columns. */
function ScrollTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="md">
      <Table.Root size="sm" aria-label={label}>
        <Table.Header>
          <Table.Row>
            {head.map((cell) => (
              <Table.ColumnHeader key={cell} whiteSpace="nowrap">
                {cell}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, index) => (
            <Table.Row key={index}>
              {row.map((cell, column) => (
                <Table.Cell key={column} whiteSpace={column === 0 ? 'normal' : 'nowrap'}>
                  {cell}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function AccountSection({ person }: { person: PersonDetail }) {
  const { account } = person;
  return (
    <Section title="Account">
      <Grid templateColumns={{ base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }} gap="4">
        <Fact label="E-mail">{account.email}</Fact>
        <Fact label="Role">{ROLE_WORDS[account.role as keyof typeof ROLE_WORDS] ?? account.role}</Fact>
        <Fact label="Joined">{day(account.createdAt)}</Fact>
        <Fact label="Phone">{account.phone ?? '—'}</Fact>
        <Fact label="Password changed">{day(account.passwordChangedAt)}</Fact>
        <Fact label="Sign-in">
          {account.lockedAt ? `Locked by an admin since ${day(account.lockedAt)}` : account.loginLockedUntil ? `Failed logins: locked out until ${moment(account.loginLockedUntil)}` : 'Open'}
        </Fact>
      </Grid>
    </Section>
  );
}

function ProfileSection({ person }: { person: PersonDetail }) {
  const answered = person.profile.filter((tab) => tab.answers.length);
  return (
    <Section title="Profile">
      {answered.length === 0 ? (
        <Empty>No profile answers yet.</Empty>
      ) : (
        <Stack gap="5">
          {answered.map((tab) => (
            <Box key={tab.formKey}>
              <Heading as="h3" size="sm" mb="2">
                {tab.title}
              </Heading>
              <Grid as="dl" templateColumns={{ base: '1fr', sm: 'minmax(0, 2fr) minmax(0, 3fr)' }} columnGap="4" rowGap="1">
                {tab.answers.map((answer) => (
                  <Box key={answer.key} display="contents">
                    <Text as="dt" color="fg.muted" fontSize="sm" mt={{ base: '2', sm: '0' }}>
                      {answer.label}
                    </Text>
                    <Text as="dd" wordBreak="break-word">
                      {answerText(answer.value)}
                    </Text>
                  </Box>
                ))}
              </Grid>
            </Box>
          ))}
        </Stack>
      )}
    </Section>
  );
}

function ApplicationsSection({ person }: { person: PersonDetail }) {
  return (
    <Section title="Applications">
      {person.applications.length === 0 ? (
        <Empty>No applications.</Empty>
      ) : (
        <ScrollTable
          label="Applications"
          head={['Scholarship', 'Status', 'Started', 'Submitted', 'Last change']}
          rows={person.applications.map((application) => [application.title, application.status, day(application.createdAt), day(application.submittedAt), day(application.updatedAt)])}
        />
      )}
    </Section>
  );
}

function MembershipSection({ person }: { person: PersonDetail }) {
  const stateBadge = (status: string | null) => {
    if (!status) return '—';
    const words = MEMBERSHIP_WORDS[status] ?? { label: status, palette: 'gray' };
    return <Badge colorPalette={words.palette}>{words.label}</Badge>;
  };
  return (
    <Section title="Membership and payments">
      {person.memberships.length === 0 ? (
        <Empty>Never had a membership.</Empty>
      ) : (
        <Stack gap="5">
          <ScrollTable
            label="Memberships"
            head={['Plan', 'State', 'Access', 'Provider', 'Trial ends', 'Period ends', 'Started']}
            rows={person.memberships.map((membership) => [
              membership.gateway === 'complimentary' ? 'Complimentary' : membership.title,
              stateBadge(membership.status),
              membership.grantsAccess ? 'Yes' : 'No',
              membership.gateway,
              day(membership.trialEndsAt),
              day(membership.currentPeriodEnd),
              day(membership.createdAt),
            ])}
          />
          <Box>
            <Heading as="h3" size="sm" mb="2">
              Payment events
            </Heading>
            {person.paymentEvents.length === 0 ? (
              <Empty>No events from the payment provider.</Empty>
            ) : (
              <ScrollTable
                label="Payment events"
                head={['Event', 'State reported', 'When', 'Applied']}
                rows={person.paymentEvents.map((event) => [event.type, stateBadge(event.state), moment(event.occurredAt), event.processedAt ? 'Yes' : `Waiting (${event.lastError ?? 'retry'})`])}
              />
            )}
          </Box>
        </Stack>
      )}
    </Section>
  );
}

function MessagesSection({ person }: { person: PersonDetail }) {
  const { messages } = person;
  return (
    <Section title="Messages">
      {messages.items.length === 0 ? (
        <Empty>No inbox messages.</Empty>
      ) : (
        <Stack gap="2">
          <Text fontSize="sm" color="fg.muted">
            The latest {messages.items.length} of {messages.total} · {messages.unread} unread
          </Text>
          <ScrollTable
            label="Messages"
            head={['Subject', 'From', 'Sent', 'Read']}
            rows={messages.items.map((message) => [message.subject, message.fromName, moment(message.sentAt), message.read ? 'Read' : <Badge colorPalette="blue">Unread</Badge>])}
          />
        </Stack>
      )}
    </Section>
  );
}

/**
 * /admin/people/$id (docs/console.md, "People"): one person's account, profile answers,
 * applications, memberships with their payment events and recent messages, and the actions the
 * signed-in staff member may take on them.
 */
export function PersonPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const person = useQuery(personQueryOptions(id));
  const name = person.data ? `${person.data.account.firstName} ${person.data.account.lastName}`.trim() || person.data.account.email : 'Person';
  useDocumentTitle(`${name} · People · ScholarMatch staff`);

  let body;
  if (person.error) body = <LoadFailure error={person.error} onRetry={() => void person.refetch()} />;
  else if (!person.data) body = <RouteLoading label="Loading this person" />;
  else {
    const { account } = person.data;
    body = (
      <Stack gap="5">
        <HStack gap="2" flexWrap="wrap">
          <Badge colorPalette="gray">{ROLE_WORDS[account.role as keyof typeof ROLE_WORDS] ?? account.role}</Badge>
          {account.isActiveSubscription ? <Badge colorPalette="green">Member</Badge> : null}
          {account.erasedAt ? <Badge colorPalette="red">Erased {day(account.erasedAt)}</Badge> : account.lockedAt ? <Badge colorPalette="red">Locked</Badge> : null}
        </HStack>
        <PersonActions person={person.data} />
        <AccountSection person={person.data} />
        <ProfileSection person={person.data} />
        <ApplicationsSection person={person.data} />
        <MembershipSection person={person.data} />
        <MessagesSection person={person.data} />
      </Stack>
    );
  }

  return (
    <StudioPage
      title={name}
      lead={
        <RouterLink to="/admin/people">
          <Text as="span" textDecoration="underline">
            ← People
          </Text>
        </RouterLink>
      }
    >
      {body}
    </StudioPage>
  );
}
