import { Box, Button, Container, Flex, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink, Outlet, useNavigate } from '@tanstack/react-router';
import { logOut } from '../../api/accounts';
import { useCurrentUser } from '../../session/session-store';
import { Logo } from '../landing/Logo';

/**
 * The frame of the signed-in pages until the dashboard work brings the full application shell
 * (sidebar, inbox icon, subscription button): the logo, My Profile, Settings and Logout.
 */
export function SignedInLayout() {
  const user = useCurrentUser();
  const navigate = useNavigate();

  // Leave the signed-in pages first: their queries would refetch, tokenless, as the session goes.
  async function logout() {
    await navigate({ to: '/' });
    await logOut();
  }

  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <Box as="header" borderBottomWidth="1px" bg="bg">
        <Container maxW="6xl" py="3">
          <HStack justify="space-between" gap="4">
            <Logo compactOnPhone />
            <HStack gap={{ base: '0', sm: '2' }}>
              {user ? (
                <Text display={{ base: 'none', sm: 'block' }} color="fg.muted" fontSize="sm">
                  {user.firstName} {user.lastName}
                </Text>
              ) : null}
              <Button asChild variant="ghost" size="sm">
                <RouterLink to="/auth/profile">My Profile</RouterLink>
              </Button>
              <Button asChild variant="ghost" size="sm">
                <RouterLink to="/auth/dashboard/setting">Settings</RouterLink>
              </Button>
              <Button variant="outline" size="sm" onClick={logout}>
                Logout
              </Button>
            </HStack>
          </HStack>
        </Container>
      </Box>
      <Box as="main" flex="1">
        <Outlet />
      </Box>
    </Flex>
  );
}
