import { Badge, Box, Button, Code, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { failureText } from '../../api/api-error';
import { deliveriesQueryOptions, redeliver, webhooksQueryOptions, type WebhookDelivery } from '../../api/webhooks';
import { toaster } from '../../ui/toaster';
import { LoadFailure } from './StudioPage';

const moment = (at: string) => new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'medium' });
const STATE_COLOURS: Record<string, string> = { delivered: 'green', pending: 'orange', failed: 'red' };

type Attempt = WebhookDelivery['attemptLog'][number];

function AttemptDetail({ attempt }: { attempt: Attempt }) {
  const answer = attempt.responseStatus === null ? 'no answer' : `answered ${attempt.responseStatus}`;
  return (
    <Stack gap="1" borderLeftWidth="3px" borderColor={attempt.error ? 'red.400' : 'green.400'} pl="3" py="1">
      <Text fontSize="sm">
        <strong>Attempt {attempt.attempt}</strong>
        {attempt.manual ? ' (sent by you)' : ''} · {moment(attempt.at)} · {answer} in {attempt.durationMs} ms
      </Text>
      {attempt.error ? (
        <Text fontSize="sm" color="fg.error">
          {attempt.error}
        </Text>
      ) : null}
      <Text fontSize="xs" color="fg.muted">
        Request body
      </Text>
      <Code p="2" fontSize="xs" whiteSpace="pre-wrap" overflowWrap="anywhere" wordBreak="break-all" display="block">
        {attempt.requestBody}
      </Code>
      {attempt.responseBody ? (
        <>
          <Text fontSize="xs" color="fg.muted">
            Answer
          </Text>
          <Code p="2" fontSize="xs" whiteSpace="pre-wrap" overflowWrap="anywhere" wordBreak="break-all" display="block">
            {attempt.responseBody}
          </Code>
        </>
      ) : null}
    </Stack>
  );
}

function DeliveryRow({ endpointId, delivery }: { endpointId: string; delivery: WebhookDelivery }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);

  async function sendAgain() {
    setSending(true);
    try {
      const again = await redeliver(endpointId, delivery.id);
      const status = again.attemptLog[0]?.responseStatus;
      toaster.create({ type: again.state === 'delivered' ? 'success' : 'error', title: status ? `Sent again: answered ${status}` : 'Sent again: no answer' });
      void queryClient.invalidateQueries({ queryKey: ['webhooks'] });
    } catch (error) {
      toaster.create({ type: 'error', title: failureText(error) });
    } finally {
      setSending(false);
    }
  }

  return (
    <Box as="li" py="3" borderBottomWidth="1px" aria-label={`${delivery.type} ${delivery.state}`}>
      <HStack justify="space-between" gap="3" flexWrap="wrap">
        <Stack gap="0.5" minW="0">
          <HStack gap="2" flexWrap="wrap">
            <Code fontSize="sm">{delivery.type}</Code>
            <Badge colorPalette={STATE_COLOURS[delivery.state]}>{delivery.state}</Badge>
            {delivery.lastStatus !== null ? <Text fontSize="sm">HTTP {delivery.lastStatus}</Text> : null}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {moment(delivery.createdAt)} · {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
            {delivery.nextAttemptAt ? ` · next try ${moment(delivery.nextAttemptAt)}` : ''}
          </Text>
          <Text fontSize="xs" color="fg.muted" overflowWrap="anywhere">
            Event {delivery.eventId}
          </Text>
        </Stack>
        <HStack gap="2">
          <Button size="sm" variant="ghost" onClick={() => setOpen((now) => !now)} aria-expanded={open}>
            {open ? 'Hide details' : 'Details'}
          </Button>
          <Button size="sm" variant="outline" loading={sending} onClick={() => void sendAgain()}>
            Redeliver
          </Button>
        </HStack>
      </HStack>
      {open ? (
        <Stack gap="2" mt="3">
          {delivery.attemptLog.map((attempt) => (
            <AttemptDetail key={`${attempt.attempt}-${attempt.at}`} attempt={attempt} />
          ))}
        </Stack>
      ) : null}
    </Box>
  );
}

/** One endpoint's delivery log (docs/webhooks.md, "Endpoints"): newest first, each with its attempts and a Redeliver button. */
export function WebhookDeliveryLog({ endpointId }: { endpointId: string }) {
  const queryClient = useQueryClient();
  const log = useQuery({ ...deliveriesQueryOptions(endpointId), refetchInterval: 5000 });
  // A delivery that arrived or changed since the endpoints were read changes their "last delivered"
  // line; the log's data is a new object only when its content changed, so this reads them again then only.
  useEffect(() => {
    if (log.data) void queryClient.invalidateQueries({ queryKey: webhooksQueryOptions.queryKey, exact: true });
  }, [log.data, queryClient]);
  if (log.error) return <LoadFailure error={log.error} onRetry={() => void log.refetch()} />;
  if (!log.data) return <Skeleton role="status" aria-busy="true" height="16" borderRadius="md" aria-label="Loading the deliveries" />;
  if (!log.data.length) return <Text color="fg.muted">Nothing sent yet. Send a test event to see a delivery here.</Text>;
  return (
    <Stack as="ul" listStyleType="none" m="0" p="0" gap="0" aria-label="Deliveries">
      {log.data.map((delivery) => (
        <DeliveryRow key={delivery.id} endpointId={endpointId} delivery={delivery} />
      ))}
    </Stack>
  );
}
