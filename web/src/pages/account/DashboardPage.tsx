import { Box, Button, Container, Heading, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { formatUsd } from '@scholarmatch/schemas';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { dashboardSummaryQueryOptions, type DashboardSummary } from '../../api/scholarships';
import { useCurrentUser } from '../../session/session-store';

/** The seed's four tiles, in its order. */
const TILES: { label: string; value: (summary: DashboardSummary) => string }[] = [
  { label: 'Applied Scholarship', value: (s) => String(s.appliedScholarship) },
  { label: 'Your Recommendation', value: (s) => String(s.yourRecommendation) },
  { label: 'Scholarship Amount', value: (s) => formatUsd(s.scholarshipAmount) },
  { label: 'Expiring Soon', value: (s) => String(s.expiringSoon) },
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
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** "Complete your profile to unlock N more scholarships worth $X": what a missing answer keeps out. */
function UnlockCard({ unlock, registered }: { unlock: DashboardSummary['unlock']; registered: boolean }) {
  if (unlock.count === 0) return null;
  return (
    <HStack justify="space-between" flexWrap="wrap" gap="4" borderRadius="xl" bg="brand.50" borderWidth="1px" borderColor="brand.200" p="5">
      <Text fontWeight="semibold" color="brand.800">
        Complete your profile to unlock {unlock.count} more scholarship{unlock.count === 1 ? '' : 's'} worth {formatUsd(unlock.totalValue)}.
      </Text>
      <Button asChild colorPalette="brand" size="sm">
        <RouterLink to={registered ? '/auth/profile' : '/auth/userdetails'}>Complete my profile</RouterLink>
      </Button>
    </HStack>
  );
}

/**
 * /auth/dashboard: the welcome, the seed's stat tiles and the unlock hint. The scholarship lists
 * (Recommended, Easy Apply, Apply with CV only) come with the list screens.
 */
export function DashboardPage() {
  const user = useCurrentUser();
  const summary = useQuery(dashboardSummaryQueryOptions);
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="6">
        <Stack gap="2">
          <Heading as="h1" size="2xl">
            Welcome back, {user?.firstName}!
          </Heading>
          {summary.isError ? <Text color="fg.error">{summary.error.message}</Text> : null}
        </Stack>
        <Tiles summary={summary.data} />
        {summary.data ? <UnlockCard unlock={summary.data.unlock} registered={Boolean(user?.isProfileUpdate)} /> : null}
        <Box borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '6', md: '8' }}>
          <Text color="fg.muted" fontSize="lg" mb="4">
            The scholarship lists open here soon. Meanwhile, keep your profile complete so your matches fit you.
          </Text>
          <HStack gap="3" flexWrap="wrap">
            {user?.isProfileUpdate ? (
              <Button asChild colorPalette="brand">
                <RouterLink to="/auth/profile">My Profile</RouterLink>
              </Button>
            ) : (
              <Button asChild colorPalette="brand">
                <RouterLink to="/auth/userdetails">Complete your profile</RouterLink>
              </Button>
            )}
            <Button asChild variant="outline">
              <RouterLink to="/auth/dashboard/setting">Settings</RouterLink>
            </Button>
          </HStack>
        </Box>
      </Stack>
    </Container>
  );
}
