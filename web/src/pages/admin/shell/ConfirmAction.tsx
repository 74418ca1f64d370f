import { Button } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { SmallDialog } from '../../misc/SmallDialog';

/**
 * A button that asks first: the dialog says what will happen, its confirm button does it. `run`
 * tells its own outcome (a toast); the dialog closes when it succeeds and stays open, for another
 * try, when it fails. `canConfirm` false holds the confirm button until the dialog's inputs are set.
 */
export function ConfirmAction({
  label,
  title,
  confirmLabel,
  children,
  run,
  danger,
  canConfirm = true,
}: {
  label: string;
  title: string;
  confirmLabel: string;
  children: ReactNode;
  run: () => Promise<unknown>;
  danger?: boolean;
  canConfirm?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const confirm = () => {
    setPending(true);
    run()
      .then(() => setOpen(false))
      .catch(() => undefined)
      .finally(() => setPending(false));
  };
  return (
    <>
      <Button size="sm" variant="outline" colorPalette={danger ? 'red' : undefined} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <SmallDialog
        open={open}
        onClose={() => setOpen(false)}
        title={title}
        footer={
          <>
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={pending}>
              Cancel
            </Button>
            <Button colorPalette={danger ? 'red' : 'brand'} loading={pending} disabled={!canConfirm} onClick={confirm}>
              {confirmLabel}
            </Button>
          </>
        }
      >
        {children}
      </SmallDialog>
    </>
  );
}
