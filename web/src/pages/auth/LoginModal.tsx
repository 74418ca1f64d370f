import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { LoginForm } from './LoginForm';

/** The login modal of the public top bar (as in the original product). */
export function LoginModal({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} placement="center" size="sm">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Log in to ScholarMatch</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <LoginForm onSignUp={() => onOpenChange(false)} />
            </Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
