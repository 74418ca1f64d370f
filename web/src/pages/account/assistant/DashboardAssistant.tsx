import { Button, CloseButton, Drawer, Portal } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { RouteLoading } from '../../misc/RouteLoading';

const loadAssistant = () => import('./AssistantChat');
/** The conversation (and the scholarship cards it shows) loads when the drawer first opens. */
const AssistantChat = lazy(() => loadAssistant().then((module) => ({ default: module.AssistantChat })));

/** 'Ask Lenny' on the dashboard: the assistant in a drawer from the right (docs/chat.md, "Dashboard assistant"). */
export function DashboardAssistant() {
  const [open, setOpen] = useState(false);
  return (
    <Drawer.Root open={open} onOpenChange={(details) => setOpen(details.open)} placement="end" size="md" lazyMount>
      <Drawer.Trigger asChild>
        <Button colorPalette="brand" variant="outline" onPointerEnter={() => void loadAssistant()} onFocus={() => void loadAssistant()}>
          Ask Lenny
        </Button>
      </Drawer.Trigger>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content>
            <Drawer.Header>
              <Drawer.Title>Lenny, your assistant</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body>
              <Suspense fallback={<RouteLoading />}>
                <AssistantChat />
              </Suspense>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close the assistant" />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}
