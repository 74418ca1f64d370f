import { Box, Flex, HStack, Text } from '@chakra-ui/react';
import { Outlet } from '@tanstack/react-router';
import { Toaster } from '../../../ui/toaster';
import { ShellSidebar, SidebarMenuButton } from '../../account/shell/ShellSidebar';
import { Logo } from '../../landing/Logo';
import { InFrame } from '../../misc/frame-context';
import { ADMIN_LINKS, ADMIN_SIDEBAR_MEDIA } from './admin-links';

const DRAWER_ID = 'console-sidebar-drawer';

/** The top bar: the menu button (narrow screens), the logo and the console's mark; Logout is the sidebar's last entry. */
function ConsoleNavBar() {
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px">
      <Flex h="16" px={{ base: '3', md: '6' }} align="center" gap="3">
        <HStack gap="1">
          <SidebarMenuButton drawerId={DRAWER_ID} links={ADMIN_LINKS} media={ADMIN_SIDEBAR_MEDIA} />
          <Logo compactOnPhone />
          <Text as="span" ms="2" px="2" py="0.5" borderRadius="md" bg="brand.subtle" color="brand.fg" fontSize="xs" fontWeight="semibold" textTransform="uppercase" letterSpacing="wider">
            Staff
          </Text>
        </HStack>
      </Flex>
    </Box>
  );
}

/**
 * The staff console's shell (docs/console.md), the studio's sibling: the top bar, the console's
 * sidebar (a drawer on narrow screens) with the entries the person's permissions allow, and the page.
 */
export function AdminLayout() {
  return (
    <>
      <Flex direction="column" minH="100dvh" bg="bg.subtle">
        <ConsoleNavBar />
        <Flex flex="1" align="stretch">
          <ShellSidebar links={ADMIN_LINKS} media={ADMIN_SIDEBAR_MEDIA} width="60" />
          <Box as="main" flex="1" minW="0">
            <InFrame>
              <Outlet />
            </InFrame>
          </Box>
        </Flex>
      </Flex>
      <Toaster />
    </>
  );
}
