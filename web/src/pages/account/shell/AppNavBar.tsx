import { Avatar, Badge, Box, Button, Flex, HStack, IconButton, Menu, Portal } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { unreadCountQueryOptions } from '../../../api/inbox';
import { useCan, useCurrentUser, useSubscribed } from '../../../session/session-store';
import { PlansLink } from '../../scholarships/membership-gate';
import { Logo } from '../../landing/Logo';
import { NavIcon } from './nav-icons';
import { SIDEBAR_MEDIA } from './sidebar-links';
import { SidebarMenuButton } from './ShellSidebar';
import { useLogout } from './use-logout';

/** The top bar's gold button: the plan page for members, the plans (page or popup by width) for everyone else. */
function SubscriptionButton() {
  const subscribed = useSubscribed();
  if (!useCan('buy_membership')) return null;
  return (
    // Smaller on phones, so the bar fits 390 px with the menu, the inbox and the avatar (docs/accessibility.md).
    <Button asChild colorPalette="yellow" variant="solid" size={{ base: 'xs', sm: 'sm' }} fontWeight="semibold">
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
  const editsProfile = useCan('edit_profile');
  const logout = useLogout();
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'logout') void logout();
      }}
    >
      <Menu.Trigger asChild>
        {/* The initials are in the name too: a speech-input user says what they see (WCAG 2.5.3). */}
        <IconButton aria-label={`${initialsOf(user?.firstName, user?.lastName)}, account menu`} variant="ghost" rounded="full">
          <Avatar.Root size="sm" colorPalette="brand">
            <Avatar.Fallback>{initialsOf(user?.firstName, user?.lastName)}</Avatar.Fallback>
          </Avatar.Root>
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            {editsProfile ? (
              <Menu.Item value="profile" asChild>
                <RouterLink to="/auth/profile">My Profile</RouterLink>
              </Menu.Item>
            ) : null}
            <Menu.Item value="logout">Logout</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** What the badge shows: the count, '99+' past that. */
function badgeText(unread: number): string {
  return unread > 99 ? '99+' : String(unread);
}

/** The inbox icon with the number of unread messages (docs/inbox.md, "In the browser"); the link's name says it too. */
function InboxButton() {
  const readsInbox = useCan('read_inbox');
  const { data: unread = 0 } = useQuery({ ...unreadCountQueryOptions, enabled: readsInbox });
  if (!readsInbox) return null;
  return (
    <IconButton asChild aria-label={unread > 0 ? `Inbox, ${unread} unread` : 'Inbox'} variant="ghost" position="relative">
      <RouterLink to="/auth/dashboard/inbox">
        <NavIcon name="inbox" size={22} />
        {unread > 0 ? (
          <Badge aria-hidden="true" colorPalette="red" variant="solid" size="xs" rounded="full" position="absolute" top="0.5" insetEnd="0.5" minW="4.5" justifyContent="center">
            {badgeText(unread)}
          </Badge>
        ) : null}
      </RouterLink>
    </IconButton>
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
          <InboxButton />
          <AccountMenu />
        </HStack>
      </Flex>
    </Box>
  );
}
