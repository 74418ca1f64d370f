import { Badge, Box, Button, Code, Field, Heading, HStack, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { failureText } from '../../api/api-error';
import { type EmbeddedScholarship, embedSettingsQueryOptions, saveEmbedOrigins } from '../../api/embed';
import { SaveError } from '../../api/profile';
import { toaster } from '../../ui/toaster';
import { LoadFailure, StudioPage } from './StudioPage';

const linesOf = (text: string) => text.split('\n').map((line) => line.trim()).filter(Boolean);

/** The server's problems at `origins.{index}`, as the lines of the box they are about. */
function problemLines(error: unknown, sent: string[]): string[] {
  const fields = error instanceof SaveError ? error.fieldErrors : [];
  return fields
    .map((field) => Number(field.path.split('.')[1]))
    .filter((index) => Number.isInteger(index) && sent[index] !== undefined)
    .map((index) => `Line ${index + 1}: ${sent[index]}`);
}

/**
 * The sites allowed to frame the cards, one per line. The rule (an origin, https) is the server's:
 * the page sends what was typed and shows which lines it refused.
 */
function AllowedSitesForm({ origins }: { origins: string[] }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(origins.join('\n'));
  const [problem, setProblem] = useState<{ text: string; lines: string[] } | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => setText(origins.join('\n')), [origins]);

  async function save(event: FormEvent) {
    event.preventDefault();
    const sent = linesOf(text);
    setProblem(null);
    setSaving(true);
    try {
      const settings = await saveEmbedOrigins(sent);
      queryClient.setQueryData(embedSettingsQueryOptions.queryKey, settings);
      toaster.create({ type: 'success', title: 'Allowed sites saved' });
    } catch (error) {
      setProblem({ text: failureText(error), lines: problemLines(error, sent) });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label="Allowed sites">
      <Stack gap="4" borderWidth="1px" borderRadius="xl" bg="bg" p="5">
        <Heading as="h2" size="md">
          Allowed sites
        </Heading>
        <Field.Root invalid={problem !== null}>
          <Field.Label>Sites that may show your cards, one per line</Field.Label>
          <Textarea value={text} rows={4} fontFamily="mono" fontSize="sm" placeholder={'https://www.example.org\nhttps://scholarships.example.org'} onChange={(event) => setText(event.target.value)} />
          <Field.HelperText>The address of each site as https://host, without a page path. Browsers refuse to show your cards on any other site.</Field.HelperText>
          <Field.ErrorText>
            <Stack gap="1" as="span">
              <span>{problem?.text}</span>
              {problem?.lines.map((line) => (
                <span key={line}>{line}</span>
              ))}
            </Stack>
          </Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={saving}>
          Save sites
        </Button>
      </Stack>
    </form>
  );
}

const STATUS_LABELS: Record<string, string> = { published: 'Published', closed: 'Closed' };

function countText(count: number): string {
  return count === 1 ? '1 application came through your site' : `${count} applications came through your site`;
}

/** One scholarship's snippet, with Copy, and the submitted applications its card brought. */
function SnippetRow({ scholarship }: { scholarship: EmbeddedScholarship }) {
  const [copied, setCopied] = useState(false);
  return (
    <Stack as="li" gap="2" py="4" borderBottomWidth="1px" aria-label={scholarship.title}>
      <HStack gap="2" flexWrap="wrap" justify="space-between">
        <HStack gap="2" flexWrap="wrap" minW="0">
          <Heading as="h3" size="sm" overflowWrap="anywhere">
            {scholarship.title}
          </Heading>
          <Badge colorPalette={scholarship.status === 'published' ? 'green' : 'gray'}>{STATUS_LABELS[scholarship.status] ?? scholarship.status}</Badge>
        </HStack>
        <Text fontWeight="semibold" data-testid="embed-count">
          {countText(scholarship.embedApplications)}
        </Text>
      </HStack>
      <Code as="pre" display="block" p="3" borderRadius="md" fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-all" aria-label={`Snippet for ${scholarship.title}`}>
        {scholarship.snippet}
      </Code>
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        aria-label={copied ? `Copied the snippet for ${scholarship.title}` : `Copy snippet for ${scholarship.title}`}
        onClick={() => void navigator.clipboard?.writeText(scholarship.snippet).then(() => setCopied(true))}
      >
        {copied ? 'Copied' : 'Copy snippet'}
      </Button>
    </Stack>
  );
}

/**
 * /app/settings/embed (docs/embedding.md): the sites allowed to show the organisation's cards, and
 * for each published scholarship the snippet to paste there and how many applications it brought.
 */
export function EmbedSettingsPage() {
  const settings = useQuery(embedSettingsQueryOptions);
  let body;
  if (settings.error) body = <LoadFailure error={settings.error} onRetry={() => void settings.refetch()} />;
  else if (!settings.data) body = <Skeleton role="status" aria-busy="true" height="40" borderRadius="xl" aria-label="Loading the embed settings" />;
  else {
    const { origins, scholarships } = settings.data;
    body = (
      <Stack gap="6">
        <AllowedSitesForm origins={origins} />
        <Box borderWidth="1px" borderRadius="xl" bg="bg" p="5">
          <Heading as="h2" size="md" mb="1">
            Your scholarship cards
          </Heading>
          <Text fontSize="sm" color="fg.muted" mb="2">
            Paste a card's snippet into a page of an allowed site. It shows the title, amount, deadline, who can apply and what to send, with a link to apply on
            ScholarMatch. An application counts here once the student who followed that link submits it.
          </Text>
          {origins.length === 0 && scholarships.length > 0 ? (
            <Text fontSize="sm" color="fg.warning" mb="2" role="note">
              No site is allowed yet: add yours above, or browsers will not show the cards.
            </Text>
          ) : null}
          {scholarships.length === 0 ? (
            <Text color="fg.muted">Publish a scholarship to get its card.</Text>
          ) : (
            <Stack as="ul" listStyleType="none" m="0" p="0" gap="0" aria-label="Scholarship cards">
              {scholarships.map((scholarship) => (
                <SnippetRow key={scholarship.id} scholarship={scholarship} />
              ))}
            </Stack>
          )}
        </Box>
      </Stack>
    );
  }
  return (
    <StudioPage title="Embed on your site" lead="Show your scholarships on your own website, and see the applications they bring." maxW="4xl">
      {body}
    </StudioPage>
  );
}
