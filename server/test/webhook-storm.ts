import { randomInt } from 'node:crypto';
import { SANDBOX_SIGNATURE_HEADER, signSandboxWebhook } from '../src/payments/sandbox/sandbox-signature.js';

/**
 * A storm of sandbox webhooks: many reports about many subscriptions, a share delivered
 * twice, all shuffled, and what the server must end with. Used by server/test/payments-storm.spec.ts
 * (in-process) and bench/payments.ts (over HTTP).
 *
 * The reference model is written apart from the server's code: for each subscription the report
 * with the highest version wins, and its (provider status, cancel at period end) pair maps to the
 * state this table gives (docs/payments.md, "States").
 */
const REPORTS = [
  { status: 'trialing', cancel: false, state: 'trialing', access: true },
  { status: 'trialing', cancel: true, state: 'canceled', access: true },
  { status: 'active', cancel: false, state: 'active', access: true },
  { status: 'active', cancel: true, state: 'canceled', access: true },
  { status: 'past_due', cancel: false, state: 'past_due', access: true },
  { status: 'canceled', cancel: false, state: 'expired', access: false },
  { status: 'unpaid', cancel: false, state: 'expired', access: false },
] as const;

export interface StormDelivery {
  eventId: string;
  body: string;
}

export interface Storm {
  deliveries: StormDelivery[];
  /** Per gateway subscription id: the state and access the reference model expects. */
  expected: Map<string, { userId: string; state: string; access: boolean }>;
  duplicates: number;
}

/**
 * `events` distinct events over one subscription per user (`userIds`), each subscription's
 * versions 1..n in random order, then `duplicateShare` of them delivered a second time, shuffled.
 */
export function makeStorm(options: { userIds: string[]; planId: string; events: number; duplicateShare: number; prefix: string }): Storm {
  const { userIds, planId, events, duplicateShare, prefix } = options;
  const versions = new Map<string, number>();
  const latest = new Map<string, { version: number; report: (typeof REPORTS)[number]; userId: string }>();
  const periodEnd = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const originals: StormDelivery[] = [];
  for (let i = 0; i < events; i++) {
    const userId = userIds[i % userIds.length];
    const subscriptionId = `sub_${prefix}_${userId.replace(/-/g, '')}`;
    const version = (versions.get(subscriptionId) ?? 0) + 1;
    versions.set(subscriptionId, version);
    const report = REPORTS[randomInt(REPORTS.length)];
    latest.set(subscriptionId, { version, report, userId });
    const object = {
      id: subscriptionId,
      object: 'subscription',
      customer: `cus_${prefix}_${i % userIds.length}`,
      status: report.status,
      cancel_at_period_end: report.cancel,
      trial_end: null,
      current_period_end: periodEnd,
      canceled_at: null,
      metadata: { userId, planId },
      version,
    };
    const eventId = `evt_${prefix}_${i}`;
    originals.push({ eventId, body: JSON.stringify({ id: eventId, object: 'event', type: 'customer.subscription.updated', created: new Date().toISOString(), data: { object } }) });
  }
  const duplicates = Math.round(events * duplicateShare);
  const deliveries = [...originals, ...shuffle([...originals]).slice(0, duplicates)];
  const expected = new Map([...latest].map(([id, { report, userId }]) => [id, { userId, state: report.state, access: report.access }]));
  return { deliveries: shuffle(deliveries), expected, duplicates };
}

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** The headers a sandbox delivery carries, signed now. */
export function stormHeaders(key: Buffer, body: string): Record<string, string> {
  return { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(key, body) };
}

/** Sends every delivery with `concurrency` in flight; returns the status codes and outcomes seen. */
export async function deliverStorm(
  storm: Storm,
  concurrency: number,
  send: (delivery: StormDelivery) => Promise<{ status: number; outcome?: string }>,
): Promise<{ statuses: Map<number, number>; outcomes: Map<string, number>; ms: number[] }> {
  const statuses = new Map<number, number>();
  const outcomes = new Map<string, number>();
  const ms: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < storm.deliveries.length) {
      const delivery = storm.deliveries[next++];
      const started = performance.now();
      const { status, outcome } = await send(delivery);
      ms.push(performance.now() - started);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      if (outcome) outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { statuses, outcomes, ms };
}

/** Compares the stored subscriptions (and users' flags) with the reference model; returns the differences. */
export function stormMismatches(
  storm: Storm,
  rows: { gatewaySubscriptionId: string; status: string; active: boolean }[],
): string[] {
  const found = new Map(rows.map((row) => [row.gatewaySubscriptionId, row]));
  const problems: string[] = [];
  for (const [id, expected] of storm.expected) {
    const row = found.get(id);
    if (!row) problems.push(`${id}: missing`);
    else if (row.status !== expected.state || row.active !== expected.access) {
      problems.push(`${id}: ${row.status}/${row.active}, expected ${expected.state}/${expected.access}`);
    }
  }
  return problems;
}

/** The stored state of the storm's subscriptions, with each owner's membership flag. */
export const STORM_ROWS_SQL = `SELECT s.gateway_subscription_id AS "gatewaySubscriptionId", s.status, u.is_active_subscription AS active
  FROM subscriptions s JOIN users u ON u.id = s.user_id WHERE s.gateway_subscription_id LIKE $1`;
