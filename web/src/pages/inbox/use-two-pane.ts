import { useSyncExternalStore } from 'react';
import { isTwoPaneWidth } from './inbox-search';

function onResize(notify: () => void) {
  window.addEventListener('resize', notify);
  return () => window.removeEventListener('resize', notify);
}

/**
 * Whether the window is wide enough for the list and the message side by side. Read in script,
 * not only in CSS: below it the message pane is not rendered at all, so nothing marks a message
 * read that nobody sees.
 */
export function useTwoPane(): boolean {
  return useSyncExternalStore(onResize, isTwoPaneWidth, () => false);
}
