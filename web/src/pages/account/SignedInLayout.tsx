import { Box, Flex } from '@chakra-ui/react';
import { Outlet, useLocation } from '@tanstack/react-router';
import { Toaster } from '../../ui/toaster';
import { InFrame } from '../misc/frame-context';
import { MembershipGate } from '../scholarships/membership-gate';
import { AppNavBar } from './shell/AppNavBar';
import { ShellSidebar } from './shell/ShellSidebar';
import { showsSidebar, SIDEBAR_MEDIA } from './shell/sidebar-links';

/**
 * The frame of the signed-in pages (as in the original product): the top bar, the sidebar (except
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
          {withSidebar ? <ShellSidebar media={SIDEBAR_MEDIA} width="64" /> : null}
          <Box as="main" flex="1" minW="0">
            <InFrame>
              <Outlet />
            </InFrame>
          </Box>
        </Flex>
      </Flex>
      <Toaster />
    </MembershipGate>
  );
}
