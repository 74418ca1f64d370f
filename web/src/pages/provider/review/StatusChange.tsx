import { Badge, Button, Menu, Portal, Stack, Text } from '@chakra-ui/react';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { failureText } from '../../../api/api-error';
import { moveStatus, REVIEW_STATUSES, undoStatus, type ReviewStatus, type StatusMove } from '../../../api/review';
import { toaster } from '../../../ui/toaster';
import { SmallDialog } from '../../misc/SmallDialog';
import { STATUS_PALETTES } from './review-labels';

/** The application whose status is changed, as the owner sees it. */
export interface StatusTarget {
  id: string;
  reference: string;
  /** Null under blind review. */
  name: string | null;
  status: ReviewStatus;
}

const who = (target: StatusTarget) => (target.name ? `${target.name} (${target.reference})` : `application ${target.reference}`);

/** The arrow keys on the closed menu button do nothing (the menu pattern makes opening on them optional). */
function ignoreArrows(event: KeyboardEvent<HTMLElement>) {
  // Prevented before the menu's own handler runs (capture phase), which then leaves the key alone.
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') event.preventDefault();
}

/**
 * The status as a menu button (docs/review.md, "In the browser"): it opens on Enter, Space or a
 * click, never on an arrow key (a keyboard user moving through the table passes it by); in the
 * open menu the arrows move, Enter or a click chooses, Escape or Tab closes, and a choice only
 * asks for confirmation.
 */
export function StatusPicker({ label, status, onPick }: { label: string; status: ReviewStatus; onPick: (status: ReviewStatus) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Menu.Root
      open={open}
      onOpenChange={(details) => setOpen(details.open)}
      positioning={{ placement: 'bottom-start' }}
      onSelect={({ value }) => value !== status && onPick(value as ReviewStatus)}
    >
      <Menu.Trigger asChild>
        <Button size="xs" variant="outline" minW="36" justifyContent="space-between" aria-label={`${label}: ${status}. Change`} onKeyDownCapture={ignoreArrows}>
          <Badge colorPalette={STATUS_PALETTES[status]}>{status}</Badge>
          <Text as="span" aria-hidden="true" color="fg.muted">
            ▾
          </Text>
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="44" onKeyDownCapture={(event) => event.key === 'Tab' && setOpen(false)}>
            <Menu.RadioItemGroup value={status}>
              <Menu.ItemGroupLabel>Change status to</Menu.ItemGroupLabel>
              {REVIEW_STATUSES.map((option) => (
                <Menu.RadioItem key={option} value={option}>
                  {option}
                  <Menu.ItemIndicator />
                </Menu.RadioItem>
              ))}
            </Menu.RadioItemGroup>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

/** Seconds until the message leaves, for the undo toast. */
function secondsUntil(iso: string): number {
  return Math.max(0, Math.round((Date.parse(iso) - Date.now()) / 1000));
}

/**
 * A status change as a deliberate act (docs/review.md, "Status"): `ask` opens a confirmation
 * naming the applicant and the new status; once confirmed the server moves it and holds the
 * applicant's message, and a toast offers Undo until the message leaves. `onChanged` runs after
 * every move or undo (to refresh what shows the status).
 */
export function useStatusChange(scholarshipId: string, onChanged: () => void): { ask: (target: StatusTarget, next: ReviewStatus) => void; dialog: ReactNode } {
  const [asked, setAsked] = useState<{ target: StatusTarget; next: ReviewStatus } | null>(null);
  const [saving, setSaving] = useState(false);

  async function undo(target: StatusTarget) {
    try {
      const back = await undoStatus(scholarshipId, target.id);
      toaster.create({ type: 'info', title: `${target.reference} is back to ${back.status}`, description: 'Nothing was sent to the applicant.' });
    } catch (error) {
      toaster.create({ type: 'error', title: failureText(error) });
    }
    onChanged();
  }

  function announce(target: StatusTarget, move: StatusMove) {
    if (!move.undo) {
      toaster.create({ type: 'success', title: `${target.reference} is now ${move.status}` });
      return;
    }
    const seconds = secondsUntil(move.undo.until);
    toaster.create({
      type: 'success',
      title: `${target.reference} is now ${move.status}`,
      description: `The applicant is told by inbox message and e-mail in ${seconds} seconds.`,
      duration: Math.max(1000, Date.parse(move.undo.until) - Date.now()),
      action: { label: 'Undo', onClick: () => void undo(target) },
    });
  }

  async function confirm() {
    if (!asked) return;
    setSaving(true);
    try {
      announce(asked.target, await moveStatus(scholarshipId, asked.target.id, asked.next));
      setAsked(null);
    } catch (error) {
      toaster.create({ type: 'error', title: failureText(error) });
      setAsked(null);
    } finally {
      setSaving(false);
    }
    onChanged();
  }

  const dialog = (
    <SmallDialog
      open={asked !== null}
      onClose={() => setAsked(null)}
      title="Change the status?"
      footer={
        <>
          <Button variant="ghost" onClick={() => setAsked(null)} disabled={saving}>
            Cancel
          </Button>
          <Button colorPalette="brand" loading={saving} onClick={() => void confirm()}>
            Change status
          </Button>
        </>
      }
    >
      {asked ? (
        <Stack gap="3">
          <Text>
            Move <strong>{who(asked.target)}</strong> from <Badge colorPalette={STATUS_PALETTES[asked.target.status]}>{asked.target.status}</Badge> to{' '}
            <Badge colorPalette={STATUS_PALETTES[asked.next]}>{asked.next}</Badge>?
          </Text>
          <Text fontSize="sm" color="fg.muted">
            The applicant is sent an inbox message and an e-mail about it a few seconds after you confirm. Until then you can undo it, and nothing is sent.
          </Text>
        </Stack>
      ) : null}
    </SmallDialog>
  );

  return { ask: (target, next) => setAsked({ target, next }), dialog };
}
