import { HStack, Stack } from '@chakra-ui/react';
import { NavDrawer, type NavDrawerProps } from '../misc/NavDrawer';
import { AccountButtons, NavLink } from './MenuLinks';
import { NAV_LINKS } from './nav-links';

/** The small-screen menu. Loaded on demand (see TopBar): its dialog machinery is not needed to show a page. */
export function MenuDrawer(props: NavDrawerProps) {
  const close = () => props.onOpenChange(false);
  return (
    <NavDrawer {...props} placement="end">
      <Stack as="nav" aria-label="Main" gap="5" fontSize="lg">
        {NAV_LINKS.map((link) => (
          <NavLink key={link.label} link={link} onNavigate={close} />
        ))}
        <HStack gap="3" pt="4">
          <AccountButtons onNavigate={close} size="md" />
        </HStack>
      </Stack>
    </NavDrawer>
  );
}
