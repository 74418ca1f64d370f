import type { Ajv } from 'ajv';
import ajvErrors from 'ajv-errors';

type AjvPlugin = (ajv: Ajv) => Ajv;
import { ageFromDateOfBirth, parseIsoDate, todayIso } from '../domain/people.js';

/**
 * The custom keywords the compiled schemas use, for rules JSON Schema cannot state because they
 * depend on today's date. Server and browser both register them with `addFormKeywords`, so both
 * reach the same verdict with the same words.
 *
 * Each keyword passes data it does not own (wrong type, unparsable) so that only the keyword that
 * owns the problem (type, pattern, format) reports it: one message per mistake.
 */

/** `minAge: 16` on a 'YYYY-MM-DD' string: the person is at least 16 whole years old today. */
function minAge(minYears: number, data: unknown): boolean {
  if (typeof data !== 'string' || !parseIsoDate(data)) return true;
  return (ageFromDateOfBirth(data) ?? 0) >= minYears;
}

/** `notAfterToday: true` on a 'YYYY-MM-DD' string. */
function notAfterToday(enabled: boolean, data: unknown): boolean {
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
function monthYearRange(range: MonthYearRange, data: unknown): boolean {
  if (typeof data !== 'string') return true;
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(data);
  if (!match) return true;
  const year = Number(match[1]);
  return year >= range.fromYear && year <= monthYearLastYear(range);
}

/** `sameAs: 'password'`: the answer equals the answer of the sibling property (confirm password). */
function sameAs(otherKey: string, data: unknown, _schema?: unknown, context?: { parentData?: unknown }): boolean {
  const parent = context?.parentData;
  if (typeof parent !== 'object' || parent === null) return true;
  return data === (parent as Record<string, unknown>)[otherKey];
}

/** Registers ajv-errors (messages) and the project's keywords on an Ajv instance (`allErrors` must be on). */
export function addFormKeywords(ajv: Ajv): Ajv {
  ajv.addKeyword({ keyword: 'minAge', type: 'string', schemaType: 'number', validate: minAge });
  ajv.addKeyword({ keyword: 'notAfterToday', type: 'string', schemaType: 'boolean', validate: notAfterToday });
  ajv.addKeyword({ keyword: 'sameAs', type: 'string', schemaType: 'string', validate: sameAs });
  ajv.addKeyword({
    keyword: 'monthYearRange',
    type: 'string',
    schemaType: 'object',
    metaSchema: {
      type: 'object',
      properties: { fromYear: { type: 'integer' }, maxYearsAhead: { type: 'integer', minimum: 0 } },
      required: ['fromYear', 'maxYearsAhead'],
      additionalProperties: false,
    },
    validate: monthYearRange,
  });
  // ajv-errors is published as CommonJS; under ESM its default export may arrive wrapped once.
  const module = ajvErrors as unknown as AjvPlugin & { default?: AjvPlugin };
  const plugin = module.default ?? module;
  return plugin(ajv);
}
