/** Pure rules about people and money, shared by server and browser. */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Parses 'YYYY-MM-DD' into its parts, or undefined when it is not a real calendar date. */
export function parseIsoDate(value: string): { year: number; month: number; day: number } | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const isReal = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isReal ? { year, month, day } : undefined;
}

/** Today's calendar date in UTC as 'YYYY-MM-DD'. */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Whole years between a date of birth and `now` (UTC calendar dates). A person born on 29 February
 * turns a year older on 1 March in common years. Undefined for an invalid date.
 */
export function ageFromDateOfBirth(dob: string, now: Date = new Date()): number | undefined {
  const birth = parseIsoDate(dob);
  if (!birth) return undefined;
  const today = parseIsoDate(todayIso(now))!;
  const hadBirthdayThisYear =
    today.month > birth.month || (today.month === birth.month && today.day >= birth.day);
  return today.year - birth.year - (hadBirthdayThisYear ? 0 : 1);
}

/**
 * The phone number as the API stores it: a plus sign, the country calling code, then the number;
 * only when both parts are filled (as in the original product).
 */
export function composePhone(countryCode: string | undefined, number: string | undefined): string | undefined {
  const code = (countryCode ?? '').trim().replace(/^\+/, '');
  const local = (number ?? '').trim();
  if (!code || !local) return undefined;
  return `+${code}${local}`;
}

const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** US dollars without decimals: 12500 -> '$12,500'. */
export function formatUsd(amount: number): string {
  return USD.format(amount);
}
