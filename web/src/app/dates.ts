const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric' });

/**
 * A date as the product writes dates, 'DD MMMM, YYYY' (docs/decisions.md, "Memberships (web)"): '05 March, 2027'. In the
 * person's own time zone: a billing date is a moment, and this is the day it falls on for them.
 */
export function formatDayMonthYear(date: string | Date): string {
  const parts = DAY_MONTH_YEAR.formatToParts(new Date(date));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day').padStart(2, '0')} ${part('month')}, ${part('year')}`;
}
