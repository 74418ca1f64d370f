import { Avatar, Box, Button, Flex, HStack, IconButton, Menu, Portal } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useCurrentUser, useSubscribed } from '../../../session/session-store';
import { PlansLink } from '../../scholarships/membership-gate';
import { Logo } from '../../landing/Logo';
import { NavIcon } from './nav-icons';
import { SIDEBAR_MEDIA } from './sidebar-links';
import { SidebarMenuButton } from './ShellSidebar';
import { useLogout } from './use-logout';

/** The top bar's gold button: the plan page for members, the plans (page or popup by width) for everyone else. */
function SubscriptionButton() {
  const subscribed = useSubscribed();
  return (
    <Button asChild colorPalette="yellow" variant="solid" size="sm" fontWeight="semibold">
      {subscribed ? (
        <RouterLink to="/auth/dashboard/plan">View Subscription Plan</RouterLink>
      ) : (
        <PlansLink>Get Full Access</PlansLink>
      )}
    </Button>
  );
}

function initialsOf(firstName = '', lastName = ''): string {
  return `${firstName.charAt(0)}${lastName.charAt(0)}`.toUpperCase();
}

/** The avatar and its menu: My Profile and Logout. */
function AccountMenu() {
  const user = useCurrentUser();
  const logout = useLogout();
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'logout') void logout();
      }}
    >
      <Menu.Trigger asChild>
        <IconButton aria-label="Account menu" variant="ghost" rounded="full">
          <Avatar.Root size="sm" colorPalette="brand">
            <Avatar.Fallback>{initialsOf(user?.firstName, user?.lastName)}</Avatar.Fallback>
          </Avatar.Root>
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            <Menu.Item value="profile" asChild>
              <RouterLink to="/auth/profile">My Profile</RouterLink>
            </Menu.Item>
            <Menu.Item value="logout">Logout</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/**
 * The signed-in top bar: the menu button (narrow screens, pages with a sidebar), the logo (to the
 * dashboard), the subscription button, the inbox and the avatar menu.
 */
export function AppNavBar({ withSidebar }: { withSidebar: boolean }) {
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px">
      <Flex h="16" px={{ base: '3', md: '6' }} align="center" justify="space-between" gap="3">
        <HStack gap="1">
          {withSidebar ? <SidebarMenuButton drawerId="sidebar-drawer" media={SIDEBAR_MEDIA} /> : null}
          <Logo compactOnPhone />
        </HStack>
        <HStack gap={{ base: '1', sm: '2' }}>
          <SubscriptionButton />
          <IconButton asChild aria-label="Inbox" variant="ghost">
            <RouterLink to="/auth/dashboard/inbox">
              <NavIcon name="inbox" size={22} />
            </RouterLink>
          </IconButton>
          <AccountMenu />
        </HStack>
      </Flex>
    </Box>
  );
}
