import { Box, Flex } from '@chakra-ui/react';
import { Outlet, useLocation } from '@tanstack/react-router';
import { Toaster } from '../../app/toaster';
import { MembershipGate } from '../scholarships/membership-gate';
import { AppNavBar } from './shell/AppNavBar';
import { SidebarNav } from './shell/SidebarNav';
import { showsSidebar, SIDEBAR_MEDIA } from './shell/sidebar-links';

/** The top bar is 4rem high; the sidebar fills the rest of the screen and scrolls on its own. */
const NAVBAR_HEIGHT = '4rem';

/** The wide-screen sidebar: beside the page from 1200 px on, hidden below (the drawer takes over). */
function Sidebar() {
  return (
    <Box
      as="aside"
      display="none"
      css={{ [SIDEBAR_MEDIA]: { display: 'block' } }}
      flexShrink={0}
      w="64"
      position="sticky"
      top={NAVBAR_HEIGHT}
      h={`calc(100dvh - ${NAVBAR_HEIGHT})`}
      overflowY="auto"
      borderEndWidth="1px"
      bg="bg"
      px="3"
      py="4"
    >
      <SidebarNav />
    </Box>
  );
}

/**
 * The frame of the signed-in pages (seed 000 and 001 section 2): the top bar, the sidebar (except
 * on the full-width pages) and the page. One membership popup serves every scholarship card, one
 * toaster every page.
 */
export function SignedInLayout() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const withSidebar = showsSidebar(pathname);
  return (
    <MembershipGate>
      <Flex direction="column" minH="100dvh" bg="bg.subtle">
        <AppNavBar withSidebar={withSidebar} />
        <Flex flex="1" align="stretch">
          {withSidebar ? <Sidebar /> : null}
          <Box as="main" flex="1" minW="0">
            <Outlet />
          </Box>
        </Flex>
      </Flex>
      <Toaster />
    </MembershipGate>
  );
}
