import { INBOX_SEARCH_MAX_LENGTH } from '@scholarmatch/schemas';

/**
 * The inbox's place in the address (docs/inbox.md, "In the browser"): `?search=`, the scholarship
 * whose messages alone are listed (`?scholarshipId=`, the application tracker's link) and the
 * opened message's `?id=`.
 */
export interface InboxSearch {
  search?: string;
  scholarshipId?: string;
  id?: string;
}

/** What names the list (not the message opened in it): carried to the message page and back. */
export type InboxListSearch = Pick<InboxSearch, 'search' | 'scholarshipId'>;

export function listSearchOf({ search, scholarshipId }: InboxSearch): InboxListSearch {
  return { ...(search && { search }), ...(scholarshipId && { scholarshipId }) };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;


const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/** The inbox and message routes' validateSearch: empty values stay out of the address. */
export function validateInboxSearch(query: Record<string, unknown>): InboxSearch {
  const search = text(query.search).slice(0, INBOX_SEARCH_MAX_LENGTH);
  const id = text(query.id);
  // Anything but a scholarship id would only be refused by the server: the whole inbox instead.
  const scholarshipId = UUID.test(text(query.scholarshipId)) ? text(query.scholarshipId) : '';
  return { ...(search && { search }), ...(scholarshipId && { scholarshipId }), ...(id && { id }) };
}

/** From this width on a message opens beside the list; below it, on the message page (docs/inbox.md). */
export const TWO_PANE_MIN_WIDTH = 1200;
export const TWO_PANE_MEDIA = `@media screen and (min-width: ${TWO_PANE_MIN_WIDTH}px)`;

export function isTwoPaneWidth(): boolean {
  return window.innerWidth >= TWO_PANE_MIN_WIDTH;
}
