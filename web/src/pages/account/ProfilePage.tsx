import { Avatar, Box, Button, Container, Heading, HStack, Stack, Tabs, Text } from '@chakra-ui/react';
import { ageFromDateOfBirth, MESSAGES } from '@scholarmatch/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearch } from '@tanstack/react-router';
import { recommendationCountQueryOptions } from '../../api/scholarships';
import { isSubscribed, useCurrentUser } from '../../session/session-store';
import { PlansLink } from '../scholarships/membership-gate';
import { NewQuestionsNotice } from './NewQuestionsNotice';
import { ProfileFormPanel } from './ProfileFormPanel';
import { PROFILE_TABS, type ProfileTab } from './profile-search';

/** The three profile tabs (docs/architecture.md), each a served form. */
const TABS = [
  { value: 'education', label: 'Education', formKey: 'profile-education' },
  { value: 'basic', label: 'Basic', formKey: 'profile-basic' },
  { value: 'contact', label: 'Contact', formKey: 'profile-contact' },
] as const;

function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
}

/**
 * 'Eligible for N scholarships', N the recommendation count as the original client says (scholarships/stats):
 * every scholarship the applicant is eligible for now, the dashboard's Your Recommendation.
 * 0 when the count cannot be had, as the original client says; an ellipsis while it is asked, so a wrong 0
 * never flashes.
 */
function EligibleCount() {
  const count = useQuery(recommendationCountQueryOptions);
  const shown = count.isPending ? '…' : String(count.data ?? 0);
  return (
    <Text color="brand.700" fontWeight="semibold" aria-busy={count.isPending}>
      Eligible for {shown} scholarship{count.data === 1 ? '' : 's'}
    </Text>
  );
}

/**
 * /auth/profile: who the applicant is (name, age, eligible count, membership button) and the three
 * profile tabs.
 */
export function ProfilePage() {
  const user = useCurrentUser();
  // The tab shown is in the address (`?tab=basic`): the new questions' notice links to one.
  const { tab = 'education' } = useSearch({ strict: false }) as { tab?: ProfileTab };
  const navigate = useNavigate();
  if (!user) return null;
  const age = user.dob ? ageFromDateOfBirth(user.dob) : undefined;
  const subscribed = isSubscribed();
  return (
    <Container maxW="4xl" py={{ base: '8', md: '12' }}>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="5" align={{ sm: 'center' }} borderWidth="1px" borderRadius="2xl" bg="bg" p="6" mb="6">
        <Avatar.Root size="2xl" colorPalette="brand">
          <Avatar.Fallback>{initialsOf(user.firstName, user.lastName)}</Avatar.Fallback>
        </Avatar.Root>
        <Stack gap="1" flex="1">
          <Heading as="h1" size="xl">
            {user.firstName} {user.lastName}
          </Heading>
          {age !== undefined ? <Text color="fg.muted">{age} years old</Text> : null}
          <EligibleCount />
        </Stack>
        <HStack gap="3" flexWrap="wrap">
          <Button asChild variant="outline" colorPalette="yellow">
            {subscribed ? (
              <RouterLink to="/auth/dashboard/plan">View Subscription Plan</RouterLink>
            ) : (
              <PlansLink>Buy Subscription Plan</PlansLink>
            )}
          </Button>
          <Button asChild colorPalette="brand">
            <RouterLink to="/auth/dashboard">Go to Dashboard</RouterLink>
          </Button>
        </HStack>
      </Stack>
      <Box mb="6">
        <NewQuestionsNotice />
      </Box>
      <Box borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '4', md: '6' }}>
        <Tabs.Root
          value={PROFILE_TABS.includes(tab) ? tab : 'education'}
          onValueChange={(details) => void navigate({ to: '.', search: details.value === 'education' ? {} : { tab: details.value as ProfileTab }, replace: true })}
          colorPalette="brand"
          lazyMount
        >
          <Tabs.List mb="6">
            {TABS.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value}>
                {tab.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Content key={tab.value} value={tab.value}>
              <ProfileFormPanel formKey={tab.formKey} submitLabel="Save Changes" successText={MESSAGES.profileUpdated} hideTitle />
            </Tabs.Content>
          ))}
        </Tabs.Root>
      </Box>
    </Container>
  );
}
