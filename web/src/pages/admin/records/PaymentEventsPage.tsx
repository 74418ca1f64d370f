import { Badge, Box, Button, Checkbox, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { paymentEventsQueryOptions, type PaymentEvent } from '../../../api/console';
import { useDocumentTitle } from '../../../ui/document-title';
import { RouteLoading } from '../../misc/RouteLoading';
import { LoadFailure, StudioPage } from '../../provider/StudioPage';
import { when } from './OutboxPage';
import { paymentsQueryOf, type PaymentsSearch } from './records-search';
import { DayInput } from '../shell/DayInput';

/** The text filters apply with Search; Only failed applies at once. */
function PaymentFilters({ search, onChange }: { search: PaymentsSearch; onChange: (next: PaymentsSearch) => void }) {
  const [draft, setDraft] = useState({ email: search.email ?? '', type: search.type ?? '', from: search.from ?? '', to: search.to ?? '' });
  const field = (key: keyof typeof draft) => ({ value: draft[key], onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }) });
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onChange({ ...search, email: draft.email.trim() || undefined, type: draft.type.trim() || undefined, from: draft.from || undefined, to: draft.to || undefined });
  };
  return (
    <Stack as="form" gap="3" mb="4" onSubmit={apply} aria-label="Filters">
      <HStack gap="3" align="flex-end" flexWrap="wrap">
        <Field.Root flex="1" minW={{ base: 'full', sm: '56' }}>
          <Field.Label fontSize="sm">Member e-mail</Field.Label>
          <Input size="sm" type="email" maxLength={320} {...field('email')} />
        </Field.Root>
        <Field.Root flex="1" minW={{ base: 'full', sm: '56' }}>
          <Field.Label fontSize="sm">Event type</Field.Label>
          <Input size="sm" maxLength={100} placeholder="e.g. customer.subscription.updated" {...field('type')} />
        </Field.Root>
      </HStack>
      <HStack gap="3" align="flex-end" flexWrap="wrap">
        <Field.Root w={{ base: 'full', sm: '44' }}>
          <Field.Label fontSize="sm">Received from (day, UTC)</Field.Label>
          <DayInput {...field('from')} />
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '44' }}>
          <Field.Label fontSize="sm">To (day, included)</Field.Label>
          <DayInput {...field('to')} />
        </Field.Root>
        <Checkbox.Root size="sm" checked={Boolean(search.failed)} onCheckedChange={(details) => onChange({ ...search, failed: details.checked === true ? true : undefined })}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Only failed</Checkbox.Label>
        </Checkbox.Root>
        <Button type="submit" size="sm" variant="outline">
          Search
        </Button>
      </HStack>
    </Stack>
  );
}

function EventRow({ event }: { event: PaymentEvent }) {
  return (
    <Box as="li" px={{ base: '3', md: '5' }} py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <Stack gap="1">
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Text fontWeight="semibold" fontFamily="mono" fontSize="sm" wordBreak="break-all">
            {event.type}
          </Text>
          {event.processedAt ? <Badge colorPalette="green">Applied</Badge> : <Badge colorPalette="red">Waiting for a retry</Badge>}
        </HStack>
        <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
          {event.memberEmail ?? 'No member here'} · received <time dateTime={event.receivedAt}>{when(event.receivedAt)}</time> · {event.gateway} {event.eventId} ·{' '}
          {event.attempts === 1 ? '1 attempt' : `${event.attempts} attempts`}
        </Text>
        {event.lastError ? (
          <Text fontSize="sm" color="red.600" wordBreak="break-word">
            {event.lastError}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}

/**
 * /admin/payments (docs/console.md, "Payment events page"): the payment webhooks received, newest
 * first, by member e-mail, event type, day received and failure; read only (support too).
 */
export function PaymentEventsPage() {
  useDocumentTitle('Payment events · ScholarMatch staff');
  const search = useSearch({ strict: false }) as PaymentsSearch;
  const navigate = useNavigate();
  const events = useQuery(paymentEventsQueryOptions(paymentsQueryOf(search)));
  let body;
  if (events.error) body = <LoadFailure error={events.error} onRetry={() => void events.refetch()} />;
  else if (!events.data) body = <RouteLoading label="Loading the payment events" />;
  else if (events.data.length === 0) body = <Text color="fg.muted">No payment events match these filters.</Text>;
  else {
    body = (
      <Box as="ul" listStyleType="none" m="0" p="0" borderWidth="1px" borderRadius="xl" bg="bg" aria-label="Payment events">
        {events.data.map((event) => (
          <EventRow key={`${event.gateway}:${event.eventId}`} event={event} />
        ))}
      </Box>
    );
  }
  return (
    <StudioPage title="Payment events" lead="What the payment provider told us, newest first (the latest 200 that match). Read only.">
      <PaymentFilters key={JSON.stringify(search)} search={search} onChange={(next) => void navigate({ to: '/admin/payments', search: next })} />
      {body}
    </StudioPage>
  );
}
