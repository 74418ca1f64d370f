import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { currentSubscriptionQueryOptions } from '../../api/memberships';
import { saveSubscribed } from '../../session/session-store';

/**
 * The dashboard's subscription check (docs/decisions.md, "Memberships (web)", The stored flag): the server is asked on each dashboard
 * visit and the stored flag follows its answer, so the upsells and the gates match the membership
 * as it is now (a renewal that failed, a trial that ended). A failed check stores false.
 * Returns the server's answer: true or false, undefined while asked or after a failure.
 */
export function useSubscriptionCheck(): boolean | undefined {
  const check = useQuery(currentSubscriptionQueryOptions);
  const member = check.data?.isActiveSubscription;
  useEffect(() => {
    if (member !== undefined) saveSubscribed(member);
  }, [member, check.dataUpdatedAt]);
  useEffect(() => {
    if (check.isError) saveSubscribed(false);
  }, [check.isError]);
  return check.isError ? undefined : member;
}
