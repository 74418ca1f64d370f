import { Box, Container, Flex, HStack, IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useRef, useState } from 'react';
import { LoginModalHost } from './LoginModalHost';
import { Logo } from './Logo';
import { AccountButtons, NavLink } from './MenuLinks';
import { NAV_LINKS } from './nav-links';

const loadMenuDrawer = () => import('./MenuDrawer');
/** The drawer brings Chakra's dialog machinery (focus trap, scroll lock): fetched when wanted, not with every page. */
const MenuDrawer = lazy(() => loadMenuDrawer().then((module) => ({ default: module.MenuDrawer })));

const MENU_DRAWER_ID = 'menu-drawer';

function MenuIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      <path d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  );
}

/** Below `md` the menu lives in a drawer, opened by the hamburger button. */
function MobileMenu() {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so closing can animate and reopening is instant.
  const [mounted, setMounted] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  return (
    <>
      <IconButton
        ref={trigger}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? MENU_DRAWER_ID : undefined}
        variant="ghost"
        display={{ base: 'inline-flex', md: 'none' }}
        onPointerEnter={() => void loadMenuDrawer()}
        onFocus={() => void loadMenuDrawer()}
        onClick={() => {
          setMounted(true);
          setOpen(true);
        }}
      >
        <MenuIcon />
      </IconButton>
      {mounted ? (
        <Suspense fallback={null}>
          <MenuDrawer id={MENU_DRAWER_ID} open={open} onOpenChange={setOpen} returnFocusTo={() => trigger.current} />
        </Suspense>
      ) : null}
    </>
  );
}

/** The public top bar: logo, menu, log-in (a modal) and sign-up. */
export function TopBar() {
  return (
    <LoginModalHost>
      <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg/90" backdropFilter="blur(8px)" borderBottomWidth="1px">
        <Container maxW="7xl">
          <Flex h="16" align="center" justify="space-between" gap={{ base: '4', lg: '6' }}>
            <Logo compactOnTablet />
            <HStack
              as="nav"
              aria-label="Main"
              gap={{ md: '3', lg: '5', xl: '7' }}
              textStyle={{ md: 'sm', xl: 'md' }}
              whiteSpace="nowrap"
              display={{ base: 'none', md: 'flex' }}
            >
              {NAV_LINKS.map((link) => (
                <NavLink key={link.label} link={link} />
              ))}
            </HStack>
            <HStack gap="2" display={{ base: 'none', md: 'flex' }}>
              <AccountButtons />
            </HStack>
            <MobileMenu />
          </Flex>
        </Container>
      </Box>
    </LoginModalHost>
  );
}
