import { Button, Dialog, Stack, Text } from '@chakra-ui/react';
import { formatDate } from '@scholarmatch/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { profileQueryOptions, type Applicant } from '../../api/profile';
import { currentSweepstakesQueryOptions, enterSweepstakes, SWEEPSTAKES_ANSWERS, type Sweepstakes } from '../../api/sweepstakes';
import { toaster } from '../../ui/toaster';
import { saveUser, useCurrentUser } from '../../session/session-store';
import { SmallDialog } from '../misc/SmallDialog';

/** The original words when entering fails without a message of its own (as in the original product). */
const ENTRY_FAILED = 'Failed to apply for scholarship. Please try again.';

/** The person has entered: remember it in the stored user and the caches, so the popup stays away. */
function useMarkApplied() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  return () => {
    if (user) saveUser({ ...user, isScholarshipApplied: true });
    queryClient.setQueryData(currentSweepstakesQueryOptions.queryKey, (current: Sweepstakes | null | undefined) => current && { ...current, applied: true });
    queryClient.setQueryData(profileQueryOptions.queryKey, (profile: Applicant | undefined) => profile && { ...profile, isScholarshipApplied: true });
  };
}

/**
 * Whether this dashboard visit offers the sweepstakes popup (undefined while that is being asked).
 * It stays true for the rest of the visit once it was, even after the person enters or declines:
 * the dashboard shows one popup per visit, and the sweepstakes comes first.
 */
export function useSweepstakesOfferedThisVisit(): boolean | undefined {
  const user = useCurrentUser();
  const alreadyEntered = user?.isScholarshipApplied === true;
  const sweepstakes = useQuery({ ...currentSweepstakesQueryOptions, enabled: !alreadyEntered });
  const [offered, setOffered] = useState(false);
  const offeredNow = !alreadyEntered && Boolean(sweepstakes.data && !sweepstakes.data.applied);
  if (offeredNow && !offered) setOffered(true);
  if (offered || offeredNow) return true;
  return alreadyEntered || !sweepstakes.isPending ? false : undefined;
}

/**
 * The dashboard's sweepstakes popup (as in the original product): shown while a sweepstakes runs that the
 * applicant has not entered. Apply answers with one of the original messages, each with its outcome.
 */
export function SweepstakesPopup() {
  const user = useCurrentUser();
  const alreadyEntered = user?.isScholarshipApplied === true;
  const sweepstakes = useQuery({ ...currentSweepstakesQueryOptions, enabled: !alreadyEntered });
  const [dismissed, setDismissed] = useState(false);
  const navigate = useNavigate();
  const markApplied = useMarkApplied();

  const outcomes: Record<string, (msg: string) => void> = {
    [SWEEPSTAKES_ANSWERS.applied]: (msg) => {
      markApplied();
      toaster.create({ type: 'success', title: msg });
    },
    [SWEEPSTAKES_ANSWERS.alreadyApplied]: markApplied,
    [SWEEPSTAKES_ANSWERS.updateProfile]: () => {
      setDismissed(true);
      void navigate({ to: '/auth/userdetails' });
    },
  };
  const entry = useMutation({
    mutationFn: enterSweepstakes,
    onSuccess: (msg) => (outcomes[msg] ?? ((text: string) => toaster.create({ type: 'error', title: text || ENTRY_FAILED })))(msg),
    onError: () => toaster.create({ type: 'error', title: ENTRY_FAILED }),
  });

  const current = sweepstakes.data;
  const open = Boolean(current && !current.applied && !alreadyEntered && !dismissed);
  return (
    <SmallDialog
      open={open}
      onClose={() => setDismissed(true)}
      title={current?.title}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">Not now</Button>
          </Dialog.ActionTrigger>
          <Button colorPalette="brand" loading={entry.isPending} onClick={() => current && entry.mutate(current.id)}>
            Apply
          </Button>
        </>
      }
    >
      <Stack gap="3">
        <Text>{current?.description}</Text>
        {current?.endsAt ? <Text color="fg.muted" textStyle="sm">Ends {formatDate(current.endsAt, 'monthFirst')}</Text> : null}
      </Stack>
    </SmallDialog>
  );
}
