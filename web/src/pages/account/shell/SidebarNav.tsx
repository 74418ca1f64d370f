import { Badge, Box, chakra, Stack } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from '@tanstack/react-router';
import { NavIcon } from './nav-icons';
import { useAccess } from '../../../session/session-store';
import { linksFor, litAt, SIDEBAR_LINKS, type SidebarLink } from './sidebar-links';
import { useLogout } from './use-logout';
import { useSidebarCount } from './sidebar-counts';

const ENTRY_STYLE = {
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  width: 'full',
  px: '3',
  py: '2.5',
  borderRadius: 'lg',
  fontWeight: 'medium',
  color: 'fg.muted',
  textAlign: 'start',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted', color: 'fg' },
  _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '1px' },
} as const;

/** The router marks the link of the page on screen with aria-current="page": that is the highlight. */
const ACTIVE_STYLE = { bg: 'brand.subtle', color: 'brand.fg', _hover: { bg: 'brand.muted', color: 'brand.fg' } } as const;

/** What a badge shows: the count, '99+' past that. */
const countText = (count: number) => (count > 99 ? '99+' : String(count));

/** One entry; with a count, a badge beside it and the count in its name ("Inbox, 3 unread"). */
function SidebarEntry({ link, pathname, onNavigate }: { link: SidebarLink; pathname: string; onNavigate?: () => void }) {
  const count = useSidebarCount(link.count);
  return (
    <Box asChild {...ENTRY_STYLE} _currentPage={ACTIVE_STYLE}>
      <RouterLink
        to={link.to}
        activeOptions={{ exact: link.exact === true }}
        inactiveProps={litAt(link, pathname) ? { 'aria-current': 'page' } : undefined}
        aria-label={count > 0 ? `${link.label}, ${countText(count)} unread` : undefined}
        onClick={onNavigate}
      >
        <NavIcon name={link.icon} />
        {link.label}
        {/* A space between the words and the number: the name must hold the visible text, word by word (WCAG 2.5.3). */}
        {count > 0 ? ' ' : null}
        {count > 0 ? (
          <Badge aria-hidden="true" colorPalette="red" variant="solid" size="sm" rounded="full" ms="auto" minW="5" justifyContent="center">
            {countText(count)}
          </Badge>
        ) : null}
      </RouterLink>
    </Box>
  );
}

/**
 * The signed-in menu: the original entries (or the provider studio's, `links`) the person's
 * permissions allow, then Logout. Used in the wide-screen sidebar and in the drawer; `onNavigate`
 * lets the drawer close when an entry is chosen.
 */
export function SidebarNav({ onNavigate, links = SIDEBAR_LINKS }: { onNavigate?: () => void; links?: readonly SidebarLink[] }) {
  const logout = useLogout();
  const pathname = useLocation({ select: (location) => location.pathname.replace(/(.)\/+$/, '$1') });
  const shown = linksFor(links, useAccess());
  return (
    <Box as="nav" aria-label="Account">
      <Stack as="ul" listStyleType="none" gap="1" m="0" p="0">
        {shown.map((link) => (
          <li key={link.to}>
            <SidebarEntry link={link} pathname={pathname} onNavigate={onNavigate} />
          </li>
        ))}
        <li>
          <chakra.button
            type="button"
            onClick={() => {
              onNavigate?.();
              void logout();
            }}
            {...ENTRY_STYLE}
          >
            <NavIcon name="logout" />
            Logout
          </chakra.button>
        </li>
      </Stack>
    </Box>
  );
}
