const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string | undefined): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric', ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * A date as the product writes dates, 'DD MMMM, YYYY' (docs/decisions.md, "Memberships (web)"):
 * '05 March, 2027'. In the given time zone, else the runtime's own: the browser shows the day a
 * moment falls on for the person; the server, which does not know theirs, passes 'UTC'.
 */
export function formatDayMonthYear(date: string | Date, timeZone?: string): string {
  const parts = formatterFor(timeZone).formatToParts(new Date(date));
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day').padStart(2, '0')} ${part('month')}, ${part('year')}`;
}
