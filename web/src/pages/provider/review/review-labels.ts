import { ELIGIBILITY_WORDS, formatDate as formatInStyle } from '@scholarmatch/schemas';
import type { Eligibility, ReviewStatus } from '../../../api/review';

/** How a review status reads (docs/review.md, "Review status"). */
export const STATUS_PALETTES: Record<ReviewStatus, string> = {
  Received: 'blue',
  'Under review': 'purple',
  Shortlisted: 'orange',
  Winner: 'green',
  'Not selected': 'gray',
};

/** The matcher's verdict (docs/review.md, "Applicants list"), in words. */
export const ELIGIBILITY_LABELS: Record<Eligibility, { label: string; palette: string }> = {
  eligible: { label: ELIGIBILITY_WORDS.eligible, palette: 'green' },
  missing: { label: ELIGIBILITY_WORDS.missing, palette: 'yellow' },
  ineligible: { label: ELIGIBILITY_WORDS.ineligible, palette: 'red' },
};

/** A submission date as people read it (UTC, as the activity chart counts days). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatInStyle(date, 'short', 'UTC');
}

/** A weighted total or an average, 0..100 with two decimals; a dash when nobody scored. */
export function formatScore(score: number | null | undefined): string {
  return score === null || score === undefined ? '–' : score.toFixed(2);
}
