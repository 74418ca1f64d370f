import { Badge, Button, Code, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../../api/api-error';
import { downloadApplicantsCsv, reviewKeys, reviewSettingsQueryOptions, saveReviewSettings, winnersQueryOptions } from '../../../api/review';
import { toaster } from '../../../ui/toaster';
import { formatDate } from './review-labels';

/**
 * The blind-review switch (docs/review.md, "Blind review"): the owner turns it on or off; a
 * reviewer is told when it is on. It hides names from everyone, the owner included.
 */
export function BlindReviewSwitch({ scholarshipId, owner }: { scholarshipId: string; owner: boolean }) {
  const queryClient = useQueryClient();
  const settings = useQuery(reviewSettingsQueryOptions(scholarshipId));
  const [saving, setSaving] = useState(false);
  const on = settings.data?.blindReview ?? false;
  if (!owner) return on ? <Badge colorPalette="purple">Blind review: names are hidden</Badge> : null;

  async function toggle(next: boolean) {
    setSaving(true);
    try {
      queryClient.setQueryData(reviewSettingsQueryOptions(scholarshipId).queryKey, await saveReviewSettings(scholarshipId, next));
      // Names, search and sorting by name change with it.
      void queryClient.invalidateQueries({ queryKey: reviewKeys.applicants(scholarshipId) });
    } catch (error) {
      toaster.create({ type: 'error', title: failureText(error) });
    } finally {
      setSaving(false);
    }
  }
  return (
    <Switch.Root checked={on} disabled={!settings.data || saving} onCheckedChange={({ checked }) => void toggle(checked)} colorPalette="brand">
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>Blind review (hide names, e-mails, phones and schools)</Switch.Label>
    </Switch.Root>
  );
}

/** Export CSV (docs/review.md, "Export"): fetched with the token and saved as the server names it. */
export function ExportButton({ scholarshipId }: { scholarshipId: string }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      await downloadApplicantsCsv(scholarshipId);
    } catch (error) {
      toaster.create({ type: 'error', title: 'The export failed', description: failureText(error) });
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" colorPalette="brand" size="sm" loading={busy} onClick={() => void download()}>
      Export CSV
    </Button>
  );
}

/**
 * How the winners were chosen (docs/review.md, "Winners"): by hand, or by a draw whose seed and
 * candidates are recorded so anyone can recompute it.
 */
export function DecisionNote({ scholarshipId }: { scholarshipId: string }) {
  const winners = useQuery(winnersQueryOptions(scholarshipId));
  const decision = winners.data?.decisions.at(-1);
  if (!decision) return null;
  return (
    <Stack as="section" aria-label="Winners" gap="2" borderWidth="1px" borderColor="green.muted" borderRadius="xl" bg="green.subtle" p="4">
      <HStack gap="2" flexWrap="wrap">
        <Text fontWeight="semibold">
          {decision.winnerIds.length === 1 ? '1 winner' : `${decision.winnerIds.length} winners`} chosen {decision.method === 'draw' ? 'by a draw' : 'by hand'} on{' '}
          {formatDate(decision.decidedAt)}
        </Text>
        {winners.data?.winners.map((row) => (
          <Badge key={row.id} colorPalette="green" fontFamily="mono">
            {row.reference}
          </Badge>
        ))}
      </HStack>
      {decision.seed ? (
        <Text fontSize="sm">
          Drawn among {decision.candidateIds.length} eligible applications with the seed <Code wordBreak="break-all">{decision.seed}</Code>. Anyone with the seed and
          the candidates can recompute the draw.
        </Text>
      ) : null}
    </Stack>
  );
}

/** The winners of the scholarship's decision, if one was taken (a second one is refused: 409 WINNERS_CHOSEN). */
export function useDecision(scholarshipId: string) {
  const winners = useQuery(winnersQueryOptions(scholarshipId));
  const decision = winners.data?.decisions.at(-1);
  if (!decision) return undefined;
  const names = (winners.data?.winners ?? []).map((row) => row.name ?? row.reference);
  return { decidedAt: decision.decidedAt, names };
}

/** "Winners chosen on 27 Nov 2026: Zoë Muñoz, Sam Lee": who won and when, beside the disabled actions. */
export function decisionText(decision: { decidedAt: string; names: string[] }): string {
  const who = decision.names.length ? `: ${decision.names.join(', ')}` : '';
  return `Winners chosen on ${formatDate(decision.decidedAt)}${who}`;
}

/**
 * The owner's *Draw winners*: once winners are chosen (by hand or by a draw) it is disabled and
 * says who won and when, since the server refuses a second decision (docs/review.md, "Winners").
 */
export function DrawWinnersButton({ scholarshipId, onDraw }: { scholarshipId: string; onDraw: () => void }) {
  const decision = useDecision(scholarshipId);
  if (!decision) {
    return (
      <Button size="sm" colorPalette="brand" onClick={onDraw}>
        Draw winners
      </Button>
    );
  }
  return (
    <Stack gap="1" align={{ base: 'flex-start', md: 'flex-end' }} maxW="sm">
      <Button size="sm" colorPalette="brand" disabled aria-describedby="draw-winners-done">
        Draw winners
      </Button>
      <Text id="draw-winners-done" fontSize="xs" color="fg.muted" textAlign={{ base: 'start', md: 'end' }}>
        {decisionText(decision)}
      </Text>
    </Stack>
  );
}
