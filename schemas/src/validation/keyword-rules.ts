import { ageFromDateOfBirth, parseIsoDate, todayIso } from '../domain/people.js';

/**
 * The rules behind the project's own ajv keywords (keywords.ts), for what JSON Schema cannot state
 * because it depends on today's date or on a sibling answer.
 *
 * This module is also the one the browser runs: a form's standalone validator (compiled on the
 * server, served as a JavaScript module, see docs/security.md "Content security policy") imports
 * these functions by this module's package path, so the server and the browser apply the very
 * same code. Keep it free of anything but pure functions.
 *
 * Each rule passes data it does not own (wrong type, unparsable) so that only the keyword that
 * owns the problem (type, pattern, format) reports it: one message per mistake.
 */

/** `minAge: 16` on a 'YYYY-MM-DD' string: the person is at least 16 whole years old today. */
export function minAge(minYears: number, data: unknown): boolean {
  if (typeof data !== 'string' || !parseIsoDate(data)) return true;
  return (ageFromDateOfBirth(data) ?? 0) >= minYears;
}

/** `notAfterToday: true` on a 'YYYY-MM-DD' string. */
export function notAfterToday(enabled: boolean, data: unknown): boolean {
  if (!enabled || typeof data !== 'string' || !parseIsoDate(data)) return true;
  return data <= todayIso();
}

export interface MonthYearRange {
  fromYear: number;
  maxYearsAhead: number;
}

/** The latest year a month-year picker offers today. */
export function monthYearLastYear(range: MonthYearRange, now: Date = new Date()): number {
  return now.getUTCFullYear() + range.maxYearsAhead;
}

/** `monthYearRange: { fromYear, maxYearsAhead }` on a complete 'YYYY-MM' string. */
export function monthYearRange(range: MonthYearRange, data: unknown): boolean {
  if (typeof data !== 'string') return true;
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(data);
  if (!match) return true;
  const year = Number(match[1]);
  return year >= range.fromYear && year <= monthYearLastYear(range);
}

/** The words of a text or of an HTML text (tags and entities are not words). */
export function wordCount(text: string): number {
  // `[^<>]` keeps the scan linear: a text of many '<' must not take quadratic time.
  const plain = text.replace(/<[^<>]*>/g, ' ').replace(/&[#\w]+;/g, ' ');
  return plain.split(/\s+/).filter(Boolean).length;
}

/** `maxWords: 500` on a string (plain or HTML): a requirement's word limit. */
export function maxWords(limit: number, data: unknown): boolean {
  if (typeof data !== 'string') return true;
  return wordCount(data) <= limit;
}

/** `sameAs: 'password'`: the answer equals the answer of the sibling property (confirm password). */
export function sameAs(otherKey: string, data: unknown, parentData: unknown): boolean {
  if (typeof parentData !== 'object' || parentData === null) return true;
  return data === (parentData as Record<string, unknown>)[otherKey];
}
