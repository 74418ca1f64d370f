import { Button, Container, Heading, HStack, Link, List, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { currentSubscriptionQueryOptions } from '../../api/memberships';
import { formatDayMonthYear } from '../../ui/dates';
import { PlansLink } from '../scholarships/membership-gate';

const STATUS_WORDS = { trialing: 'in its free trial', active: 'active', past_due: 'active, with a payment being retried', canceled: 'cancelled', expired: 'ended' } as const;

/** What the person's membership is now, in a sentence, with the way to it. */
function MembershipState() {
  const current = useQuery(currentSubscriptionQueryOptions);
  if (current.isPending) return <Skeleton height="6" width="xs" />;
  const record = current.data?.userWithSubscription[0];
  if (current.isError || !record) {
    return (
      <HStack gap="4" flexWrap="wrap">
        <Text>You are not subscribed.</Text>
        <Button asChild size="sm" colorPalette="brand">
          <PlansLink>See Membership Plans</PlansLink>
        </Button>
      </HStack>
    );
  }
  const until = record.next_billing_date ? formatDayMonthYear(record.next_billing_date) : null;
  return (
    <HStack gap="4" flexWrap="wrap">
      <Text>
        Your {record.title} is {STATUS_WORDS[record.status]}
        {until ? (record.status === 'canceled' ? `; its benefits last until ${until}` : record.status === 'expired' ? '' : `; next billing date ${until}`) : ''}.
      </Text>
      <Button asChild size="sm" variant="outline" colorPalette="brand">
        <RouterLink to="/auth/dashboard/plan">My Subscription plan</RouterLink>
      </Button>
    </HStack>
  );
}

/** /auth/dashboard/subscription-support (docs/support.md): the original help text, the membership as it is, and where to write. */
export function SubscriptionSupportPage() {
  return (
    <Container maxW="3xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6" borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '6', md: '10' }}>
        <Heading as="h1" size="2xl">
          Subscription Support
        </Heading>
        <MembershipState />
        <Stack gap="3">
          <Heading as="h2" size="md">
            Something not working with your membership?
          </Heading>
          <List.Root ps="5" gap="2" color="fg.muted">
            <List.Item>Try logging out and in again: your membership is checked each time you sign in.</List.Item>
            <List.Item>
              If the issue persists, e-mail us through the{' '}
              <Link asChild colorPalette="brand" fontWeight="semibold">
                <RouterLink to="/auth/dashboard/support">support form</RouterLink>
              </Link>
              , and tell us which plan you chose and when. We usually answer within 24 hours.
            </List.Item>
          </List.Root>
        </Stack>
      </Stack>
    </Container>
  );
}
