import { Button, Container, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useCurrentUser } from '../../session/session-store';

/**
 * /auth/dashboard: the welcome of the seed. The stat tiles and scholarship lists arrive with the
 * matching work; until then the page says what the person can do now.
 */
export function DashboardPage() {
  const user = useCurrentUser();
  return (
    <Container maxW="6xl" py={{ base: '8', md: '12' }}>
      <Stack gap="4" borderWidth="1px" borderRadius="2xl" bg="bg" p={{ base: '6', md: '10' }}>
        <Heading as="h1" size="2xl">
          Welcome back, {user?.firstName}!
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          Your scholarship matches will appear here as soon as matching opens. Meanwhile, keep your profile complete so
          the matches fit you from day one.
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
      </Stack>
    </Container>
  );
}
