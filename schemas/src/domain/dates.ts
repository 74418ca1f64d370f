/**
 * How the product writes dates: a few named styles, one place (docs/architecture.md, "Words,
 * statuses and dates live in schemas/"). Each style keeps the output its screens and messages have
 * always shown, so two styles may serve close purposes (a deadline on a card, a deadline in a
 * reminder) and still differ by a comma.
 *
 * A date is written in the given time zone, else the runtime's own: the browser shows the day a
 * moment falls on for the person; the server, which does not know theirs, passes 'UTC'.
 */
export type DateStyle = keyof typeof DATE_STYLES;

type Writer = (date: Date, timeZone: string | undefined) => string;
type PartOf = (type: Intl.DateTimeFormatPartTypes) => string;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One `Intl.DateTimeFormat` per locale, options and zone, made on first use. */
function formatterFor(locale: string, options: Intl.DateTimeFormatOptions, timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}|${timeZone ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...options, ...(timeZone ? { timeZone } : {}) });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A style that is exactly what `Intl` writes for these options. */
function intl(locale: string, options: Intl.DateTimeFormatOptions): Writer {
  return (date, timeZone) => formatterFor(locale, options, timeZone).format(date);
}

/** A style assembled from the named parts `Intl` gives (day, month, year, weekday). */
function assembled(options: Intl.DateTimeFormatOptions, write: (part: PartOf) => string): Writer {
  return (date, timeZone) => {
    const parts = formatterFor('en-US', options, timeZone).formatToParts(date);
    return write((type) => parts.find((p) => p.type === type)?.value ?? '');
  };
}

const DAY_MONTH_YEAR = assembled({ day: 'numeric', month: 'long', year: 'numeric' }, (part) => `${part('day').padStart(2, '0')} ${part('month')}, ${part('year')}`);
const HOURS_MINUTES = intl('en-GB', { hour: '2-digit', minute: '2-digit' });

const DATE_STYLES = {
  /** '05 March, 2027', 'DD MMMM, YYYY' (docs/decisions.md, "Memberships (web)"): memberships, the inbox, the tracker, legal pages. */
  long: DAY_MONTH_YEAR,
  /** '05 March, 2027, 14:05': a conversation's messages, which move within a day. */
  longTime: (date, timeZone) => `${DAY_MONTH_YEAR(date, timeZone)}, ${HOURS_MINUTES(date, timeZone)}`,
  /** 'March 5, 2027': deadlines on the scholarship pages, the day something happened on a card, a sweepstakes' end. */
  monthFirst: intl('en-US', { month: 'long', day: 'numeric', year: 'numeric' }),
  /** 'March 05, 2027': the membership e-mails (a receipt, the trial's reminder). */
  monthFirstPadded: intl('en-US', { day: '2-digit', month: 'long', year: 'numeric' }),
  /** 'Friday, 4 December 2026': a deadline in an inbox message (reminders, a new cycle). */
  weekday: assembled({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, (part) => `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`),
  /** 'Mar 5, 2027': the studio's tables and review pages. */
  short: intl('en-US', { day: 'numeric', month: 'short', year: 'numeric' }),
  /** 'Mar 5, 2027, 2:05 PM': when a support request was sent. */
  shortTime: intl('en-US', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
} satisfies Record<string, Writer>;

/** A moment (an ISO string or a Date) in one of the product's date styles. */
export function formatDate(date: string | Date, style: DateStyle, timeZone?: string): string {
  return DATE_STYLES[style](new Date(date), timeZone);
}

/** '05 March, 2027': the product's own date, the `long` style. */
export function formatDayMonthYear(date: string | Date, timeZone?: string): string {
  return formatDate(date, 'long', timeZone);
}
