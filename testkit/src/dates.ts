/**
 * Dates the specs write into scholarships and profiles, relative to today so that a spec written
 * this year still passes next year (docs/testing.md, "Dates").
 */

/** The 30th of June next year: a deadline still open whenever a spec runs. */
export const NEXT_YEAR = nextYearOn('06-30');

/** Yesterday (UTC, YYYY-MM-DD): a deadline already passed. */
export const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

/** `monthDay` (MM-DD) of next year, as YYYY-MM-DD. */
export function nextYearOn(monthDay: string): string {
  return `${new Date().getUTCFullYear() + 1}-${monthDay}`;
}

/** The UTC day `n` days from today (YYYY-MM-DD); negative for the past. */
export function daysFromToday(n: number): string {
  return new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
}

/** A date of birth that makes someone `years` old today (the first of this month, `years` ago). */
export function dobYearsAgo(years: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), 1)).toISOString().slice(0, 10);
}
