const LONG_DATE = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' as people read it in a message: 'June 30, 2027'. */
export function formatLongDate(isoDay: string): string {
  return LONG_DATE.format(new Date(`${isoDay}T00:00:00Z`));
}
