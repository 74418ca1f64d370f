import { Alert, Button, Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { type FreeTrial, plansQueryOptions, type Plan } from '../../api/memberships';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { useSubscribed } from '../../session/session-store';
import { MembershipForNote } from './membership-for';
import { forgetPlanChoice, pendingPlanChoice } from './plan-choice';
import { activateText, monthlyPlanOf, savingsText, trialUsedNotice } from './plan-text';
import { PlanBox } from './PlanBox';
import { Testimonials } from './Testimonials';
import { useActivatePlan } from './use-activate-plan';
import { useFreeTrial } from './use-free-trial';

/** A member has nothing to buy: the way to their own plan instead of the buttons. */
function MemberNote() {
  return (
    <Alert.Root status="info" borderRadius="lg">
      <Alert.Indicator />
      <Alert.Description>
        You already have a membership. Its plan, status and renewal date are on{' '}
        <Link asChild colorPalette="brand" fontWeight="semibold">
          <RouterLink to="/auth/dashboard/plan">My Subscription plan</RouterLink>
        </Link>
        .
      </Alert.Description>
    </Alert.Root>
  );
}

/** Once the free trial is used, the plans bill at once: said before the buttons, with the day it was used. */
function TrialUsedNote({ text }: { text: string }) {
  return (
    <Alert.Root status="info" borderRadius="lg">
      <Alert.Indicator />
      <Alert.Description>{text}</Alert.Description>
    </Alert.Root>
  );
}

/** The plan list could not be had: said plainly, with a way to ask again (docs/decisions.md). */
function PlansUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Stack align="center" gap="3" py="6">
      <Text color="fg.muted">The plans could not be loaded. Please try again in a moment.</Text>
      <Button variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}

function PlanBoxes({ plans, subscribed, trialDays }: { plans: Plan[]; subscribed: boolean; trialDays: number }) {
  const { activate, pendingPlanId, failure } = useActivatePlan();
  // The plan picked before signing up is marked on this visit, then forgotten: later sign-ins go to the dashboard.
  const [chosenPlanId] = useState(pendingPlanChoice);
  useEffect(() => forgetPlanChoice(), []);
  const monthlyPlan = monthlyPlanOf(plans);
  return (
    <Stack gap="6">
      <NoticeBanner notice={failure ? { status: 'error', text: failure } : null} />
      <SimpleGrid columns={{ base: 1, md: 3 }} gap={{ base: '8', md: '5', xl: '7' }} alignItems="stretch">
        {plans.map((plan) => (
          <PlanBox
            key={plan.id}
            plan={plan}
            savings={savingsText(plan, monthlyPlan)}
            chosen={plan.id === chosenPlanId}
            trialDays={trialDays}
            action={
              subscribed ? null : (
                <Button
                  colorPalette={plan.mostPopular ? 'brand' : 'gray'}
                  variant={plan.mostPopular ? 'solid' : 'outline'}
                  size="lg"
                  loading={pendingPlanId === plan.id}
                  disabled={pendingPlanId !== undefined}
                  onClick={() => activate(plan)}
                  aria-label={`${activateText(trialDays)}: ${plan.title}`}
                >
                  {activateText(trialDays)}
                </Button>
              )
            }
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The page's opening promise: the free trial while the person can have it. */
function introText(freeTrial: FreeTrial): string {
  return freeTrial.available ? `Every plan starts with a ${freeTrial.days}-day free trial, and you can cancel anytime.` : 'You can cancel anytime.';
}

/**
 * The plans (docs/decisions.md, "Memberships (web)", Prices): the three plan boxes with their prices per
 * month, benefits, savings and 'Activate 7 Days' ('Activate Now', billed at once, once the person's free trial
 * is used: docs/payments.md, "One free trial"), and the testimonials; reached from a scholarship, it
 * first names it and what a membership unlocks for it. Signed in at
 * /auth/dashboard/subscription-plan; signed out at /membership, where the button leads to sign-up.
 */
export function SubscriptionPlansPage() {
  const plans = useQuery(plansQueryOptions);
  const subscribed = useSubscribed();
  const freeTrial = useFreeTrial();
  const trialNotice = subscribed ? null : trialUsedNotice(freeTrial);
  // The scholarship a non-member tried to open, when they came from its details or its card.
  const triedToOpen = useLocation({ select: (location) => location.state.membershipFor });
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap={{ base: '8', md: '10' }}>
        <Stack gap="2" textAlign="center" align="center">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }}>
            Membership Plans
          </Heading>
          <Text color="fg.muted" fontSize="lg" maxW="2xl">
            Easy Apply fills in and sends applications to the scholarships you match. {introText(freeTrial)}
          </Text>
        </Stack>
        {triedToOpen && !subscribed ? <MembershipForNote scholarship={triedToOpen} /> : null}
        {subscribed ? <MemberNote /> : null}
        {trialNotice ? <TrialUsedNote text={trialNotice} /> : null}
        {plans.isPending ? (
          <Text role="status" textAlign="center" color="fg.muted" py="6">
            Please wait...
          </Text>
        ) : null}
        {plans.isError ? <PlansUnavailable onRetry={() => void plans.refetch()} /> : null}
        {plans.data ? <PlanBoxes plans={plans.data} subscribed={subscribed} trialDays={freeTrial.days} /> : null}
        <Stack as="section" gap="4" borderTopWidth="1px" pt={{ base: '8', md: '10' }}>
          <Heading as="h2" size="lg" textAlign="center">
            What members say
          </Heading>
          <Testimonials />
        </Stack>
      </Stack>
    </Container>
  );
}
