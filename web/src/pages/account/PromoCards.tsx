import { Button, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useSubscribed } from '../../session/session-store';
import { PlansLink } from '../scholarships/membership-gate';
import { useFreeTrial } from '../membership/use-free-trial';

function PromoCard({ title, text, action, tone }: { title: string; text: string; action: ReactNode; tone: 'brand' | 'yellow' }) {
  return (
    <Stack
      gap="3"
      align="flex-start"
      justify="space-between"
      borderWidth="1px"
      borderRadius="xl"
      p="5"
      bg={tone === 'brand' ? 'brand.50' : 'yellow.50'}
      borderColor={tone === 'brand' ? 'brand.200' : 'yellow.200'}
    >
      <Stack gap="1">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {text}
        </Text>
      </Stack>
      {action}
    </Stack>
  );
}

/**
 * The dashboard's promo cards (as in the original product): keeping the profile complete, and the 7-day
 * free membership (as in the original product). Members are shown their plan instead.
 */
export function PromoCards() {
  const subscribed = useSubscribed();
  // Free days only for a person who has not had their trial (docs/payments.md, "One free trial").
  const { available: trialAvailable } = useFreeTrial();
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
      <PromoCard
        tone="brand"
        title="Your answers make your matches"
        text="Every answer in your profile can open scholarships that ask for it. Keep it complete and up to date."
        action={
          <Button asChild colorPalette="brand" variant="outline" size="sm">
            <RouterLink to="/auth/profile">Review my answers</RouterLink>
          </Button>
        }
      />
      {subscribed ? (
        <PromoCard
          tone="yellow"
          title="Your membership"
          text="See what your plan includes and when it renews."
          action={
            <Button asChild colorPalette="yellow" size="sm">
              <RouterLink to="/auth/dashboard/plan">See my plan</RouterLink>
            </Button>
          }
        />
      ) : (
        <PromoCard
          tone="yellow"
          title={trialAvailable ? '7-day free membership' : 'Membership'}
          text={`Members see every scholarship's details and apply to their matches automatically.${trialAvailable ? ' Try it free for 7 days.' : ''}`}
          action={
            <Button asChild colorPalette="yellow" size="sm">
              <PlansLink>See the membership</PlansLink>
            </Button>
          }
        />
      )}
    </SimpleGrid>
  );
}
