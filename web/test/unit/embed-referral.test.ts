import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyToScholarships, submitApplication } from '../../src/api/applications';
import { api } from '../../src/api/client';
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

describe('an application from a card', () => {
  afterEach(() => {
    localStorage.removeItem('embedReferrals');
    vi.restoreAllMocks();
  });

  it("carries referral 'embed' to the scholarship the card was for, and to no other", async () => {
    const post = vi.spyOn(api, 'POST').mockResolvedValue({ data: { data: { status: 'Draft' } }, response: new Response() } as never);
    rememberEmbedReferral(`?ref=embed&s=${ID}`);
    await submitApplication({ scholarshipId: ID, status: 'Draft', requirements: [] });
    await submitApplication({ scholarshipId: '00000000-0000-4000-8000-000000000000', status: 'Draft', requirements: [] });
    expect(post.mock.calls.map((call) => (call[1] as { body: { referral?: string } }).body.referral)).toEqual(['embed', undefined]);
  });

  it('names the referred ones among the scholarships of an Easy Apply', async () => {
    const post = vi.spyOn(api, 'POST').mockResolvedValue({ data: { data: { applied: [] } }, response: new Response() } as never);
    rememberEmbedReferral(`?ref=embed&s=${ID}`);
    const other = '00000000-0000-4000-8000-000000000000';
    await applyToScholarships({ scholarshipId: [other, ID] });
    await applyToScholarships({ scholarshipId: [other] });
    expect(post.mock.calls.map((call) => (call[1] as { body: { embedReferrals?: string[] } }).body.embedReferrals)).toEqual([[ID], undefined]);
  });
});
