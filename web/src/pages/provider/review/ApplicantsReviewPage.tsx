import { Button, HStack, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useParams, useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { failureText } from '../../../api/api-error';
import { studioScholarshipsQueryOptions } from '../../../api/providers';
import { applicantsQueryOptions, chooseWinners, reviewKeys, type ApplicantsQuery, type Winners } from '../../../api/review';
import { toaster } from '../../../ui/toaster';
import { useCan } from '../../../session/session-store';
import { isNotFound, NotFoundScreen } from '../../misc/NotFoundPage';
import { MISSING_SCHOLARSHIP, MISSING_SCHOLARSHIP_TEXT, UNTITLED } from '../scholarship-status';
import { LoadFailure, StudioPage } from '../StudioPage';
import { ActivityChart } from './ActivityChart';
import { ApplicantsFilters } from './ApplicantsFilters';
import { listQueryOf, PAGE_SIZE } from './applicants-search';
import { ApplicantsTable } from './ApplicantsTable';
import { DrawWinnersDialog } from './DrawWinnersDialog';
import { BlindReviewSwitch, DecisionNote, decisionText, DrawWinnersButton, ExportButton, useDecision } from './ReviewControls';
import { useStatusChange } from './StatusChange';

/** The message form brings the form engine: loaded on "Message" only, so the list does without it. */
const MessageDialog = lazy(() => import('./MessageDialog').then((module) => ({ default: module.MessageDialog })));

/** The scholarship's title, from the studio's list (owners and reviewers both have it). */
function useScholarshipTitle(id: string): string {
  const list = useQuery(studioScholarshipsQueryOptions);
  const title = list.data?.find((scholarship) => scholarship.id === id)?.title?.trim();
  return title || (list.data ? UNTITLED : 'Applicants');
}

function Pager({ offset, total, onOffset }: { offset: number; total: number; onOffset: (offset: number) => void }) {
  if (total === 0) return null;
  return (
    <HStack justify="space-between" gap="3" flexWrap="wrap">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {offset + 1}–{Math.min(offset + PAGE_SIZE, total)} of {total}
      </Text>
      <HStack gap="2">
        <Button size="sm" variant="outline" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - PAGE_SIZE))}>
          Previous page
        </Button>
        <Button size="sm" variant="outline" disabled={offset + PAGE_SIZE >= total} onClick={() => onOffset(offset + PAGE_SIZE)}>
          Next page
        </Button>
      </HStack>
    </HStack>
  );
}

/** What the owner may do with the selected rows (docs/review.md: messages and winners are the owner's). */
function SelectionBar({ scholarshipId, count, owner, choosing, onMessage, onChoose, onClear }: { scholarshipId: string; count: number; owner: boolean; choosing: boolean; onMessage: () => void; onChoose: () => void; onClear: () => void }) {
  const decision = useDecision(scholarshipId);
  if (count === 0 || !owner) return null;
  return (
    <HStack gap="3" flexWrap="wrap" borderWidth="1px" borderRadius="lg" bg="brand.subtle" px="4" py="2" role="region" aria-label="Selected applicants">
      <Text fontWeight="semibold">{count} selected</Text>
      <Button size="sm" colorPalette="brand" onClick={onMessage}>
        Message
      </Button>
      <Button size="sm" variant="outline" colorPalette="brand" loading={choosing} disabled={Boolean(decision)} title={decision ? decisionText(decision) : undefined} onClick={onChoose}>
        Choose as winners
      </Button>
      <Button size="sm" variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
    </HStack>
  );
}

/** Why the list is empty: no winners yet (the original /app/winner lands here), no match, or no application at all. */
function emptyListText(search: ApplicantsQuery, owner: boolean): string {
  const onlyWinners = search.status === 'Winner' && !search.search && !search.eligible;
  if (onlyWinners) return owner ? 'No winners chosen yet. Select applicants and choose them as winners, or draw winners.' : 'No winners chosen yet.';
  return Object.values(search).some((value) => value !== undefined) ? 'No applicant matches these filters.' : 'No submitted applications yet.';
}

/**
 * /app/scholarships/{id}/applicants (docs/review.md, "In the browser"): the activity chart, the
 * list with its filters, search, sort and pages, and the owner's actions (blind review, status,
 * messages, winners). The filters live in the address.
 */
export function ApplicantsReviewPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const search = useSearch({ strict: false }) as ApplicantsQuery;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const owner = useCan('manage_scholarships');
  const title = useScholarshipTitle(id);
  const list = useQuery(applicantsQueryOptions(id, listQueryOf(search)));
  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [messaging, setMessaging] = useState(false);
  const [drawing, setDrawing] = useState(false);
  const [choosing, setChoosing] = useState(false);

  const setSearch = (next: ApplicantsQuery) => void navigate({ to: '/app/scholarships/$id/applicants', params: { id }, search: next, replace: true });
  const select = (ids: string[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const rowId of ids) (on ? next.add(rowId) : next.delete(rowId));
      return next;
    });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: reviewKeys.all });

  const statusChange = useStatusChange(id, refresh);

  function decided(winners: Winners) {
    setSelected(new Set());
    queryClient.setQueryData(reviewKeys.winners(id), winners);
    toaster.create({ type: 'success', title: winners.winners.length === 1 ? '1 winner chosen' : `${winners.winners.length} winners chosen` });
    refresh();
  }

  async function chooseSelected() {
    setChoosing(true);
    try {
      decided(await chooseWinners(id, { applicationIds: [...selected] }));
    } catch (error) {
      toaster.create({ type: 'error', title: failureText(error) });
    } finally {
      setChoosing(false);
    }
  }

  if (isNotFound(list.error)) return <NotFoundScreen title={MISSING_SCHOLARSHIP} text={MISSING_SCHOLARSHIP_TEXT} />;
  let body;
  if (list.error) body = <LoadFailure error={list.error} onRetry={() => void list.refetch()} />;
  else if (!list.data) body = <Skeleton role="status" aria-busy="true" height="60" borderRadius="xl" aria-label="Loading the applicants" />;
  else if (list.data.total === 0) {
    body = <Text color="fg.muted">{emptyListText(search, owner)}</Text>;
  } else {
    body = (
      <>
        {list.data.eligibilityUpdating ? (
          <Text role="status" color="fg.muted" textStyle="sm" mb="3">
            Checking eligibility against the current rules… The column shows the last check until it is done.
          </Text>
        ) : null}
        <ApplicantsTable
          scholarshipId={id}
          rows={list.data.applicants}
          blindReview={list.data.blindReview}
          search={search}
          selected={selected}
          onSelect={select}
          onMove={owner ? (row, status) => statusChange.ask(row, status) : undefined}
        />
      </>
    );
  }

  return (
    <StudioPage
      title={title}
      maxW="7xl"
      lead={
        <HStack as="span" gap="3" flexWrap="wrap">
          <Link asChild color="brand.fg" fontSize="sm">
            <RouterLink to="/app/applicants">← All applicants</RouterLink>
          </Link>
          {owner ? (
            <Link asChild color="brand.fg" fontSize="sm">
              <RouterLink to="/app/scholarships/$id" params={{ id }} search={{ tab: 'review' }}>
                Rubric
              </RouterLink>
            </Link>
          ) : null}
        </HStack>
      }
      actions={
        <HStack gap="2" align="flex-start" flexWrap="wrap">
          <ExportButton scholarshipId={id} />
          {owner ? <DrawWinnersButton scholarshipId={id} onDraw={() => setDrawing(true)} /> : null}
        </HStack>
      }
    >
      <Stack gap="5">
        <BlindReviewSwitch scholarshipId={id} owner={owner} />
        <DecisionNote scholarshipId={id} />
        <ActivityChart scholarshipId={id} />
        <ApplicantsFilters search={search} blindReview={list.data?.blindReview ?? false} onChange={setSearch} />
        <SelectionBar
          scholarshipId={id}
          count={selected.size}
          owner={owner}
          choosing={choosing}
          onMessage={() => setMessaging(true)}
          onChoose={() => void chooseSelected()}
          onClear={() => setSelected(new Set())}
        />
        {body}
        {list.data ? <Pager offset={search.offset ?? 0} total={list.data.total} onOffset={(offset) => setSearch({ ...search, offset: offset || undefined })} /> : null}
      </Stack>
      {owner ? (
        <>
          {messaging ? (
            <Suspense fallback={null}>
              <MessageDialog scholarshipId={id} applicantIds={[...selected]} open onClose={() => setMessaging(false)} onSent={() => setSelected(new Set())} />
            </Suspense>
          ) : null}
          <DrawWinnersDialog scholarshipId={id} open={drawing} onClose={() => setDrawing(false)} onDrawn={decided} />
          {statusChange.dialog}
        </>
      ) : null}
    </StudioPage>
  );
}
