import { amountOfPriceString, annualSavings, freeTrialUsedText, membershipGrantsAccess, planPriceString } from './membership.js';

describe('membershipGrantsAccess', () => {
  const now = new Date('2026-11-25T12:00:00Z');
  const later = new Date('2026-12-02T12:00:00Z');
  const earlier = new Date('2026-11-20T12:00:00Z');

  it('grants access in the trial, while paid and while a renewal is retried', () => {
    for (const state of ['trialing', 'active', 'past_due'] as const) expect(membershipGrantsAccess(state, later, now)).toBe(true);
  });

  it('keeps a cancelled membership until its period ends, not after', () => {
    expect(membershipGrantsAccess('canceled', later, now)).toBe(true);
    expect(membershipGrantsAccess('canceled', earlier, now)).toBe(false);
    expect(membershipGrantsAccess('canceled', now, now)).toBe(false);
    expect(membershipGrantsAccess('canceled', null, now)).toBe(false);
  });

  it('never grants an expired one', () => {
    expect(membershipGrantsAccess('expired', later, now)).toBe(false);
  });
});

describe('plan prices', () => {
  it('writes cents with the currency symbol first', () => {
    expect(planPriceString(2900)).toBe('$29');
    expect(planPriceString(1250)).toBe('$12.50');
    expect(amountOfPriceString('$12.50')).toBe(12.5);
  });

  it('computes the annual savings against the monthly plan (docs/payments.md, Plans)', () => {
    expect(annualSavings(29, 19)).toBe('120.00');
    expect(annualSavings(29, 12)).toBe('204.00');
    expect(annualSavings(29, 29)).toBeNull();
    expect(annualSavings(19.99, 14.99)).toBe('60.00');
  });
});

describe('freeTrialUsedText', () => {
  it("writes the day as the app writes dates, in the zone asked for", () => {
    expect(freeTrialUsedText('2027-03-05T12:00:00Z', 'UTC')).toBe('Your free trial was used on 05 March, 2027');
    // Late on the 5th in UTC is already the 6th in Tokyo.
    expect(freeTrialUsedText(new Date('2027-03-05T20:00:00Z'), 'Asia/Tokyo')).toBe('Your free trial was used on 06 March, 2027');
  });
});
