import { Badge, Button, Container, Dialog, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { MESSAGES, TRIAL_DAYS } from '@scholarmatch/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useEffect, useState, type ReactNode } from 'react';
import { failureText } from '../../api/api-error';
import { cancelSubscription, currentSubscriptionQueryOptions, type CurrentSubscription, type FreeTrial, type SubscriptionRecord } from '../../api/memberships';
import { formatDayMonthYear } from '../../ui/dates';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { saveSubscribed } from '../../session/session-store';
import { PLANS_PATH, PlansLink } from '../scholarships/membership-gate';
import { Benefits } from './Benefits';
import { benefitsOf, monthlyPriceText, PER_MONTH_TEXT, trialUsedNotice } from './plan-text';
import { SmallDialog } from '../misc/SmallDialog';

type Status = SubscriptionRecord['status'];

const STATUS_BADGES: Record<Status, { label: string; colorPalette: string }> = {
  trialing: { label: 'Free trial', colorPalette: 'blue' },
  active: { label: 'Active', colorPalette: 'green' },
  past_due: { label: 'Payment failed', colorPalette: 'orange' },
  canceled: { label: 'Cancelled', colorPalette: 'gray' },
  expired: { label: 'Expired', colorPalette: 'gray' },
};

/** A membership in these states still renews, so it can be cancelled. */
const CANCELLABLE: Status[] = ['trialing', 'active', 'past_due'];

const dateOf = (iso: string | null) => (iso ? formatDayMonthYear(iso) : null);

/** What the state means for the person, with its date. A cancelled plan keeps its benefits until the next billing date (docs/payments.md, "States"). */
function statusNote(record: SubscriptionRecord): string | null {
  const nextBilling = dateOf(record.next_billing_date);
  switch (record.status) {
    case 'trialing': {
      const trialEnds = dateOf(record.trial_ends_at) ?? nextBilling;
      return trialEnds ? `Your ${TRIAL_DAYS}-day free trial ends on ${trialEnds}. Your plan then renews automatically.` : null;
    }
    case 'active':
      return nextBilling ? `Your plan renews on ${nextBilling}.` : null;
    case 'past_due':
      return 'Your last payment failed. The payment provider is retrying it, and your benefits continue meanwhile.';
    case 'canceled':
      return nextBilling ? `Your subscription is cancelled. Your benefits last until ${nextBilling}.` : 'Your subscription is cancelled.';
    case 'expired':
      return 'Your subscription has ended.';
  }
}


/**
 * 'Cancel Subscription': the confirmation, the call, then the done dialog. Closing the done dialog
 * shows the record the server answered, and stores the membership flag false only if that record
 * says the benefits have ended: the server keeps them until the next billing date.
 */
function CancelSubscription({ record }: { record: SubscriptionRecord }) {
  const [confirming, setConfirming] = useState(false);
  const queryClient = useQueryClient();
  const cancel = useMutation({ mutationFn: () => cancelSubscription(record), onSuccess: () => setConfirming(false) });
  const cancelled = cancel.data;

  const closeDone = () => {
    if (!cancelled) return;
    if (!cancelled.is_active_subscription) saveSubscribed(false);
    queryClient.setQueryData<CurrentSubscription>(currentSubscriptionQueryOptions.queryKey, (previous) =>
      previous && { ...previous, userWithSubscription: [cancelled], isActiveSubscription: cancelled.is_active_subscription },
    );
    cancel.reset();
  };
  const benefitsUntil = cancelled?.is_active_subscription ? dateOf(cancelled.next_billing_date) : null;

  return (
    <>
      <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
        Cancel Subscription
      </Button>
      <SmallDialog
        open={confirming}
        onClose={() => {
          setConfirming(false);
          if (cancel.isError) cancel.reset();
        }}
        title="Confirm Subscription Cancellation"
        footer={
          <>
            <Dialog.ActionTrigger asChild>
              <Button variant="outline">No</Button>
            </Dialog.ActionTrigger>
            <Button colorPalette="red" loading={cancel.isPending} onClick={() => cancel.mutate()}>
              Yes, Cancel
            </Button>
          </>
        }
      >
        <Stack gap="3">
          <Text>Are you sure you want to cancel your subscription?</Text>
          <NoticeBanner notice={cancel.isError ? { status: 'error', text: failureText(cancel.error) } : null} />
        </Stack>
      </SmallDialog>
      <SmallDialog
        open={Boolean(cancelled)}
        onClose={closeDone}
        title={MESSAGES.subscriptionCancelled}
        footer={
          <Dialog.ActionTrigger asChild>
            <Button colorPalette="brand">OK</Button>
          </Dialog.ActionTrigger>
        }
      >
        <Text>
          {benefitsUntil
            ? `Your plan will not renew. Your benefits last until ${benefitsUntil}.`
            : 'Your plan will not renew, and its benefits have ended.'}
        </Text>
      </SmallDialog>
    </>
  );
}

function PlanDetails({ record }: { record: SubscriptionRecord }) {
  const badge = STATUS_BADGES[record.status];
  const note = statusNote(record);
  return (
    <Stack gap="6" borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '6', md: '8' }}>
      <Stack gap="2">
        <HStack gap="3" flexWrap="wrap">
          <Heading as="h2" size="xl">
            {record.title}
          </Heading>
          <Badge colorPalette={badge.colorPalette} size="lg" rounded="full" px="3">
            {badge.label}
          </Badge>
        </HStack>
        <HStack align="baseline" gap="1.5">
          <Text fontSize="3xl" fontWeight="bold" lineHeight="1">
            {monthlyPriceText(record.price)}
          </Text>
          <Text color="fg.muted">{PER_MONTH_TEXT}</Text>
        </HStack>
        {note ? <Text color={record.status === 'past_due' ? 'orange.700' : 'fg.muted'}>{note}</Text> : null}
      </Stack>
      <Stack gap="3">
        <Heading as="h3" size="md">
          Your benefits
        </Heading>
        <Benefits benefits={benefitsOf(record.description)} />
      </Stack>
      <HStack gap="3" flexWrap="wrap">
        {CANCELLABLE.includes(record.status) ? <CancelSubscription record={record} /> : null}
        <Button asChild colorPalette="brand">
          <RouterLink to={PLANS_PATH}>View all plans</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}

/**
 * Someone without a membership: the 'You are not subscribed' dialog, and the way to the plans behind
 * it; the free trial offered only to a person who has not had it (docs/payments.md, "One free trial").
 */
function NotSubscribed({ freeTrial }: { freeTrial: FreeTrial }) {
  const trialNotice = trialUsedNotice(freeTrial);
  const [open, setOpen] = useState(true);
  // The server says there is no membership: the stored flag follows, so the upsells show again.
  useEffect(() => saveSubscribed(false), []);
  const plansButton = (
    <Button asChild colorPalette="brand">
      <PlansLink onClick={() => setOpen(false)}>View all plans</PlansLink>
    </Button>
  );
  return (
    <>
      <Stack gap="4" borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '6', md: '8' }} align="flex-start">
        <Text color="fg.muted">
          You have no membership at the moment. {trialNotice ?? `Every plan starts with a ${TRIAL_DAYS}-day free trial.`}
        </Text>
        {plansButton}
      </Stack>
      <SmallDialog
        open={open}
        onClose={() => setOpen(false)}
        title="You are not subscribed"
        footer={
          <>
            <Dialog.ActionTrigger asChild>
              <Button variant="outline">Close</Button>
            </Dialog.ActionTrigger>
            {plansButton}
          </>
        }
      >
        <Text>
          {freeTrial.available ? `Start a ${TRIAL_DAYS}-day free trial` : 'Choose a plan'} to see every scholarship in full and let Easy Apply send your
          applications for you.
        </Text>
      </SmallDialog>
    </>
  );
}

/**
 * /auth/dashboard/plan, 'My Subscription plan' (docs/decisions.md, "Memberships (web)"): the plan's monthly
 * price, title, status and benefits, cancelling it, and the way to every plan. A person without a
 * membership gets the 'You are not subscribed' dialog.
 */
export function MyPlanPage() {
  const subscription = useQuery(currentSubscriptionQueryOptions);
  const record = subscription.data?.userWithSubscription[0];
  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      <Heading as="h1" size="2xl" mb="6">
        My Subscription plan
      </Heading>
      {subscription.isPending ? (
        <Text role="status" color="fg.muted">
          Please wait...
        </Text>
      ) : null}
      {subscription.isError ? (
        <Stack gap="3" align="flex-start">
          <Text color="fg.error">{failureText(subscription.error)}</Text>
          <Button variant="outline" onClick={() => void subscription.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : null}
      {subscription.data && !subscription.data.isActiveSubscription ? <NotSubscribed freeTrial={subscription.data.freeTrial} /> : null}
      {record && subscription.data?.isActiveSubscription ? <PlanDetails record={record} /> : null}
    </Container>
  );
}
