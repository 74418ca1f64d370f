/**
 * A conversion the affiliate and ad trackers hear about (docs/payments.md, "Conversions"): a lead
 * when an applicant signs up, worth 0.05, and a sale when a trial starts, worth the plan's monthly
 * price, noted 'Trial successful'.
 */
export interface Conversion {
  kind: 'lead' | 'sale';
  userId: string;
  amountCents: number;
  note?: string;
  linkId?: string | null;
  sourceId?: string | null;
  /** The same key twice is one conversion (a webhook delivered twice reports one sale). */
  dedupeKey: string;
}
