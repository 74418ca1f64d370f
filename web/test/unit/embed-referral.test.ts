import { afterEach, describe, expect, it } from 'vitest';
import { embedReferralFor, rememberEmbedReferral } from '../../src/session/embed-referral';

const ID = '3f6c2a8e-5b1d-4c7e-9a2f-8d4b6e1c0a57';
const DAY = 86_400_000;

describe('the embedded card referral', () => {
  afterEach(() => localStorage.removeItem('embedReferrals'));

  it('keeps the scholarship of an Apply link from a card, for that scholarship only', () => {
    rememberEmbedReferral(`?ref=embed&s=${ID.toUpperCase()}`, 1_000);
    expect(embedReferralFor(ID, 2_000)).toBe('embed');
    expect(embedReferralFor('00000000-0000-4000-8000-000000000000', 2_000)).toBeUndefined();
  });

  it('ignores other addresses and stops counting after 30 days', () => {
    rememberEmbedReferral(`?ref=partner&s=${ID}`, 0);
    rememberEmbedReferral('?ref=embed&s=not-an-id', 0);
    expect(localStorage.getItem('embedReferrals')).toBeNull();
    rememberEmbedReferral(`?ref=embed&s=${ID}`, 0);
    expect(embedReferralFor(ID, 29 * DAY)).toBe('embed');
    expect(embedReferralFor(ID, 30 * DAY)).toBeUndefined();
  });

  it('survives a broken stored value', () => {
    localStorage.setItem('embedReferrals', '{not json');
    expect(embedReferralFor(ID)).toBeUndefined();
    rememberEmbedReferral(`?ref=embed&s=${ID}`);
    expect(embedReferralFor(ID)).toBe('embed');
  });
});
