import fc from 'fast-check';
import { ageFromDateOfBirth, composePhone, formatUsd, parseIsoDate } from './people.js';

describe('ageFromDateOfBirth', () => {
  const now = new Date('2026-11-21T12:00:00Z');

  it('counts whole years, turning older on the birthday itself', () => {
    expect(ageFromDateOfBirth('2010-11-21', now)).toBe(16);
    expect(ageFromDateOfBirth('2010-11-22', now)).toBe(15);
    expect(ageFromDateOfBirth('2010-11-20', now)).toBe(16);
    expect(ageFromDateOfBirth('2000-01-01', now)).toBe(26);
  });

  it('makes a 29 February birthday count on 1 March in common years', () => {
    expect(ageFromDateOfBirth('2008-02-29', new Date('2025-02-28T00:00:00Z'))).toBe(16);
    expect(ageFromDateOfBirth('2008-02-29', new Date('2025-03-01T00:00:00Z'))).toBe(17);
  });

  it('rejects dates that do not exist', () => {
    expect(ageFromDateOfBirth('2010-02-30', now)).toBeUndefined();
    expect(ageFromDateOfBirth('10/11/2010', now)).toBeUndefined();
    expect(parseIsoDate('2023-13-01')).toBeUndefined();
  });

  it('is never negative for a birth date up to today, and grows by one a year later', () => {
    fc.assert(
      fc.property(fc.date({ min: new Date('1900-01-01'), max: now, noInvalidDate: true }), (birth) => {
        const dob = birth.toISOString().slice(0, 10);
        const age = ageFromDateOfBirth(dob, now)!;
        expect(age).toBeGreaterThanOrEqual(0);
        const nextYear = new Date(now);
        nextYear.setUTCFullYear(now.getUTCFullYear() + 1);
        if (dob.slice(5) !== '02-29') expect(ageFromDateOfBirth(dob, nextYear)).toBe(age + 1);
      }),
    );
  });
});

describe('composePhone', () => {
  it('joins a plus sign, the calling code and the number', () => {
    expect(composePhone('1', '2025550143')).toBe('+12025550143');
    expect(composePhone('+44', '7700900123')).toBe('+447700900123');
  });

  it('gives nothing unless both parts are filled', () => {
    expect(composePhone('1', '')).toBeUndefined();
    expect(composePhone('', '2025550143')).toBeUndefined();
    expect(composePhone(undefined, undefined)).toBeUndefined();
  });
});

describe('formatUsd', () => {
  it('shows whole US dollars with thousands separators', () => {
    expect(formatUsd(12500)).toBe('$12,500');
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(999.6)).toBe('$1,000');
  });
});
