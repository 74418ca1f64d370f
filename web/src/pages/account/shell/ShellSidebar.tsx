import { Box, IconButton } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { NavIcon } from './nav-icons';
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

/** The wide-screen sidebar of a signed-in shell: beside the page from `media` on, hidden below (the drawer takes over). */
export function ShellSidebar({ links, media, width }: SidebarPlacement & { width: string }) {
  return (
    <Box
      as="aside"
      display="none"
      css={{ [media]: { display: 'block' } }}
      flexShrink={0}
      w={width}
      position="sticky"
      top={NAVBAR_HEIGHT}
      h={`calc(100dvh - ${NAVBAR_HEIGHT})`}
      overflowY="auto"
      borderEndWidth="1px"
      bg="bg"
      px="3"
      py="4"
    >
      <SidebarNav links={links} />
    </Box>
  );
}

/** Below the sidebar's width the menu is a drawer, opened by this button of the top bar. */
export function SidebarMenuButton({ links, media, drawerId }: SidebarPlacement & { drawerId: string }) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  return (
    <>
      <IconButton
        ref={trigger}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? drawerId : undefined}
        variant="ghost"
        css={{ [media]: { display: 'none' } }}
        onClick={() => setOpen(true)}
      >
        <NavIcon name="menu" size={22} />
      </IconButton>
      <SidebarDrawer id={drawerId} links={links} open={open} onOpenChange={setOpen} returnFocusTo={() => trigger.current} />
    </>
  );
}
