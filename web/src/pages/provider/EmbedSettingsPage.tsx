import { Badge, Box, Button, Code, Field, Heading, HStack, NativeSelect, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
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

/**
 * One scholarship at a time (an organisation may have hundreds): chosen in a list, with its
 * snippet, Copy, and the submitted applications its card brought.
 */
function SnippetPanel({ scholarships }: { scholarships: EmbeddedScholarship[] }) {
  const [chosenId, setChosenId] = useState(scholarships[0].id);
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const chosen = scholarships.find((scholarship) => scholarship.id === chosenId) ?? scholarships[0];
  return (
    <Stack gap="3">
      <Field.Root maxW="xl">
        <Field.Label>Scholarship</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field value={chosen.id} onChange={(event) => setChosenId(event.target.value)}>
            {scholarships.map((scholarship) => (
              <option key={scholarship.id} value={scholarship.id}>
                {scholarship.status === 'closed' ? `${scholarship.title} (closed)` : scholarship.title}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Stack gap="2" borderWidth="1px" borderRadius="lg" p="4" role="region" aria-label={chosen.title}>
        <HStack gap="2" flexWrap="wrap" justify="space-between">
          <HStack gap="2" flexWrap="wrap" minW="0">
            <Heading as="h3" size="sm" overflowWrap="anywhere">
              {chosen.title}
            </Heading>
            <Badge colorPalette={chosen.status === 'published' ? 'green' : 'gray'}>{STATUS_LABELS[chosen.status] ?? chosen.status}</Badge>
          </HStack>
          <Text fontWeight="semibold">{countText(chosen.embedApplications)}</Text>
        </HStack>
        <Code as="pre" display="block" p="3" borderRadius="md" fontSize="xs" whiteSpace="pre-wrap" wordBreak="break-all" aria-label="Snippet">
          {chosen.snippet}
        </Code>
        <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => void navigator.clipboard?.writeText(chosen.snippet).then(() => setCopiedId(chosen.id))}>
          {copiedId === chosen.id ? 'Copied' : 'Copy snippet'}
        </Button>
      </Stack>
    </Stack>
  );
}

/** The scholarships whose cards have brought applications, most first; the rest have none yet. */
function BroughtApplications({ scholarships }: { scholarships: EmbeddedScholarship[] }) {
  const brought = scholarships.filter((scholarship) => scholarship.embedApplications > 0).sort((a, b) => b.embedApplications - a.embedApplications);
  const total = brought.reduce((sum, scholarship) => sum + scholarship.embedApplications, 0);
  return (
    <Box borderWidth="1px" borderRadius="xl" bg="bg" p="5">
      <Heading as="h2" size="md" mb="1">
        Applications through your site
      </Heading>
      <Text color="fg.muted" mb="2" fontSize="sm">
        Submitted applications from students who followed a card&apos;s Apply link.
      </Text>
      {brought.length === 0 ? (
        <Text>None yet.</Text>
      ) : (
        <Stack as="dl" gap="1" aria-label="Applications through your site">
          {brought.map((scholarship) => (
            <HStack key={scholarship.id} justify="space-between" gap="3" borderBottomWidth="1px" py="1.5">
              <Text as="dt" overflowWrap="anywhere">
                {scholarship.title}
              </Text>
              <Text as="dd" fontWeight="semibold">
                {scholarship.embedApplications}
              </Text>
            </HStack>
          ))}
          <HStack justify="space-between" gap="3" pt="1">
            <Text as="dt" fontWeight="semibold">
              Total
            </Text>
            <Text as="dd" fontWeight="semibold">
              {total}
            </Text>
          </HStack>
        </Stack>
      )}
    </Box>
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
          <Text fontSize="sm" color="fg.muted" mb="3">
            Paste a card&apos;s snippet into a page of an allowed site. It shows the title, amount, deadline, who can apply and what to send, with a link to apply on
            ScholarMatch.
          </Text>
          {origins.length === 0 && scholarships.length > 0 ? (
            <Text fontSize="sm" color="orange.800" fontWeight="medium" mb="3" role="note">
              No site is allowed yet: add yours above, or browsers will not show the cards.
            </Text>
          ) : null}
          {scholarships.length === 0 ? <Text color="fg.muted">Publish a scholarship to get its card.</Text> : <SnippetPanel scholarships={scholarships} />}
        </Box>
        <BroughtApplications scholarships={scholarships} />
      </Stack>
    );
  }
  return (
    <StudioPage title="Embed on your site" lead="Show your scholarships on your own website, and see the applications they bring." maxW="4xl">
      {body}
    </StudioPage>
  );
}
