import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { SidebarNav } from './SidebarNav';

interface SidebarDrawerProps {
  /** The drawer's id, which the menu button's aria-controls points at. */
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the drawer closes: the menu button. */
  returnFocusTo: () => HTMLElement | null;
}

/** The sidebar below 1200 px: the same menu in a drawer from the start edge. */
export function SidebarDrawer({ id, open, onOpenChange, returnFocusTo }: SidebarDrawerProps) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      finalFocusEl={returnFocusTo}
      // The dialog finds its parts by these ids, so the content's id is set here, never on the element.
      ids={{ content: id }}
      placement="start"
      size="xs"
      // Nothing in the page until the first open: the wide-screen sidebar is the same menu.
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <SidebarNav onNavigate={() => onOpenChange(false)} />
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
