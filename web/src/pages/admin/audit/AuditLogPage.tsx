import { Badge, Box, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { AUDIT_PAGE_SIZE, auditLogQueryOptions, staffQueryOptions, type AuditRecord } from '../../../api/console';
import { useDocumentTitle } from '../../../ui/document-title';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure, StudioPage } from '../../provider/StudioPage';
import { ListPager } from '../../../ui/ListPager';
import { Choice } from '../shell/list-controls';
import { auditQueryOf, type AuditSearch } from './audit-search';
import { ACTION_WORDS, actionWords, changedKeys, TARGET_TYPES, type AuditAction } from './audit-words';
import { DayInput } from '../shell/DayInput';

const when = (at: string) => new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** The choices apply at once; the target id and the days apply with Apply. Either starts again at the first page. */
function AuditFilters({ search, people, onChange }: { search: AuditSearch; people: [string, string][]; onChange: (next: AuditSearch) => void }) {
  const [targetId, setTargetId] = useState(search.targetId ?? '');
  const [from, setFrom] = useState(search.from ?? '');
  const [to, setTo] = useState(search.to ?? '');
  const change = (patch: AuditSearch) => onChange({ ...search, ...patch, page: undefined });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    change({ targetId: targetId.trim() || undefined, from: from || undefined, to: to || undefined });
  };
  return (
    <Stack as="form" gap="3" mb="4" onSubmit={apply} aria-label="Filters">
      <HStack gap="3" align="flex-end" flexWrap="wrap">
        <Choice label="Person" value={search.actor ?? ''} options={[['', 'Anyone'], ...people]} onChange={(value) => change({ actor: value || undefined })} />
        <Choice
          label="Target type"
          value={search.targetType ?? ''}
          options={[['', 'Any target'], ...TARGET_TYPES.map((type) => [type, type] as [string, string])]}
          onChange={(value) => change({ targetType: value || undefined })}
        />
        <Choice
          label="Action"
          value={search.action ?? ''}
          options={[['', 'Any action'], ...Object.entries(ACTION_WORDS)]}
          onChange={(value) => change({ action: (value || undefined) as AuditAction | undefined })}
        />
      </HStack>
      <HStack gap="3" align="flex-end" flexWrap="wrap">
        <Field.Root flex="1" minW={{ base: 'full', sm: '56' }}>
          <Field.Label fontSize="sm">Target id</Field.Label>
          <Input size="sm" value={targetId} maxLength={200} onChange={(event) => setTargetId(event.target.value)} />
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '44' }}>
          <Field.Label fontSize="sm">From (day, UTC)</Field.Label>
          <DayInput value={from} onChange={(event) => setFrom(event.target.value)} />
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '44' }}>
          <Field.Label fontSize="sm">To (day, included)</Field.Label>
          <DayInput value={to} onChange={(event) => setTo(event.target.value)} />
        </Field.Root>
        <Button type="submit" size="sm" variant="outline">
          Apply
        </Button>
      </HStack>
    </Stack>
  );
}

function AuditRow({ record, actorName, onTarget }: { record: AuditRecord; actorName: string; onTarget: () => void }) {
  const changes = changedKeys(record);
  const at = String(record.at);
  return (
    <Box as="li" px={{ base: '3', md: '5' }} py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <Stack gap="1">
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Text fontWeight="semibold">{actionWords(record.action)}</Text>
          <Text fontSize="sm" color="fg.muted">
            <time dateTime={at}>{when(at)}</time>
          </Text>
        </HStack>
        <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
          by {actorName} ({record.actorRole}){record.ip ? ` from ${record.ip}` : ''} · on{' '}
          <Button variant="plain" size="xs" p="0" h="auto" minW="0" colorPalette="brand" textDecoration="underline" onClick={onTarget} title="Show only this target">
            {record.targetType} {record.targetId}
          </Button>
        </Text>
        {changes.length > 0 ? (
          <Box as="dl" fontSize="sm" fontFamily="mono" bg="bg.muted" borderRadius="md" px="3" py="2" aria-label="Changes" wordBreak="break-word">
            {changes.map((change) => (
              <Box key={change.key}>
                <Box as="dt" display="inline" fontWeight="semibold">
                  {change.key}:{' '}
                </Box>
                <Box as="dd" display="inline" m="0">
                  <Box as="span" color="red.600" textDecoration="line-through">{change.before}</Box> → <Box as="span" color="green.700">{change.after}</Box>
                </Box>
              </Box>
            ))}
          </Box>
        ) : (
          <Badge alignSelf="flex-start">No change of value</Badge>
        )}
      </Stack>
    </Box>
  );
}

/**
 * /admin/audit (docs/console.md, "Audit log page"): every staff action, newest first, 25 a page,
 * each with who, when, on what and the keys it changed; the filters are in the address.
 */
export function AuditLogPage() {
  useDocumentTitle('Audit log · ScholarMatch staff');
  const search = useSearch({ strict: false }) as AuditSearch;
  const navigate = useNavigate();
  const page = search.page ?? 1;
  const log = useQuery(auditLogQueryOptions(auditQueryOf(search)));
  const staff = useQuery(staffQueryOptions);
  const go = (next: AuditSearch) => void navigate({ to: '/admin/audit', search: next });
  const names = new Map((staff.data?.staff ?? []).map((member) => [member.id, `${member.firstName} ${member.lastName}`.trim() || member.email]));
  const people: [string, string][] = [...names.entries()];
  if (search.actor && !names.has(search.actor)) people.push([search.actor, search.actor]);

  let body;
  if (log.error) body = <LoadFailure error={log.error} onRetry={() => void log.refetch()} />;
  else if (!log.data) body = <RouteLoading label="Loading the audit log" />;
  else if (log.data.rows.length === 0) body = <Text color="fg.muted">No actions match these filters.</Text>;
  else {
    body = (
      <>
        <Box as="ul" listStyleType="none" m="0" p="0" borderWidth="1px" borderRadius="xl" bg="bg" aria-label="Audit log">
          {log.data.rows.map((record) => (
            <AuditRow
              key={record.id}
              record={record}
              actorName={record.actorId ? (names.get(record.actorId) ?? record.actorId) : 'unknown'}
              onTarget={() => go({ ...search, targetType: record.targetType, targetId: record.targetId, page: undefined })}
            />
          ))}
        </Box>
        <ListPager total={log.data.total} page={page} pageSize={AUDIT_PAGE_SIZE} onPage={(next) => go({ ...search, page: next > 1 ? next : undefined })} />
      </>
    );
  }
  return (
    <StudioPage title="Audit log" lead="Every staff action, newest first: who did it, when, on what, and what changed.">
      <AuditFilters key={`${search.targetId ?? ''}|${search.from ?? ''}|${search.to ?? ''}`} search={search} people={people} onChange={go} />
      {body}
    </StudioPage>
  );
}
