import { TRIAL_DAYS } from '@scholarmatch/schemas';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentSubscriptionQueryOptions, type FreeTrial } from '../../api/memberships';
import { saveSubscribed, useCan } from '../../session/session-store';

/** The trial as offered to anyone the server has not said otherwise of (a visitor; an answer not here yet or failed). */
const OFFERED: FreeTrial = { available: true, days: TRIAL_DAYS, usedAt: null };

/**
 * The signed-in applicant's free trial (docs/payments.md, "One free trial"): still to have, or used
 * on a day, after which every plan is billed at once. From the membership answer the dashboard
 * asks for too; the stored membership flag follows that answer here as well, so a membership that
 * ended since the last dashboard visit no longer hides the plan buttons.
 */
export function useFreeTrial(): FreeTrial {
  // Only someone who may buy a membership has a trial to have (an applicant).
  const applicant = useCan('buy_membership');
  const current = useQuery({ ...currentSubscriptionQueryOptions, enabled: applicant });
  const member = current.data?.isActiveSubscription;
  useEffect(() => {
    if (member !== undefined) saveSubscribed(member);
  }, [member, current.dataUpdatedAt]);
  return (applicant && current.data?.freeTrial) || OFFERED;
}
