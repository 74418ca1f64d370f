import { Button, Dialog, Text } from '@chakra-ui/react';
import { TRIAL_DAYS } from '@scholarmatch/schemas';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { recommendationCountQueryOptions } from '../../api/scholarships';
import { useCurrentUser } from '../../session/session-store';
import { useMembershipPrompt } from '../scholarships/membership-gate';
import { useFreeTrial } from '../membership/use-free-trial';
import { SmallDialog } from '../misc/SmallDialog';

const dismissedKey = (userId: string) => `membership-offer-dismissed:${userId}`;

/** Dismissals last for the tab's session: the next visit to the site may offer it again. */
function tabStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/**
 * The dashboard's offer of a free 7-day membership to non-members (docs/decisions.md, "Memberships (web)"), with the
 * applicant's own first name and recommendation count (never hard-coded): the profile header's
 * 'Eligible for N' in the same words. Shown only
 * when `allowed` (the server said "not a member" and no sweepstakes popup is offered this visit)
 * and the applicant is eligible for at least one scholarship; 'See Membership Plans' leads to the plans
 * (page or popup by width). Either choice closes it for the rest of the tab's session.
 */
export function MembershipOfferPopup({ allowed }: { allowed: boolean }) {
  const user = useCurrentUser();
  const count = useQuery({ ...recommendationCountQueryOptions, enabled: allowed && Boolean(user) });
  const [dismissed, setDismissed] = useState(() => !user || Boolean(tabStorage()?.getItem(dismissedKey(user.id))));
  const promptMembership = useMembershipPrompt();
  const freeTrial = useFreeTrial();
  const matches = count.data ?? 0;
  const open = allowed && !dismissed && matches > 0;

  const dismiss = () => {
    if (user) tabStorage()?.setItem(dismissedKey(user.id), '1');
    setDismissed(true);
  };
  return (
    <SmallDialog
      open={open}
      onClose={dismiss}
      title={`${user?.firstName}, you are eligible for ${matches} scholarship${matches === 1 ? '' : 's'}!`}
      footer={
        <>
          <Dialog.ActionTrigger asChild>
            <Button variant="outline">Not now</Button>
          </Dialog.ActionTrigger>
          <Button
            colorPalette="yellow"
            onClick={() => {
              dismiss();
              promptMembership();
            }}
          >
            See Membership Plans
          </Button>
        </>
      }
    >
      <Text>
        {/* Free days only for a person who has not had their trial (docs/payments.md, "One free trial"). */}
        {freeTrial.available ? `Try the membership free for ${TRIAL_DAYS} days` : 'Become a member'}: see every scholarship in full, and let Easy Apply
        fill in and send your applications for you. Cancel anytime.
      </Text>
    </SmallDialog>
  );
}
