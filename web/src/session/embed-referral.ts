/**
 * The referral of a sponsor's embedded card (docs/embedding.md, "Counting"): its Apply link opens
 * the product with `?ref=embed&s={scholarshipId}`. The browser keeps which scholarships it came
 * for, as it keeps a partner link's `linkId`, through sign-up and sign-in, and the application to
 * one of them carries `referral: 'embed'`; the server records it once on the application.
 */
const KEY = 'embedReferrals';
/** How long a click counts: a student may sign up today and apply next week. */
const KEPT_MS = 30 * 86_400_000;
/** A few at most: one per card a student followed. */
const MAX_KEPT = 20;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Clicks = Record<string, number>;

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined; // storage disabled: the referral is lost, the application is not
  }
}

/** The clicks still counting, by scholarship id. */
function clicks(now: number): Clicks {
  try {
    const stored = JSON.parse(storage()?.getItem(KEY) ?? '{}') as unknown;
    if (!stored || typeof stored !== 'object') return {};
    return Object.fromEntries(Object.entries(stored as Clicks).filter(([id, at]) => UUID.test(id) && typeof at === 'number' && now - at < KEPT_MS));
  } catch {
    return {};
  }
}

/** Keeps the scholarship a page's address was opened for from an embedded card (any other address: nothing). */
export function rememberEmbedReferral(search: string, now = Date.now()): void {
  const params = new URLSearchParams(search);
  const id = params.get('s');
  if (params.get('ref') !== 'embed' || !id || !UUID.test(id)) return;
  const kept = Object.entries({ ...clicks(now), [id.toLowerCase()]: now })
    .sort(([, a], [, b]) => b - a)
    .slice(0, MAX_KEPT);
  storage()?.setItem(KEY, JSON.stringify(Object.fromEntries(kept)));
}

/** 'embed' when this browser came to the scholarship through its sponsor's card within the last 30 days. */
export function embedReferralFor(scholarshipId: string, now = Date.now()): 'embed' | undefined {
  return clicks(now)[scholarshipId.toLowerCase()] !== undefined ? 'embed' : undefined;
}
