import type { ScholarshipStatus } from '../../api/providers';

/** How a scholarship's status reads in the studio. */
export const STATUS_BADGES: Record<ScholarshipStatus, { label: string; palette: string }> = {
  draft: { label: 'Draft', palette: 'gray' },
  published: { label: 'Published', palette: 'green' },
  closed: { label: 'Closed', palette: 'red' },
};

/** A scholarship saved without a title yet (only possible through the JSON API). */
export const UNTITLED = 'Untitled scholarship';
