import { Badge, Box, Field, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '@scholarmatch/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { PEOPLE_PAGE_SIZE, peopleQueryOptions, type PersonListItem } from '../../../api/people';
import { useDocumentTitle } from '../../../ui/document-title';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure, StudioPage } from '../../provider/StudioPage';
import { ListPager } from '../../../ui/ListPager';
import { PEOPLE_ROLES, peopleQueryOf, type PeopleRole, type PeopleSearch } from './people-search';
import { ROLE_WORDS } from './people-words';

const SEARCH_DEBOUNCE_MS = 300;

/** The search waits for a pause in typing; the role applies at once. Either starts again at the first page. */
function PeopleFilters({ search, onChange }: { search: PeopleSearch; onChange: (next: PeopleSearch) => void }) {
  const [text, setText] = useState(search.q ?? '');
  const latest = useRef({ search, onChange });
  latest.current = { search, onChange };
  useEffect(() => {
    if (text.trim() === (latest.current.search.q ?? '')) return undefined;
    const timer = setTimeout(() => latest.current.onChange({ ...latest.current.search, q: text.trim() || undefined, page: undefined }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <HStack gap="3" align="flex-end" flexWrap="wrap" mb="4">
      <Field.Root flex="1" minW={{ base: 'full', sm: '56' }}>
        <Field.Label fontSize="sm">Search</Field.Label>
        <Input size="sm" type="search" value={text} maxLength={200} placeholder="Name or e-mail" onChange={(event) => setText(event.target.value)} />
      </Field.Root>
      <Field.Root w={{ base: 'full', sm: 'auto' }} minW="40">
        <Field.Label fontSize="sm">Role</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={search.role ?? ''} onChange={(event) => onChange({ ...search, role: (event.target.value || undefined) as PeopleRole | undefined, page: undefined })}>
            <option value="">All roles</option>
            {PEOPLE_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_WORDS[role]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </HStack>
  );
}

function PersonRow({ person }: { person: PersonListItem }) {
  return (
    <Box as="li" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <RouterLink to="/admin/people/$id" params={{ id: person.id }}>
        <Stack gap="1" px={{ base: '3', md: '5' }} py="3" _hover={{ bg: 'bg.muted' }}>
          <HStack justify="space-between" align="flex-start" gap="3" wrap="wrap">
            <Text fontWeight="semibold" wordBreak="break-word" minW="0" flex="1" flexBasis={{ base: 'full', sm: '0' }}>
              {`${person.firstName} ${person.lastName}`.trim() || person.email}
            </Text>
            <HStack gap="2" flexShrink={0}>
              {person.lockedAt ? <Badge colorPalette="red">Locked</Badge> : null}
              {person.isActiveSubscription ? <Badge colorPalette="green">Member</Badge> : null}
              <Badge colorPalette="gray">{ROLE_WORDS[person.role as PeopleRole] ?? person.role}</Badge>
            </HStack>
          </HStack>
          <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
            {person.email} · joined <time dateTime={String(person.createdAt)}>{formatDate(person.createdAt, 'long')}</time>
          </Text>
        </Stack>
      </RouterLink>
    </Box>
  );
}

/**
 * /admin/people (docs/console.md, "People"): every account, the newest first, found by name or
 * e-mail and by role, 20 a page. The search, role and page are in the address.
 */
export function PeopleListPage() {
  useDocumentTitle('People · ScholarMatch staff');
  const search = useSearch({ strict: false }) as PeopleSearch;
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const people = useQuery(peopleQueryOptions(peopleQueryOf(search)));
  const go = (next: PeopleSearch) => void navigate({ to: '/admin/people', search: next });

  let body;
  if (people.error) body = <LoadFailure error={people.error} onRetry={() => void people.refetch()} />;
  else if (!people.data) body = <RouteLoading label="Loading people" />;
  else if (people.data.rows.length === 0) body = <Text color="fg.muted">No one matches this search.</Text>;
  else {
    body = (
      <>
        <Box as="ul" listStyleType="none" m="0" p="0" borderWidth="1px" borderRadius="xl" bg="bg" aria-label="People">
          {people.data.rows.map((person) => (
            <PersonRow key={person.id} person={person} />
          ))}
        </Box>
        <ListPager total={people.data.total} page={page} pageSize={PEOPLE_PAGE_SIZE} onPage={(next) => go({ ...search, page: next > 1 ? next : undefined })} />
      </>
    );
  }

  return (
    <StudioPage title="People" lead="Applicants, providers, reviewers and staff: their accounts, profiles, applications and memberships.">
      <PeopleFilters search={search} onChange={go} />
      {body}
    </StudioPage>
  );
}
