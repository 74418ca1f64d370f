import { Alert, CloseButton, Link } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useState } from 'react';
import { currentSweepstakesQueryOptions } from '../../api/sweepstakes';
import { useCurrentUser } from '../../session/session-store';
import { SWEEPSTAKES_RULES_ANCHOR } from '../public/site-page';

const dismissedKey = (userId: string, sweepstakesId: string) => `sweepstakes-banner-dismissed:${userId}:${sweepstakesId}`;

/**
 * Completing the free registration enters the applicant into the running sweepstakes (as in the original product),
 * and a dismissible banner at the top of the dashboard says so. Dismissed once per sweepstakes,
 * remembered in this browser.
 */
export function SweepstakesEntryBanner() {
  const user = useCurrentUser();
  const entered = user?.isScholarshipApplied === true;
  const sweepstakes = useQuery({ ...currentSweepstakesQueryOptions, enabled: entered });
  const current = sweepstakes.data;
  const key = user && current ? dismissedKey(user.id, current.id) : null;
  const [dismissed, setDismissed] = useState(false);
  if (!entered || !current || !key || dismissed || localStorage.getItem(key)) return null;

  const dismiss = () => {
    localStorage.setItem(key, '1');
    setDismissed(true);
  };
  return (
    <Alert.Root status="success" borderRadius="lg" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>You are entered into the {current.title}*</Alert.Title>
        <Alert.Description>
          *Completing your free registration entered you automatically. No purchase necessary; see the{' '}
          <Link asChild colorPalette="brand" fontWeight="semibold">
            <RouterLink to="/terms" hash={SWEEPSTAKES_RULES_ANCHOR}>
              Official Sweepstakes Rules
            </RouterLink>
          </Link>
          .
        </Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" aria-label="Dismiss the sweepstakes notice" onClick={dismiss} />
    </Alert.Root>
  );
}
