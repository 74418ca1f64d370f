import { Button, Link } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { homePathOf } from '../../session/home-path';
import { useAccess, useCurrentUser } from '../../session/session-store';
import { type NavLinkItem } from './nav-links';

const LINK_STYLE = { fontWeight: 'medium', color: 'fg.muted', _hover: { color: 'brand.700', textDecoration: 'none' } };

/** One entry of the public menu; `onNavigate` lets the drawer close itself when a link is followed. */
export function NavLink({ link, onNavigate }: { link: NavLinkItem; onNavigate?: () => void }) {
  return (
    <Link asChild {...LINK_STYLE}>
      <RouterLink to={link.to} onClick={onNavigate}>
        {link.label}
      </RouterLink>
    </Link>
  );
}

/**
 * Login and Sign UP, both to the chat assistant with the flow chosen (docs/chat.md, "In the browser";
 * docs/decisions.md, "The top bar leads to the chat"); a signed-in person gets the way to the
 * dashboard instead. `size` lets the drawer make them easier to tap.
 */
export function AccountButtons({ onNavigate, size = 'sm' }: { onNavigate?: () => void; size?: 'sm' | 'md' }) {
  const user = useCurrentUser();
  const access = useAccess();
  const flex = size === 'md' ? '1' : undefined;
  if (user) {
    return (
      <Button asChild colorPalette="brand" size={size} flex={flex}>
        {/* A provider's dashboard is the studio (docs/providers.md). */}
        <RouterLink to={homePathOf(access)} onClick={onNavigate}>
          Go to Dashboard
        </RouterLink>
      </Button>
    );
  }
  return (
    <>
      <Button asChild variant="outline" colorPalette="brand" size={size} flex={flex}>
        <RouterLink to="/chatbot" search={{ start: 'login' }} onClick={onNavigate}>
          Login
        </RouterLink>
      </Button>
      <Button asChild colorPalette="brand" size={size} flex={flex}>
        <RouterLink to="/chatbot" search={{ start: 'signUp' }} onClick={onNavigate}>
          Sign UP
        </RouterLink>
      </Button>
    </>
  );
}
