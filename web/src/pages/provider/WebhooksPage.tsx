import { Badge, Box, Button, Checkbox, Code, Field, Heading, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { failureText } from '../../api/api-error';
import { problemsOf } from '../../api/profile';
import {
  createWebhook,
  deleteWebhook,
  rollWebhookSecret,
  sendTestEvent,
  updateWebhook,
  WEBHOOK_EVENT_CHOICES,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEvent,
  webhooksQueryOptions,
} from '../../api/webhooks';
import { toaster } from '../../ui/toaster';
import { SmallDialog } from '../misc/SmallDialog';
import { formatDate } from './review/review-labels';
import { SecretShownOnce } from './SecretShownOnce';
import { LoadFailure, StudioPage } from './StudioPage';
import { WebhookDeliveryLog } from './WebhookDeliveryLog';

/** A small form by hand, as the API keys' (docs/webhooks.md): the URL and the events, whose rules are the server's. */
function CreateWebhookForm({ onCreated }: { onCreated: (endpoint: WebhookEndpointWithSecret) => void }) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  async function create(event: FormEvent) {
    event.preventDefault();
    setProblems({});
    setSending(true);
    try {
      const ordered = WEBHOOK_EVENT_CHOICES.map((choice) => choice.event).filter((chosen) => events.includes(chosen));
      const endpoint = await createWebhook({ url: url.trim(), events: ordered });
      setUrl('');
      setEvents([]);
      onCreated(endpoint);
      void queryClient.invalidateQueries({ queryKey: webhooksQueryOptions.queryKey });
    } catch (error) {
      setProblems(problemsOf(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(event) => void create(event)} noValidate aria-label="Add a webhook endpoint">
      <Stack gap="4" borderWidth="1px" borderRadius="xl" bg="bg" p="5">
        <Heading as="h2" size="md">
          Add an endpoint
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          We POST each event you choose to this address as JSON, signed with a secret only you and we hold. It must be an https address on the public internet.
        </Text>
        <Field.Root invalid={Boolean(problems.url)} maxW="xl">
          <Field.Label>Endpoint URL</Field.Label>
          <Input value={url} type="url" maxLength={2048} placeholder="https://grants.example.org/scholarmatch/events" onChange={(event) => setUrl(event.target.value)} />
          <Field.ErrorText>{problems.url}</Field.ErrorText>
        </Field.Root>
        <Box as="fieldset" aria-invalid={problems.events ? true : undefined}>
          <Text as="legend" fontSize="sm" fontWeight="medium" mb="1">
            Events
          </Text>
          <Stack gap="2" mt="1">
            {WEBHOOK_EVENT_CHOICES.map((choice) => (
              <Checkbox.Root
                key={choice.event}
                checked={events.includes(choice.event)}
                onCheckedChange={(details) => setEvents((now) => (details.checked === true ? [...now, choice.event] : now.filter((held) => held !== choice.event)))}
                alignItems="flex-start"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control mt="0.5" />
                <Checkbox.Label>
                  <Code fontSize="sm">{choice.event}</Code>
                  <Text as="span" display="block" fontSize="sm" color="fg.muted" fontWeight="normal">
                    {choice.detail}
                  </Text>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
          {problems.events ? (
            <Text fontSize="sm" color="fg.error" mt="1" role="alert">
              {problems.events}
            </Text>
          ) : null}
        </Box>
        {problems.form ? (
          <Text color="fg.error" role="alert">
            {problems.form}
          </Text>
        ) : null}
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={sending}>
          Add endpoint
        </Button>
      </Stack>
    </form>
  );
}

/** A new or rolled signing secret, this once, with a copy button. */
function NewSecret({ endpoint, rolled, onDone }: { endpoint: WebhookEndpointWithSecret; rolled: boolean; onDone: () => void }) {
  return (
    <SecretShownOnce
      label="Your signing secret"
      heading="Copy your signing secret now"
      advice={`For ${endpoint.url}. You will not see it again: store it where your endpoint checks signatures.${
        rolled ? ' For 24 hours deliveries are also signed with the old secret, so you can switch without missing an event.' : ''
      }`}
      secret={endpoint.secret}
      secretLabel="Signing secret"
      copyLabel="Copy secret"
      onDone={onDone}
    />
  );
}

type Confirming = { kind: 'roll' | 'delete'; endpoint: WebhookEndpoint } | null;

function EndpointCard({ endpoint, onConfirm }: { endpoint: WebhookEndpoint; onConfirm: (kind: 'roll' | 'delete') => void }) {
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const [busy, setBusy] = useState<'test' | 'toggle' | null>(null);

  async function act(what: 'test' | 'toggle') {
    setBusy(what);
    try {
      if (what === 'test') {
        const delivery = await sendTestEvent(endpoint.id);
        const status = delivery.attemptLog[0]?.responseStatus;
        toaster.create({ type: delivery.state === 'delivered' ? 'success' : 'error', title: status ? `Test event answered ${status}` : `Test event not delivered: ${delivery.attemptLog[0]?.error ?? ''}` });
        setShowLog(true);
      } else {
        await updateWebhook(endpoint.id, { enabled: !endpoint.enabled });
        toaster.create({ type: 'success', title: endpoint.enabled ? 'Endpoint disabled' : 'Endpoint enabled' });
      }
    } catch (error) {
      toaster.create({ type: 'error', title: failureText(error) });
    } finally {
      setBusy(null);
      void queryClient.invalidateQueries({ queryKey: ['webhooks'] });
    }
  }

  const details = [`Added ${formatDate(endpoint.createdAt)}`, endpoint.lastSuccessAt ? `last delivered ${formatDate(endpoint.lastSuccessAt)}` : 'nothing delivered yet'];
  if (endpoint.consecutiveFailures) details.push(`${endpoint.consecutiveFailures} failed attempts in a row`);
  return (
    <Stack as="li" gap="3" borderWidth="1px" borderRadius="xl" bg="bg" p="5" aria-label={endpoint.url}>
      <Stack gap="1" minW="0">
        <HStack gap="2" flexWrap="wrap">
          <Text fontWeight="semibold" overflowWrap="anywhere" wordBreak="break-all">
            {endpoint.url}
          </Text>
          <Badge colorPalette={endpoint.enabled ? 'green' : 'red'}>{endpoint.enabled ? 'Enabled' : 'Disabled'}</Badge>
        </HStack>
        {endpoint.disabledReason ? (
          <Text fontSize="sm" color="fg.error">
            {endpoint.disabledReason}
          </Text>
        ) : null}
        <HStack gap="1" flexWrap="wrap">
          {endpoint.events.map((event) => (
            <Badge key={event} variant="subtle">
              {event}
            </Badge>
          ))}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          Secret ••••{endpoint.secretLast4}
          {endpoint.previousSecretExpiresAt ? ` · the old secret also signs until ${new Date(endpoint.previousSecretExpiresAt).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}` : ''}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {details.join(' · ')}
        </Text>
      </Stack>
      <HStack gap="2" flexWrap="wrap">
        <Button size="sm" colorPalette="brand" loading={busy === 'test'} onClick={() => void act('test')}>
          Send test event
        </Button>
        <Button size="sm" variant="outline" onClick={() => setShowLog((now) => !now)} aria-expanded={showLog}>
          {showLog ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button size="sm" variant="outline" onClick={() => onConfirm('roll')}>
          Roll secret
        </Button>
        <Button size="sm" variant="outline" loading={busy === 'toggle'} onClick={() => void act('toggle')}>
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button size="sm" variant="outline" colorPalette="red" onClick={() => onConfirm('delete')}>
          Delete
        </Button>
      </HStack>
      {showLog ? (
        <Box borderTopWidth="1px" pt="3">
          <Heading as="h3" size="sm" mb="1">
            Deliveries
          </Heading>
          <WebhookDeliveryLog endpointId={endpoint.id} />
        </Box>
      ) : null}
    </Stack>
  );
}

const CONFIRMATIONS = {
  roll: { title: 'Roll the signing secret?', action: 'Roll secret', text: 'A new secret signs every delivery from now on; the current one also signs for 24 hours, so you can move your endpoint to the new one.' },
  delete: { title: 'Delete this endpoint?', action: 'Delete endpoint', text: 'Nothing more is sent to it, pending retries included, and its delivery log is deleted. This cannot be undone.' },
} as const;

/**
 * /app/settings/webhooks (docs/webhooks.md; the owner only): the organisation's endpoints, a form to
 * add one (its secret shown once), and per endpoint a test event, the delivery log with Redeliver,
 * rolling the secret, disabling and deleting.
 */
export function WebhooksPage() {
  const queryClient = useQueryClient();
  // Refreshed as the log is, so the last delivery and the failure count keep up with the job.
  const list = useQuery({ ...webhooksQueryOptions, refetchInterval: 5000 });
  const [secret, setSecret] = useState<{ endpoint: WebhookEndpointWithSecret; rolled: boolean } | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [pending, setPending] = useState(false);

  async function confirm(current: NonNullable<Confirming>) {
    setPending(true);
    try {
      if (current.kind === 'roll') setSecret({ endpoint: await rollWebhookSecret(current.endpoint.id), rolled: true });
      else {
        await deleteWebhook(current.endpoint.id);
        // Gone at once, with its log, so nothing asks the server for the log of an endpoint that is no more.
        queryClient.setQueryData(webhooksQueryOptions.queryKey, (list) => list?.filter((endpoint) => endpoint.id !== current.endpoint.id));
        queryClient.removeQueries({ queryKey: ['webhooks', current.endpoint.id] });
        toaster.create({ type: 'success', title: 'Endpoint deleted' });
        if (secret?.endpoint.id === current.endpoint.id) setSecret(null);
      }
    } catch (error) {
      toaster.create({ type: 'error', title: failureText(error) });
    } finally {
      setPending(false);
      setConfirming(null);
      void queryClient.invalidateQueries({ queryKey: webhooksQueryOptions.queryKey, exact: true });
    }
  }

  let body;
  if (list.error) body = <LoadFailure error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <Skeleton role="status" aria-busy="true" height="24" borderRadius="xl" aria-label="Loading the webhook endpoints" />;
  else if (list.data.length === 0) body = <Text color="fg.muted">No endpoints yet.</Text>;
  else {
    body = (
      <Stack as="ul" listStyleType="none" m="0" p="0" gap="4" aria-label="Webhook endpoints">
        {list.data.map((endpoint) => (
          <EndpointCard key={endpoint.id} endpoint={endpoint} onConfirm={(kind) => setConfirming({ kind, endpoint })} />
        ))}
      </Stack>
    );
  }
  const words = confirming ? CONFIRMATIONS[confirming.kind] : null;
  return (
    <StudioPage title="Webhooks" lead="Tell your own systems at once when something happens to your scholarships." maxW="4xl">
      <Stack gap="6">
        {secret ? <NewSecret endpoint={secret.endpoint} rolled={secret.rolled} onDone={() => setSecret(null)} /> : null}
        <CreateWebhookForm onCreated={(endpoint) => setSecret({ endpoint, rolled: false })} />
        <Stack gap="2">
          <Heading as="h2" size="md">
            Your endpoints
          </Heading>
          {body}
        </Stack>
      </Stack>
      <SmallDialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        title={words?.title ?? ''}
        footer={
          <HStack gap="3">
            <Button variant="outline" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button colorPalette={confirming?.kind === 'delete' ? 'red' : 'brand'} loading={pending} onClick={() => confirming && void confirm(confirming)}>
              {words?.action}
            </Button>
          </HStack>
        }
      >
        <Text overflowWrap="anywhere">
          <strong>{confirming?.endpoint.url}</strong>: {words?.text}
        </Text>
      </SmallDialog>
    </StudioPage>
  );
}
