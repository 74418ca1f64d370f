import { describe, expect, it } from 'vitest';
import { composePhoneValue, pickCountry, splitPhoneValue } from '../../src/forms/widgets/phone-numbers';

describe('phone numbers', () => {
  it('composes only when both parts are filled', () => {
    expect(composePhoneValue({ country: 'us', number: '2025550143' })).toBe('+12025550143');
    expect(composePhoneValue({ country: 'us', number: '' })).toBeUndefined();
  });

  it('splits with the preferred country when it shares the calling code', () => {
    expect(splitPhoneValue('+16135550143', 'ca')).toEqual({ country: 'ca', number: '6135550143' });
    expect(splitPhoneValue('+16135550143', 'in')).toEqual({ country: 'us', number: '6135550143' });
  });

  it("falls back to the code's main country", () => {
    expect(splitPhoneValue('+447700900123', 'us')).toEqual({ country: 'gb', number: '7700900123' });
    expect(splitPhoneValue('+254712345678', 'us')).toEqual({ country: 'ke', number: '712345678' });
  });

  it('picks the first known country, else the US', () => {
    expect(pickCountry(undefined, 'IN')).toBe('in');
    expect(pickCountry('zz', undefined)).toBe('us');
  });
});
