import { Button, Container, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatUsd } from '@scholarmatch/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { failureText } from '../../api/api-error';
import { dashboardSummaryQueryOptions, LIST_FILTERS, type DashboardSummary } from '../../api/scholarships';
import { useCurrentUser } from '../../session/session-store';
import { useSubscriptionCheck } from '../membership/use-subscription-check';
import { DashboardAssistant } from './assistant/DashboardAssistant';
import { DashboardList } from './DashboardList';
import { MembershipOfferPopup } from './MembershipOfferPopup';
import { NewQuestionsNotice } from './NewQuestionsNotice';
import { PromoCards } from './PromoCards';
import { SweepstakesEntryBanner } from './SweepstakesEntryBanner';
import { SweepstakesPopup, useSweepstakesOfferedThisVisit } from './SweepstakesPopup';

/**
 * The original four tiles, in its order, each with a line saying what it counts in the words the
 * other screens use (docs/matching.md, "The counts"): Your Recommendation is the number the
 * profile header and the offer call 'eligible for'.
 */
const TILES: { label: string; value: (summary: DashboardSummary) => string; counts: string }[] = [
  { label: 'Applied Scholarship', value: (s) => String(s.appliedScholarship), counts: 'applications you have sent' },
  { label: 'Your Recommendation', value: (s) => String(s.yourRecommendation), counts: 'scholarships you are eligible for' },
  { label: 'Scholarship Amount', value: (s) => formatUsd(s.scholarshipAmount), counts: 'what your recommendations are worth' },
  { label: 'Expiring Soon', value: (s) => String(s.expiringSoon), counts: 'recommendations closing within 14 days' },
];

function Tiles({ summary }: { summary: DashboardSummary | undefined }) {
  return (
    <SimpleGrid columns={{ base: 2, md: 4 }} gap="4">
      {TILES.map((tile) => (
        <Stack key={tile.label} gap="1" borderWidth="1px" borderRadius="xl" bg="bg" p="5">
          <Text color="fg.muted" fontSize="sm">
            {tile.label}
          </Text>
          {summary ? (
            <Text fontSize="2xl" fontWeight="bold">
              {tile.value(summary)}
            </Text>
          ) : (
            <Skeleton height="8" width="16" />
          )}
          <Text color="fg.muted" fontSize="xs">
            {tile.counts}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/**
 * "Complete your profile to unlock N more scholarships worth $X": the scholarships the applicant
 * could unlock, which no answer rules out but which ask something the profile leaves unanswered
 * (an optional question of the registration, a field added since).
 */
function UnlockCard({ unlock, registered }: { unlock: DashboardSummary['unlock']; registered: boolean }) {
  if (unlock.count === 0) return null;
  return (
    <HStack justify="space-between" flexWrap="wrap" gap="4" borderRadius="xl" bg="brand.50" borderWidth="1px" borderColor="brand.200" p="5">
      <Text fontWeight="semibold" color="brand.800">
        Complete your profile to unlock {unlock.count} more scholarship{unlock.count === 1 ? '' : 's'} worth {formatUsd(unlock.totalValue)}.{' '}
        <Text as="span" fontWeight="normal">
          {unlock.count === 1 ? 'It asks' : 'Each asks'} something your profile leaves unanswered.
        </Text>
      </Text>
      <Button asChild colorPalette="brand" size="sm">
        <RouterLink to={registered ? '/auth/profile' : '/auth/userdetails'}>Complete my profile</RouterLink>
      </Button>
    </HStack>
  );
}

/** The original three dashboard lists, 2 cards each, each with a 'View All' link to its screen. */
const DASHBOARD_LISTS = [
  { title: 'Recommended Scholarships', filter: LIST_FILTERS.recommendation, viewAll: '/auth/dashboard/recommendation' },
  { title: 'Easy Apply Scholarship', filter: LIST_FILTERS.easyApply, viewAll: '/auth/dashboard/easy-apply' },
  { title: 'Apply with CV only', filter: LIST_FILTERS.cvOnly, viewAll: '/auth/dashboard/easyApplyWithCv' },
] as const;

/**
 * /auth/dashboard: the welcome, the original stat tiles, the unlock hint, two promo cards, the
 * first scholarships of each list, the sweepstakes entry banner and one popup per visit: the
 * sweepstakes, or else the membership offer to a non-member. The summary and the lists are
 * fetched again on each visit, and so is the membership (the stored flag follows it).
 */
export function DashboardPage() {
  const user = useCurrentUser();
  const summary = useQuery(dashboardSummaryQueryOptions);
  const member = useSubscriptionCheck();
  const sweepstakesOffered = useSweepstakesOfferedThisVisit();
  return (
    <Container maxW="7xl" py={{ base: '6', md: '10' }}>
      <Stack gap="8">
        <NewQuestionsNotice />
        <SweepstakesEntryBanner />
        <Stack gap="6">
          <Stack gap="2">
            <HStack justify="space-between" gap="4" flexWrap="wrap">
              <Heading as="h1" size="2xl">
                Welcome back, {user?.firstName}!
              </Heading>
              <DashboardAssistant />
            </HStack>
            {summary.isError ? <Text color="fg.error">{failureText(summary.error)}</Text> : null}
          </Stack>
          <Tiles summary={summary.data} />
          {summary.data ? <UnlockCard unlock={summary.data.unlock} registered={Boolean(user?.isProfileUpdate)} /> : null}
          <PromoCards />
        </Stack>
        {DASHBOARD_LISTS.map((list) => (
          <DashboardList key={list.title} {...list} />
        ))}
      </Stack>
      <SweepstakesPopup />
      <MembershipOfferPopup allowed={member === false && sweepstakesOffered === false} />
    </Container>
  );
}
