import { TRIAL_DAYS } from '@scholarmatch/schemas';
import { useQuery } from '@tanstack/react-query';
import { currentSubscriptionQueryOptions, type FreeTrial } from '../../api/memberships';
import { useCurrentUser } from '../../session/session-store';

/** The trial as offered to anyone the server has not said otherwise of (a visitor; an answer not here yet or failed). */
const OFFERED: FreeTrial = { available: true, days: TRIAL_DAYS, usedAt: null };

/**
 * The signed-in applicant's free trial (docs/payments.md, "One free trial"): still to have, or used
 * on a day, after which every plan is billed at once. From the membership answer the dashboard
 * asks for too, so a visit usually has it already.
 */
export function useFreeTrial(): FreeTrial {
  const user = useCurrentUser();
  const applicant = user?.role === 'applicant';
  const current = useQuery({ ...currentSubscriptionQueryOptions, enabled: applicant });
  return (applicant && current.data?.freeTrial) || OFFERED;
}
