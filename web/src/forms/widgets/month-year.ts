import { FIELD_DEFAULTS, monthYearLastYear } from '@scholarmatch/schemas';

export interface MonthYearParts {
  year: string;
  month: string;
}

const MONTH_NAMES = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' });

/** January..December with their two-digit values. */
export const MONTHS = Array.from({ length: 12 }, (_, index) => ({
  value: String(index + 1).padStart(2, '0'),
  label: MONTH_NAMES.format(new Date(Date.UTC(2000, index, 1))),
}));

/** 'YYYY-MM', or the partial 'YYYY-' / '-MM' this widget emits while one part is missing. */
export function parseMonthYear(value: unknown): MonthYearParts {
  if (typeof value !== 'string') return { year: '', month: '' };
  const [year = '', month = ''] = value.split('-');
  return { year, month };
}

/**
 * The stored value. A partial value is kept on purpose: the schema's pattern then answers
 * 'You must select both month and year!' instead of the half-answer silently vanishing.
 */
export function composeMonthYear({ year, month }: MonthYearParts): string | undefined {
  if (!year && !month) return undefined;
  return `${year}-${month}`;
}

export interface YearRangeOptions {
  fromYear?: unknown;
  maxYearsAhead?: unknown;
}

const DEFAULT_RANGE = { fromYear: FIELD_DEFAULTS.monthYearFromYear, maxYearsAhead: FIELD_DEFAULTS.monthYearMaxYearsAhead };

/** Years offered, oldest first: `fromYear` .. this year + `maxYearsAhead`. */
export function selectableYears(options: YearRangeOptions, now: Date = new Date()): string[] {
  const fromYear = typeof options.fromYear === 'number' ? options.fromYear : DEFAULT_RANGE.fromYear;
  const maxYearsAhead = typeof options.maxYearsAhead === 'number' ? options.maxYearsAhead : DEFAULT_RANGE.maxYearsAhead;
  const lastYear = monthYearLastYear({ fromYear, maxYearsAhead }, now);
  const count = Math.max(0, lastYear - fromYear + 1);
  return Array.from({ length: count }, (_, index) => String(fromYear + index));
}
