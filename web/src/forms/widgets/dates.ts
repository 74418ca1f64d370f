import { todayIso } from '@scholarmatch/schemas';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * The same calendar day `years` before `isoDate`, clamped to the month's end (29 February ->
 * 28 February). UTC calendar dates, like the schema's minAge and notAfterToday rules.
 */
export function yearsBefore(isoDate: string, years: number): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  const targetYear = year - years;
  return `${targetYear}-${pad(month)}-${pad(Math.min(day, daysInMonth(targetYear, month)))}`;
}

export interface DateBoundOptions {
  latestYearsAgo?: unknown;
  notAfterToday?: unknown;
}

/** The latest date the picker offers, or undefined for no bound. Only a hint: the schema rules. */
export function latestSelectableDate(options: DateBoundOptions, today: string = todayIso()): string | undefined {
  if (typeof options.latestYearsAgo === 'number' && options.latestYearsAgo > 0) {
    return yearsBefore(today, options.latestYearsAgo);
  }
  return options.notAfterToday === true ? today : undefined;
}
