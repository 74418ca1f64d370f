import { Avatar, Box, Flex, HStack, IconButton, Menu, Portal, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Outlet } from '@tanstack/react-router';
import { studioUnreadQueryOptions } from '../../../api/conversations';
import { Toaster } from '../../../ui/toaster';
import { useCan, useCurrentUser } from '../../../session/session-store';
import { ShellSidebar, SidebarMenuButton } from '../../account/shell/ShellSidebar';
import { SidebarCounts } from '../../account/shell/sidebar-counts';
import { useLogout } from '../../account/shell/use-logout';
import { Logo } from '../../landing/Logo';
import { InFrame } from '../../misc/frame-context';
import { PROVIDER_LINKS, PROVIDER_SIDEBAR_MEDIA } from './provider-links';

const DRAWER_ID = 'studio-sidebar-drawer';

/** The avatar and its menu: Organisation (the owner's), Settings and Logout. */
function AccountMenu() {
  const user = useCurrentUser();
  const managesOrganisation = useCan('manage_organisation');
  const logout = useLogout();
  const initials = `${user?.firstName?.charAt(0) ?? ''}${user?.lastName?.charAt(0) ?? ''}`.toUpperCase();
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'logout') void logout();
      }}
    >
      <Menu.Trigger asChild>
        {/* The initials are in the name too: a speech-input user says what they see (WCAG 2.5.3). */}
        <IconButton aria-label={`${initials}, account menu`} variant="ghost" rounded="full">
          <Avatar.Root size="sm" colorPalette="brand">
            <Avatar.Fallback>{initials}</Avatar.Fallback>
          </Avatar.Root>
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44">
            {managesOrganisation ? (
              <Menu.Item value="organisation" asChild>
                <RouterLink to="/app/organisation">Organisation</RouterLink>
              </Menu.Item>
            ) : null}
            <Menu.Item value="settings" asChild>
              <RouterLink to="/app/settings">Settings</RouterLink>
            </Menu.Item>
            <Menu.Item value="logout">Logout</Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

function StudioNavBar() {
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px">
      <Flex h="16" px={{ base: '3', md: '6' }} align="center" justify="space-between" gap="3">
        <HStack gap="1">
          <SidebarMenuButton drawerId={DRAWER_ID} links={PROVIDER_LINKS} media={PROVIDER_SIDEBAR_MEDIA} />
          <Logo compactOnPhone />
          <Text as="span" ms="2" px="2" py="0.5" borderRadius="md" bg="brand.subtle" color="brand.fg" fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider">
            Studio
          </Text>
        </HStack>
        <AccountMenu />
      </Flex>
    </Box>
  );
}

/**
 * The provider's shell (docs/providers.md, "In the browser"), modelled on the applicant's: the top
 * bar, the studio's sidebar (a drawer on narrow screens) and the page; one toaster for every page.
 * It asks for the inbox's unread count, which the sidebar's Inbox entry shows.
 */
export function ProviderLayout() {
  // The owner's unread replies, for the sidebar's Inbox (reviewers have no inbox).
  const answersApplicants = useCan('manage_scholarships');
  const { data: unread = 0 } = useQuery({ ...studioUnreadQueryOptions, enabled: answersApplicants });
  return (
    <SidebarCounts.Provider value={{ 'studio-unread': answersApplicants ? unread : 0 }}>
      <Flex direction="column" minH="100dvh" bg="bg.subtle">
        <StudioNavBar />
        <Flex flex="1" align="stretch">
          <ShellSidebar links={PROVIDER_LINKS} media={PROVIDER_SIDEBAR_MEDIA} width="60" />
          <Box as="main" flex="1" minW="0">
            <InFrame>
              <Outlet />
            </InFrame>
          </Box>
        </Flex>
      </Flex>
      <Toaster />
    </SidebarCounts.Provider>
  );
}
