/**
 * Part `payments` of `npm run bench` (docs/payments.md, docs/performance.md):
 *
 * - Webhook handling: autocannon POSTs to /payments/webhooks/sandbox, each request a new signed
 *   event (signature checked, stored once, subscription row and the owner's flag updated in one
 *   transaction) about one of the bench applicants' subscriptions, versions rising. Target: p95 ≤
 *   20 ms at BENCH_WEBHOOK_CONNECTIONS (default 4: a provider delivers a few at a time); also
 *   measured at the bench's usual 16 connections, where two cores are saturated.
 * - Storm: 1,000 events over 50 subscriptions, 20 % delivered twice, shuffled, 16 in flight; the
 *   stored states must equal the reference model's (server/test/webhook-storm.ts), with 0 errors.
 *
 * Everything it writes is removed afterwards, and the bench applicants are members again.
 */
import { ServerSecrets } from '../server/src/auth/server-secrets.js';
import { SANDBOX_SIGNATURE_HEADER, signSandboxWebhook } from '../server/src/payments/sandbox/sandbox-signature.js';
import { deliverStorm, makeStorm, STORM_ROWS_SQL, stormHeaders, stormMismatches } from '../server/test/webhook-storm.js';
import { BENCH_JWT_SECRET, type BenchServer } from './bench-server.js';
import { CONNECTIONS, json, percentile, scenario, type BenchClient, type Result } from './measure.js';

const WEBHOOK_CONNECTIONS = Number(process.env.BENCH_WEBHOOK_CONNECTIONS ?? 4);
export const WEBHOOK = `POST payments/webhooks/sandbox (a new signed event each, ${WEBHOOK_CONNECTIONS} connections)`;
export const WEBHOOK_SATURATED = `POST payments/webhooks/sandbox (a new signed event each, ${CONNECTIONS} connections)`;
export const STORM = 'webhook storm: 1,000 events + 20 % duplicates, shuffled, 16 in flight';
const PREFIX = 'bench';

async function cleanUp(bench: BenchServer): Promise<void> {
  await bench.sql.query(`DELETE FROM subscriptions WHERE gateway_subscription_id LIKE $1`, [`sub_${PREFIX}%`]);
  // The storm's trials are the free trials of real bench applicants: the next run starts them afresh.
  await bench.sql.query(`DELETE FROM free_trials WHERE gateway_subscription_id LIKE $1`, [`sub_${PREFIX}%`]);
  await bench.sql.query(`DELETE FROM payment_events WHERE event_id LIKE $1`, [`evt_${PREFIX}%`]);
  await bench.sql.query(`UPDATE users SET is_active_subscription = true WHERE id = ANY($1)`, [bench.applicants.map((a) => a.id)]);
}

export async function measurePayments(bench: BenchServer, results: Result[], log: (line: string) => void): Promise<{ mismatches: string[] }> {
  const key = ServerSecrets.fromMaster(BENCH_JWT_SECRET).sandboxWebhookKey;
  const { data: plans } = await json(`${bench.baseUrl}/api/v1/subscription-plans`);
  const planId = plans[1].id as string;
  await cleanUp(bench);
  let stormUsers: { id: string; member: boolean }[] = [];
  try {
    // Each request: a newer report (active, renewing) of one bench applicant's subscription.
    let sent = 0;
    const periodEnd = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const nextEvent = () => {
      sent += 1;
      const applicant = bench.applicants[sent % bench.applicants.length];
      const eventId = `evt_${PREFIX}_load_${sent}_${Date.now()}`;
      const object = {
        id: `sub_${PREFIX}_load_${applicant.id}`,
        object: 'subscription',
        customer: `cus_${PREFIX}_${applicant.id}`,
        status: 'active',
        cancel_at_period_end: false,
        trial_end: null,
        current_period_end: periodEnd,
        canceled_at: null,
        metadata: { userId: applicant.id, planId },
        version: sent,
      };
      const body = JSON.stringify({ id: eventId, object: 'event', type: 'customer.subscription.updated', created: new Date().toISOString(), data: { object } });
      return { body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(key, body) } };
    };
    const webhooks = { method: 'POST' as const, setupClient: (client: BenchClient) => client.setRequests([{ method: 'POST', setupRequest: (request) => ({ ...request, ...nextEvent() }) }]) };
    const url = `${bench.baseUrl}/api/v1/payments/webhooks/sandbox`;
    // A provider delivers a few webhooks at a time; the bench's usual 16 connections are its saturation point.
    await scenario(WEBHOOK, url, bench.pid, { ...webhooks, connections: WEBHOOK_CONNECTIONS }, results);
    await scenario(WEBHOOK_SATURATED, url, bench.pid, webhooks, results);

    const { rows } = await bench.sql.query(
      `SELECT id, is_active_subscription AS member FROM users WHERE role = 'applicant' AND NOT (id = ANY($1)) ORDER BY id LIMIT 50`,
      [bench.applicants.map((a) => a.id)],
    );
    stormUsers = rows;
    const storm = makeStorm({ userIds: rows.map((row) => row.id as string), planId, events: 1000, duplicateShare: 0.2, prefix: PREFIX });
    const started = performance.now();
    const { statuses, ms } = await deliverStorm(storm, 16, async (delivery) => {
      const response = await fetch(`${bench.baseUrl}/api/v1/payments/webhooks/sandbox`, { method: 'POST', headers: stormHeaders(key, delivery.body), body: delivery.body });
      await response.arrayBuffer();
      return { status: response.status };
    });
    const seconds = (performance.now() - started) / 1000;
    const stored = await bench.sql.query(STORM_ROWS_SQL, [`sub_${PREFIX}%`]);
    const mismatches = stormMismatches(storm, stored.rows);
    ms.sort((a, b) => a - b);
    const errors = [...statuses].filter(([status]) => status !== 200).reduce((sum, [, count]) => sum + count, 0);
    results.push({
      name: STORM,
      rps: Math.round(storm.deliveries.length / seconds),
      p50_ms: percentile(ms, 50),
      p95_ms: percentile(ms, 95),
      p99_ms: percentile(ms, 99),
      errors,
      server_cpu_ms_per_1k: 0,
      states_checked: storm.expected.size,
      states_wrong: mismatches.length,
    });
    log(`storm: ${storm.deliveries.length} deliveries (${storm.duplicates} duplicates) in ${seconds.toFixed(2)} s; ${storm.expected.size} subscriptions, ${mismatches.length} not as the reference model says`);
    for (const mismatch of mismatches.slice(0, 10)) log(`  ${mismatch}`);
    return { mismatches };
  } finally {
    await cleanUp(bench);
    // The storm's applicants get back the membership flag they had.
    for (const member of [true, false]) {
      const ids = stormUsers.filter((user) => user.member === member).map((user) => user.id);
      await bench.sql.query(`UPDATE users SET is_active_subscription = $2 WHERE id = ANY($1)`, [ids, member]);
    }
  }
}
