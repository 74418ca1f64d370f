import { Badge, Box, Button, Checkbox, Code, Field, Heading, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { type ApiKey, apiKeysQueryOptions, type CreatedApiKey, createApiKey, KEY_SCOPE_CHOICES, type KeyScope, revokeApiKey } from '../../api/api-keys';
import { failureText } from '../../api/api-error';
import { problemsOf } from '../../api/profile';
import { toaster } from '../../ui/toaster';
import { SmallDialog } from '../misc/SmallDialog';
import { formatDate } from './review/review-labels';
import { SecretShownOnce } from './SecretShownOnce';
import { LoadFailure, StudioPage } from './StudioPage';

const labelOf = (scope: string) => KEY_SCOPE_CHOICES.find((choice) => choice.scope === scope)?.label ?? scope;

/** The end of the chosen day (UTC): a key chosen to expire on a day still works that day. */
const endOfDay = (day: string) => `${day}T23:59:59Z`;
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/**
 * A small form by hand, not a served form (docs/providers.md, "API keys"): its fields are fixed by
 * the server's scopes, and the scopes' choices come from the typed client.
 */
function CreateKeyForm({ onCreated }: { onCreated: (key: CreatedApiKey) => void }) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<KeyScope[]>([]);
  const [expiry, setExpiry] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);

  function toggle(scope: KeyScope, on: boolean) {
    setScopes((current) => (on ? [...current, scope] : current.filter((held) => held !== scope)));
  }

  async function create(event: FormEvent) {
    event.preventDefault();
    setProblems({});
    // What a key needs (a name, a permission) is the server's rule: its field errors show under each field.
    setSending(true);
    try {
      const ordered = KEY_SCOPE_CHOICES.map((choice) => choice.scope).filter((scope) => scopes.includes(scope));
      const key = await createApiKey({ name: name.trim(), scopes: ordered, ...(expiry ? { expiresAt: endOfDay(expiry) } : {}) });
      setName('');
      setScopes([]);
      setExpiry('');
      onCreated(key);
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions.queryKey });
    } catch (error) {
      setProblems(problemsOf(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={(event) => void create(event)} noValidate aria-label="Create an API key">
      <Stack gap="4" borderWidth="1px" borderRadius="xl" bg="bg" p="5">
        <Heading as="h2" size="md">
          Create an API key
        </Heading>
        <Text fontSize="sm" color="fg.muted">
          A key lets another system act as you on your scholarships, with only the permissions you give it. To replace a key, create a new one, switch your system to it,
          then revoke the old one.
        </Text>
        <Field.Root invalid={Boolean(problems.name)} maxW="md">
          <Field.Label>Name</Field.Label>
          <Input value={name} maxLength={100} placeholder="Grants CRM sync" onChange={(event) => setName(event.target.value)} />
          <Field.ErrorText>{problems.name}</Field.ErrorText>
        </Field.Root>
        {/* A fieldset, not a Field: a Field would name every checkbox after its own label. */}
        <Box as="fieldset" aria-invalid={problems.scopes ? true : undefined}>
          <Text as="legend" fontSize="sm" fontWeight="medium" mb="1">
            Permissions
          </Text>
          <Stack gap="2" mt="1">
            {KEY_SCOPE_CHOICES.map((choice) => (
              <Checkbox.Root key={choice.scope} checked={scopes.includes(choice.scope)} onCheckedChange={(details) => toggle(choice.scope, details.checked === true)} alignItems="flex-start">
                <Checkbox.HiddenInput />
                <Checkbox.Control mt="0.5" />
                <Checkbox.Label>
                  <Text as="span" fontWeight="medium">
                    {choice.label}
                  </Text>
                  <Text as="span" display="block" fontSize="sm" color="fg.muted" fontWeight="normal">
                    {choice.detail}
                  </Text>
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
          {problems.scopes ? (
            <Text fontSize="sm" color="fg.error" mt="1" role="alert">
              {problems.scopes}
            </Text>
          ) : null}
        </Box>
        <Field.Root invalid={Boolean(problems.expiresAt)} maxW="xs">
          <Field.Label>Expires on (optional)</Field.Label>
          <Input type="date" min={tomorrow()} value={expiry} onChange={(event) => setExpiry(event.target.value)} />
          <Field.HelperText>Leave empty for a key that works until you revoke it.</Field.HelperText>
          <Field.ErrorText>{problems.expiresAt}</Field.ErrorText>
        </Field.Root>
        {problems.form ? (
          <Text color="fg.error" role="alert">
            {problems.form}
          </Text>
        ) : null}
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={sending}>
          Create key
        </Button>
      </Stack>
    </form>
  );
}

/** The new key's secret, this once, with a copy button. */
function NewSecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  return (
    <SecretShownOnce
      label="Your new API key"
      heading={`${created.name}: copy your key now`}
      advice="You will not see this key again. Store it somewhere safe, such as your system's secret store."
      secret={created.secret}
      secretLabel="API key secret"
      copyLabel="Copy key"
      onDone={onDone}
    />
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const expired = apiKey.expiresAt !== null && new Date(apiKey.expiresAt).getTime() <= Date.now();
  const details = [
    `Created ${formatDate(apiKey.createdAt)}`,
    apiKey.lastUsedAt ? `last used ${formatDate(apiKey.lastUsedAt)}` : 'never used',
    apiKey.expiresAt ? `${expired ? 'expired' : 'expires'} ${formatDate(apiKey.expiresAt)}` : 'no expiry',
  ];
  return (
    <HStack as="li" justify="space-between" gap="3" py="3" borderBottomWidth="1px" flexWrap="wrap" aria-label={apiKey.name}>
      <Stack gap="1" minW="0">
        <HStack gap="2" flexWrap="wrap">
          <Text fontWeight="semibold" overflowWrap="anywhere">
            {apiKey.name}
          </Text>
          <Code fontSize="sm" aria-label={`ending in ${apiKey.last4}`}>
            ••••{apiKey.last4}
          </Code>
          {expired ? <Badge colorPalette="red">Expired</Badge> : null}
        </HStack>
        <HStack gap="1" flexWrap="wrap">
          {apiKey.scopes.map((scope) => (
            <Badge key={scope} variant="subtle">
              {labelOf(scope)}
            </Badge>
          ))}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {details.join(' · ')}
        </Text>
      </Stack>
      <Button size="sm" variant="outline" colorPalette="red" onClick={onRevoke}>
        Revoke
      </Button>
    </HStack>
  );
}

/**
 * /app/settings/api-keys (docs/providers.md, "API keys"; the owner only): the organisation's API
 * keys, a form to create one (its secret shown once), and revocation after a confirmation.
 */
export function ApiKeysPage() {
  const queryClient = useQueryClient();
  const list = useQuery(apiKeysQueryOptions);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const [pending, setPending] = useState(false);

  async function revoke(key: ApiKey) {
    setPending(true);
    try {
      await revokeApiKey(key.id);
      toaster.create({ type: 'success', title: `${key.name} was revoked` });
      if (created?.id === key.id) setCreated(null);
    } catch (error) {
      toaster.create({ type: 'error', title: failureText(error) });
    } finally {
      setPending(false);
      setRevoking(null);
      void queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions.queryKey });
    }
  }

  let body;
  if (list.error) body = <LoadFailure error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <Skeleton role="status" aria-busy="true" height="24" borderRadius="xl" aria-label="Loading the API keys" />;
  else if (list.data.length === 0) body = <Text color="fg.muted">No API keys yet.</Text>;
  else {
    body = (
      <Stack as="ul" listStyleType="none" m="0" p="0" gap="0" aria-label="API keys">
        {list.data.map((key) => (
          <KeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
        ))}
      </Stack>
    );
  }
  return (
    <StudioPage title="API keys" lead="Let your own systems read and manage your scholarships through the API." maxW="4xl">
      <Stack gap="6">
        {created ? <NewSecret created={created} onDone={() => setCreated(null)} /> : null}
        <CreateKeyForm onCreated={setCreated} />
        <Box borderWidth="1px" borderRadius="xl" bg="bg" p="5">
          <Heading as="h2" size="md" mb="2">
            Your API keys
          </Heading>
          {body}
        </Box>
      </Stack>
      <SmallDialog
        open={revoking !== null}
        onClose={() => setRevoking(null)}
        title="Revoke this API key?"
        footer={
          <HStack gap="3">
            <Button variant="outline" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button colorPalette="red" loading={pending} onClick={() => revoking && void revoke(revoking)}>
              Revoke key
            </Button>
          </HStack>
        }
      >
        <Text>
          Systems using <strong>{revoking?.name}</strong> (••••{revoking?.last4}) will be refused from their next request. This cannot be undone.
        </Text>
      </SmallDialog>
    </StudioPage>
  );
}
