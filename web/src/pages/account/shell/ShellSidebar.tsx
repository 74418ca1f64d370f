import { Badge, Box, IconButton } from '@chakra-ui/react';
import { useContext, useRef, useState } from 'react';
import { NavIcon } from './nav-icons';
import { SidebarCounts } from './sidebar-counts';
import type { SidebarLink } from './sidebar-links';
import { SidebarDrawer } from './SidebarDrawer';
import { SidebarNav } from './SidebarNav';

/** The top bar is 4rem high; the sidebar fills the rest of the screen and scrolls on its own. */
export const NAVBAR_HEIGHT = '4rem';

interface SidebarPlacement {
  /** The entries (the applicant's by default, the studio's for providers). */
  links?: readonly SidebarLink[];
  /** The media query from which the sidebar stands beside the page instead of in a drawer. */
  media: string;
}

/**
 * The wide-screen sidebar of a signed-in shell: beside the page from `media` on, hidden below (the drawer takes over).
 * The outer column stretches to the page's full height and carries the background and border, so
 * a page longer than the window has the sidebar's colour all the way down; the entries inside
 * stay in view while the page scrolls (sticky, as high as the window) and scroll on their own.
 */
export function ShellSidebar({ links, media, width }: SidebarPlacement & { width: string }) {
  return (
    <Box as="aside" display="none" css={{ [media]: { display: 'block' } }} flexShrink={0} w={width} alignSelf="stretch" borderEndWidth="1px" bg="bg">
      <Box position="sticky" top={NAVBAR_HEIGHT} maxH={`calc(100dvh - ${NAVBAR_HEIGHT})`} overflowY="auto" px="3" py="4">
        <SidebarNav links={links} />
      </Box>
    </Box>
  );
}

/** What the drawer's entries count (the studio inbox's unread replies), so the closed menu can say so. */
function useUnreadInMenu(links: readonly SidebarLink[] | undefined): number {
  const counts = useContext(SidebarCounts);
  return (links ?? []).reduce((sum, link) => sum + (link.count ? (counts[link.count] ?? 0) : 0), 0);
}

/**
 * Below the sidebar's width the menu is a drawer, opened by this button of the top bar. When an
 * entry counts something unread, the button shows the number and its name says it ("Open menu, 3 unread").
 */
export function SidebarMenuButton({ links, media, drawerId }: SidebarPlacement & { drawerId: string }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const unread = useUnreadInMenu(links);
  return (
    <>
      <IconButton
        ref={trigger}
        aria-label={unread > 0 ? `Open menu, ${unread} unread` : 'Open menu'}
        position="relative"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        variant="ghost"
        css={{ [media]: { display: 'none' } }}
        onClick={() => setOpen(true)}
      >
        <NavIcon name="menu" size={22} />
        {unread > 0 ? (
          <Badge aria-hidden="true" colorPalette="red" variant="solid" size="xs" rounded="full" position="absolute" top="0.5" insetEnd="0.5" minW="4.5" justifyContent="center">
            {unread > 99 ? '99+' : unread}
          </Badge>
        ) : null}
      </IconButton>
      <SidebarDrawer id={drawerId} links={links} open={open} onOpenChange={setOpen} returnFocusTo={() => trigger.current} />
    </>
  );
}
