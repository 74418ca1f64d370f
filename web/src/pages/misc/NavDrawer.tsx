import { CloseButton, Drawer, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export interface NavDrawerProps {
  /** The drawer's id, which the opening button's aria-controls points at. */
  id: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes back to when the drawer closes: the opening button. */
  returnFocusTo: () => HTMLElement | null;
}

/**
 * A menu in a drawer on small screens (the public top bar's and the signed-in sidebar's): the
 * same dialog wiring, title and close button, with the menu as children.
 */
export function NavDrawer({
  id,
  open,
  onOpenChange,
  returnFocusTo,
  placement,
  mountOnFirstOpen = false,
  children,
}: NavDrawerProps & { placement: 'start' | 'end'; /** Nothing in the page until the first open. */ mountOnFirstOpen?: boolean; children: ReactNode }) {
  return (
    <Drawer.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      finalFocusEl={returnFocusTo}
      // The dialog finds its parts by these ids, so the content's id is set here, never on the element.
      ids={{ content: id }}
      placement={placement}
      size="xs"
      lazyMount={mountOnFirstOpen}
      unmountOnExit={mountOnFirstOpen}
    >
      {/* Portalled: a header's backdrop filter would otherwise trap the fixed drawer inside it. */}
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Menu</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>{children}</Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close menu" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
