import { Box, Button, Container, Flex, HStack, IconButton, Link, Stack } from '@chakra-ui/react';
import { Link as RouterLink } from '@tanstack/react-router';
import { useState } from 'react';
import { Logo } from './Logo';
import { NAV_LINKS } from './nav-links';

function MenuIcon({ open }: { open: boolean }) {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
    </svg>
  );
}

function NavLink({ link, onNavigate }: { link: (typeof NAV_LINKS)[number]; onNavigate?: () => void }) {
  const style = { fontWeight: 'medium', color: 'fg.muted', _hover: { color: 'brand.700', textDecoration: 'none' } };
  if ('to' in link) {
    return (
      <Link asChild {...style}>
        <RouterLink to={link.to} onClick={onNavigate}>
          {link.label}
        </RouterLink>
      </Link>
    );
  }
  return (
    <Link href={link.href} onClick={onNavigate} {...style}>
      {link.label}
    </Link>
  );
}

function AccountButtons({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <>
      <Button asChild variant="outline" colorPalette="brand" size="sm">
        <RouterLink to="/chatbot" onClick={onNavigate}>
          Login
        </RouterLink>
      </Button>
      <Button asChild colorPalette="brand" size="sm">
        <RouterLink to="/chatbot" onClick={onNavigate}>
          Sign UP
        </RouterLink>
      </Button>
    </>
  );
}

/** The public top bar: logo, menu, log-in and sign-up. Collapses into a menu on small screens. */
export function TopBar() {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg/90" backdropFilter="blur(8px)" borderBottomWidth="1px">
      <Container maxW="7xl">
        <Flex h="16" align="center" justify="space-between" gap="6">
          <Logo />
          <HStack as="nav" aria-label="Main" gap="7" display={{ base: 'none', lg: 'flex' }}>
            {NAV_LINKS.map((link) => (
              <NavLink key={link.label} link={link} />
            ))}
          </HStack>
          <HStack gap="3" display={{ base: 'none', lg: 'flex' }}>
            <AccountButtons />
          </HStack>
          <IconButton
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            variant="ghost"
            display={{ base: 'inline-flex', lg: 'none' }}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon open={menuOpen} />
          </IconButton>
        </Flex>
        {menuOpen ? (
          <Stack id="mobile-menu" as="nav" aria-label="Main" gap="4" pb="6" display={{ base: 'flex', lg: 'none' }}>
            {NAV_LINKS.map((link) => (
              <NavLink key={link.label} link={link} onNavigate={closeMenu} />
            ))}
            <HStack gap="3" pt="2">
              <AccountButtons onNavigate={closeMenu} />
            </HStack>
          </Stack>
        ) : null}
      </Container>
    </Box>
  );
}
