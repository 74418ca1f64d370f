import { Badge, Box, Button, CloseButton, Dialog, Heading, Portal, RadioCard, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { plansQueryOptions, type Plan } from '../../api/memberships';
import type { RefusedScholarship } from '../../api/api-error';
import { NoticeBanner } from '../../forms/NoticeBanner';
import { Carousel } from './Carousel';
import { membershipForSentence } from './membership-for';
import { activateText, monthlyPlanOf, monthlyPriceText, savingsText, shortTitleOf, trialUsedNotice } from './plan-text';
import { useActivatePlan } from './use-activate-plan';
import { useFreeTrial } from './use-free-trial';

/** What a membership adds, one slide each (docs/payments.md, opening paragraph). */
const BENEFITS = [
  { title: 'Easy Apply', text: 'Our application engine fills in and sends applications to the scholarships you match.' },
  { title: 'Every scholarship in full', text: 'See the details, the requirements and why you match for every scholarship.' },
  { title: 'Apply with your CV', text: 'Send your CV to every scholarship that asks for nothing more, in one go.' },
  { title: 'Apply again, automatically', text: 'Recurring scholarships get your application again each time they reopen.' },
];

/** The popup's colours follow the tile chosen (docs/decisions.md, "Memberships (web)", The popup), by how long the plan runs. */
function toneOf(plan: Plan | undefined): string {
  if (!plan || plan.intervalMonths === 1) return 'brand';
  return plan.intervalMonths === 12 ? 'purple' : 'orange';
}

function BenefitSlides() {
  return (
    <Carousel
      label="What a membership adds"
      itemName="benefit"
      rotateEveryMs={6000}
      onColor
      slides={BENEFITS.map((benefit) => (
        <Stack key={benefit.title} gap="1" textAlign="center" minH="20" justify="center">
          <Heading as="h3" size="md">
            {benefit.title}
          </Heading>
          <Text fontSize="sm">{benefit.text}</Text>
        </Stack>
      ))}
    />
  );
}

function PriceTiles({ plans, selected, onSelect }: { plans: Plan[]; selected: Plan; onSelect: (plan: Plan) => void }) {
  const monthlyPlan = monthlyPlanOf(plans);
  return (
    <RadioCard.Root
      value={selected.id}
      onValueChange={({ value }) => {
        const plan = plans.find((candidate) => candidate.id === value);
        if (plan) onSelect(plan);
      }}
      colorPalette={toneOf(selected)}
      size="sm"
      variant="surface"
      align="center"
    >
      <RadioCard.Label srOnly>Choose a plan</RadioCard.Label>
      <SimpleGrid columns={3} gap="2">
        {plans.map((plan) => (
          <RadioCard.Item key={plan.id} value={plan.id} position="relative" borderWidth="2px" _checked={{ borderColor: 'colorPalette.solid' }}>
            <RadioCard.ItemHiddenInput />
            <RadioCard.ItemControl px="1.5" pt="4" pb="3">
              <RadioCard.ItemContent gap="0.5">
                {plan.mostPopular ? (
                  <Badge position="absolute" top="-2.5" colorPalette="orange" variant="solid" size="xs" rounded="full">
                    Most Popular
                  </Badge>
                ) : null}
                <RadioCard.ItemText fontSize="sm">{shortTitleOf(plan.title)}</RadioCard.ItemText>
                <Text fontSize="xl" fontWeight="bold" lineHeight="1.2">
                  {monthlyPriceText(plan.price)}
                </Text>
                <RadioCard.ItemDescription fontSize="xs">/month + taxes</RadioCard.ItemDescription>
                {savingsText(plan, monthlyPlan) ? (
                  <Text fontSize="2xs" color="green.700" fontWeight="semibold">
                    {savingsText(plan, monthlyPlan)}
                  </Text>
                ) : null}
              </RadioCard.ItemContent>
            </RadioCard.ItemControl>
          </RadioCard.Item>
        ))}
      </SimpleGrid>
    </RadioCard.Root>
  );
}

/** The tiles and 'Activate 7 Days' (or 'Activate Now') for the tile chosen. */
function PlanChoice({ plans, selected, onSelect, trialDays }: { plans: Plan[]; selected: Plan; onSelect: (plan: Plan) => void; trialDays: number }) {
  const { activate, pendingPlanId, failure } = useActivatePlan();
  return (
    <Stack gap="4">
      <PriceTiles plans={plans} selected={selected} onSelect={onSelect} />
      <NoticeBanner notice={failure ? { status: 'error', text: failure } : null} />
      <Button colorPalette={toneOf(selected)} size="lg" loading={pendingPlanId !== undefined} onClick={() => activate(selected)}>
        {activateText(trialDays)}
      </Button>
    </Stack>
  );
}

/** The popup's content, mounted when it opens: the plans are asked for then. The most popular plan is chosen at first. */
function MembershipOptions({ scholarship }: { scholarship: RefusedScholarship | undefined }) {
  const plans = useQuery(plansQueryOptions);
  const freeTrial = useFreeTrial();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const offered = plans.data ?? [];
  const selected = offered.find((plan) => plan.id === selectedId) ?? offered.find((plan) => plan.mostPopular) ?? offered[0];
  return (
    <Dialog.Content colorPalette={toneOf(selected)} overflow="hidden">
      <Box bg="colorPalette.solid" color="colorPalette.contrast" px="6" pt="5" pb="4" transition="background 0.2s">
        <Dialog.Header p="0" mb="3" justifyContent="center">
          <Dialog.Title>Membership Options</Dialog.Title>
        </Dialog.Header>
        <BenefitSlides />
      </Box>
      <Dialog.Body pt="5">
        <Stack gap="3">
          {scholarship ? (
            <Dialog.Description fontWeight="medium" textAlign="center" overflowWrap="anywhere">
              {membershipForSentence(scholarship)}
            </Dialog.Description>
          ) : null}
          <Text textAlign="center" fontSize="sm" color="fg.muted">
            {trialUsedNotice(freeTrial) ?? `Start with ${freeTrial.days} days free.`} Cancel anytime.
          </Text>
          {plans.isPending ? (
            <Text role="status" textAlign="center" color="fg.muted">
              Please wait...
            </Text>
          ) : null}
          {plans.isError ? <Text color="fg.muted" textAlign="center">The plans could not be loaded. Please try again in a moment.</Text> : null}
          {selected ? <PlanChoice plans={offered} selected={selected} onSelect={(plan) => setSelectedId(plan.id)} trialDays={freeTrial.days} /> : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer justifyContent="center" pt="0">
        <Dialog.ActionTrigger asChild>
          <Button variant="plain" textDecoration="underline" color="fg.muted">
            No Thanks
          </Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close" color="colorPalette.contrast" _hover={{ bg: 'whiteAlpha.300' }} />
      </Dialog.CloseTrigger>
    </Dialog.Content>
  );
}

/**
 * The narrow-screen popup ('Membership Options'; docs/decisions.md, "Memberships (web)", The popup): a benefits carousel, three
 * price tiles (the chosen one highlighted, the popup's colours following it), 'Activate 7 Days'
 * for the chosen plan and 'No Thanks', which closes it. Opened from a scholarship, it names it first.
 */
export function MembershipOptionsDialog({
  open,
  onOpenChange,
  scholarship,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The scholarship the person tried to open, named above the tiles. */
  scholarship?: RefusedScholarship;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <MembershipOptions scholarship={scholarship} />
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
