/** The studio inbox's address state: `?unread=true` (only conversations with unread replies) and `?page=` (from 1). */
export interface StudioInboxSearch {
  unread?: true;
  page?: number;
}

export function validateStudioInboxSearch(search: Record<string, unknown>): StudioInboxSearch {
  const unread = search.unread === true || search.unread === 'true';
  const page = Number(search.page);
  return { ...(unread && { unread: true as const }), ...(Number.isInteger(page) && page > 1 && { page }) };
}
