import { CloseButton, Drawer, HStack, Portal, Stack } from '@chakra-ui/react';
import { AccountButtons, NavLink } from './MenuLinks';
import { NAV_LINKS } from './nav-links';

interface MenuDrawerProps {
  /** The drawer's id, which the hamburger button's aria-controls points at. */
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the drawer closes: the hamburger button. */
  returnFocusTo: () => HTMLElement | null;
}

/** The small-screen menu. Loaded on demand (see TopBar): its dialog machinery is not needed to show a page. */
export function MenuDrawer({ id, open, onOpenChange, returnFocusTo }: MenuDrawerProps) {
  const close = () => onOpenChange(false);
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      finalFocusEl={returnFocusTo}
      // The dialog finds its parts by these ids, so the content's id is set here, never on the element.
      ids={{ content: id }}
      placement="end"
      size="xs"
    >
      {/* Portalled: the header's backdrop filter would otherwise trap the fixed drawer inside it. */}
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Stack as="nav" aria-label="Main" gap="5" fontSize="lg">
                {NAV_LINKS.map((link) => (
                  <NavLink key={link.label} link={link} onNavigate={close} />
                ))}
                <HStack gap="3" pt="4">
                  <AccountButtons onNavigate={close} size="md" />
                </HStack>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
