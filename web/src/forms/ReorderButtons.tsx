import { IconButton } from '@chakra-ui/react';

/**
 * Move up and Move down for one entry of an ordered list: the keyboard's and the screen reader's
 * way to reorder, beside (or instead of) dragging. Shared by the studio's requirement builder and
 * the console's form designer.
 */
export function ReorderButtons({ title, index, count, disabled, onMove }: { title: string; index: number; count: number; disabled?: boolean; onMove: (by: number) => void }) {
  return (
    <>
      <IconButton variant="ghost" size="sm" aria-label={`Move ${title} up`} disabled={disabled || index === 0} onClick={() => onMove(-1)}>
        ↑
      </IconButton>
      <IconButton variant="ghost" size="sm" aria-label={`Move ${title} down`} disabled={disabled || index === count - 1} onClick={() => onMove(1)}>
        ↓
      </IconButton>
    </>
  );
}
