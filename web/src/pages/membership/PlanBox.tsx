import { Badge, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useId, type ReactNode } from 'react';
import type { Plan } from '../../api/memberships';
import { Benefits } from './Benefits';
import { benefitsOf, monthlyPriceText, offerText, PER_MONTH_TEXT } from './plan-text';

interface PlanBoxProps {
  plan: Plan;
  /** 'Save $120.00 a year', for the longer plans. */
  savings: string | null;
  /** The plan the person picked before signing up: marked so they find it again. */
  chosen: boolean;
  /** 'Activate 7 Days' (or 'Activate Now'), or nothing for a member. */
  action: ReactNode;
  /** The free days a checkout opened now gives: 7, or 0 once the person's trial is used. */
  trialDays: number;
}

/** One plan on the plans page: name, price per month, savings, what it is billed, benefits, and its button. */
export function PlanBox({ plan, savings, chosen, action, trialDays }: PlanBoxProps) {
  const titleId = useId();
  const highlighted = plan.mostPopular || chosen;
  return (
    <Stack
      as="article"
      aria-labelledby={titleId}
      position="relative"
      gap="5"
      bg="bg"
      borderRadius="2xl"
      borderWidth={highlighted ? '2px' : '1px'}
      borderColor={chosen ? 'yellow.500' : plan.mostPopular ? 'brand.500' : 'border'}
      boxShadow={plan.mostPopular ? 'lg' : 'sm'}
      p={{ base: '6', md: '7' }}
      pt={{ base: '8', md: '9' }}
    >
      <HStack position="absolute" top="-3" insetX="0" justify="center" gap="2">
        {plan.mostPopular ? (
          <Badge colorPalette="brand" variant="solid" size="lg" rounded="full" px="3">
            Most Popular
          </Badge>
        ) : null}
        {chosen ? (
          <Badge colorPalette="yellow" variant="solid" size="lg" rounded="full" px="3">
            Your choice
          </Badge>
        ) : null}
      </HStack>
      <Stack gap="2">
        <Heading as="h2" size="lg" id={titleId}>
          {plan.title}
        </Heading>
        <HStack align="baseline" gap="1.5" flexWrap="wrap">
          <Text fontSize="4xl" fontWeight="bold" lineHeight="1">
            {monthlyPriceText(plan.price)}
          </Text>
          <Text color="fg.muted">{PER_MONTH_TEXT}</Text>
        </HStack>
        {/* Side by side, the monthly plan keeps the line's height so the three boxes stay aligned. */}
        <Text color="green.700" fontWeight="semibold" minH="6" display={{ base: savings ? 'block' : 'none', md: 'block' }}>
          {savings}
        </Text>
        <Text color="fg.muted" fontSize="sm">
          {offerText(plan, trialDays)}
        </Text>
      </Stack>
      <Benefits benefits={benefitsOf(plan.description)} label={`${plan.title} benefits`} />
      {action ? <Stack mt="auto">{action}</Stack> : null}
    </Stack>
  );
}
