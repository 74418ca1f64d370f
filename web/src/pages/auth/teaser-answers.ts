import type { EligibilityFilters } from '../../api/eligibility-stats';

/**
 * The answers a visitor gives the sign-up page's teaser, by field key (the original second
 * registration step: current school level, field of study, date of birth). Kept under the original
 * local storage key 'register2' until the registration step, which starts from them; logout
 * clears the key with the others.
 */
export type TeaserAnswers = Record<string, string>;

const STORAGE_KEY = 'register2';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled: the answers last as long as the page
  }
}

export function storedTeaserAnswers(): TeaserAnswers {
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '{}');
    if (!stored || typeof stored !== 'object' || Array.isArray(stored)) return {};
    return Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));
  } catch {
    return {};
  }
}

export function storeTeaserAnswers(answers: TeaserAnswers): void {
  storage()?.setItem(STORAGE_KEY, JSON.stringify(answers));
}

/** The registration step has taken them over. */
export function forgetTeaserAnswers(): void {
  storage()?.removeItem(STORAGE_KEY);
}

/** A date of birth worth counting with: a whole date, from 1900 to today (a date being typed passes through years like 0002). */
export function isCountableBirthDate(value: string, today = new Date().toISOString().slice(0, 10)): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && value >= '1900-01-01' && value <= today;
}

/**
 * The answers as the public stats take them, keyed `field.{fieldKey}` (the date of birth has no
 * public field id); unanswered and half-typed ones are left out, so they rule nothing out.
 */
export function teaserFilters(answers: Record<string, unknown>): EligibilityFilters {
  const filters: EligibilityFilters = {};
  for (const [key, value] of Object.entries(answers)) {
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0)) continue;
    if (key === 'dob' && (typeof value !== 'string' || !isCountableBirthDate(value))) continue;
    filters[`field.${key}`] = value;
  }
  return filters;
}
