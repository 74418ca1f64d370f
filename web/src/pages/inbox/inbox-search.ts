import { INBOX_SEARCH_MAX_LENGTH } from '@scholarmatch/schemas';

/** The inbox's place in the address (docs/inbox.md, "In the browser"): `?search=` and the opened message's `?id=`. */
export interface InboxSearch {
  search?: string;
  id?: string;
}


const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The inbox and message routes' validateSearch: empty values stay out of the address. */
export function validateInboxSearch(query: Record<string, unknown>): InboxSearch {
  const search = text(query.search).slice(0, INBOX_SEARCH_MAX_LENGTH);
  const id = text(query.id);
  return { ...(search && { search }), ...(id && { id }) };
}

/** From this width on a message opens beside the list; below it, on the message page (docs/inbox.md). */
export const TWO_PANE_MIN_WIDTH = 1200;
export const TWO_PANE_MEDIA = `@media screen and (min-width: ${TWO_PANE_MIN_WIDTH}px)`;

export function isTwoPaneWidth(): boolean {
  return window.innerWidth >= TWO_PANE_MIN_WIDTH;
}
