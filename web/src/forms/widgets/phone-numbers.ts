import { composePhone } from '@scholarmatch/schemas';
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/min/metadata';

export interface CountryOption {
  /** ISO 3166 alpha-2, lower case, as the server and `ui:options.defaultCountry` spell it */
  value: string;
  label: string;
  callingCode: string;
}

export interface PhoneParts {
  country: string;
  number: string;
}

const COUNTRY_CODES = new Set<string>(getCountries());
/** Countries sharing each calling code, the code's main country first (+44: GB, then GG, IM, JE). */
const COUNTRIES_BY_CALLING_CODE: Record<string, string[] | undefined> = metadata.country_calling_codes;
const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

function toCountryCode(country: string): CountryCode | undefined {
  const upper = country.toUpperCase();
  return COUNTRY_CODES.has(upper) ? (upper as CountryCode) : undefined;
}

/** Every country with its calling code, sorted by name ('United States +1'). */
export const COUNTRY_OPTIONS: CountryOption[] = getCountries()
  .map((code) => {
    const callingCode = getCountryCallingCode(code);
    const name = REGION_NAMES.of(code) ?? code;
    return { value: code.toLowerCase(), label: `${name} +${callingCode}`, callingCode };
  })
  .sort((a, b) => a.label.localeCompare(b.label));

/** The country to preselect: the first of the candidates that is a known country, else 'us'. */
export function pickCountry(...candidates: (string | undefined)[]): string {
  const known = candidates.find((candidate) => candidate && toCountryCode(candidate));
  return known ? known.toLowerCase() : 'us';
}

export function callingCodeOf(country: string): string | undefined {
  const code = toCountryCode(country);
  return code ? getCountryCallingCode(code) : undefined;
}

/** The stored value: '+' + calling code + the number as typed, or undefined while either is missing. */
export function composePhoneValue({ country, number }: PhoneParts): string | undefined {
  return composePhone(callingCodeOf(country), number);
}

/** The calling code a number starts with. Calling codes are prefix-free, so the shortest match is the one. */
function callingCodePrefix(digits: string): string | undefined {
  return [1, 2, 3].map((length) => digits.slice(0, length)).find((code) => COUNTRIES_BY_CALLING_CODE[code]);
}

/**
 * Splits a stored '+<code><number>' back into a country and the number. The preferred country
 * wins when it has that calling code (+1 is shared by the US, Canada and others); otherwise the
 * code's main country. Either way the composed value stays the same.
 */
export function splitPhoneValue(value: unknown, preferredCountry: string): PhoneParts {
  if (typeof value !== 'string' || !value.startsWith('+')) return { country: preferredCountry, number: '' };
  const digits = value.slice(1);
  const code = callingCodePrefix(digits);
  const mainCountry = code ? COUNTRIES_BY_CALLING_CODE[code]?.[0] : undefined;
  if (!code || !mainCountry || !toCountryCode(mainCountry)) return { country: preferredCountry, number: digits };
  const country = callingCodeOf(preferredCountry) === code ? preferredCountry : mainCountry.toLowerCase();
  return { country, number: digits.slice(code.length) };
}
