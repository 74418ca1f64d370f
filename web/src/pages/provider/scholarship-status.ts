import type { ScholarshipStatus } from '../../api/providers';

/** How a scholarship's status reads in the studio. */
export const STATUS_BADGES: Record<ScholarshipStatus, { label: string; palette: string }> = {
  draft: { label: 'Draft', palette: 'gray' },
  published: { label: 'Published', palette: 'green' },
  closed: { label: 'Closed', palette: 'red' },
};

/** A scholarship saved without a title yet (only possible through the JSON API). */
export const UNTITLED = 'Untitled scholarship';

/** A scholarship the server answers 404 for: none with that id, or another organisation's. */
export const MISSING_SCHOLARSHIP = 'We could not find that scholarship';
export const MISSING_SCHOLARSHIP_TEXT = 'No scholarship of your organisation has this address. The link may be out of date, or the scholarship was deleted.';

/** The statuses in the order a filter lists them. */
export const SCHOLARSHIP_STATUS_VALUES = Object.keys(STATUS_BADGES) as ScholarshipStatus[];
