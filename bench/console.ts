/**
 * Part `console` of `npm run bench` (docs/console.md, "Figures"): the staff console's two figures.
 * - The support queue's list at 100,000 requests: `GET /admin/support-requests` as the console's
 *   first page asks for it (open, the oldest waiting first, 20) and as the API's defaults answer
 *   (newest first, 50), one request at a time (first calls of each variant are warm-up).
 * - The audit log's write cost per staff action: the plan update's own transaction (lock, update,
 *   commit) with and without its audit insert, alternated, straight on the database; and the whole
 *   `PATCH /admin/subscription-plans/{id}` through the server.
 * The requests are removed afterwards; the audit rows stay (nobody can remove them), and so does
 * the staff account that wrote them.
 *
 * Alone, on a fresh database (no scale data needed): `npm run build && npx tsx bench/console.ts`.
 */
import argon2 from 'argon2';
import pg from 'pg';
import { pathToFileURL } from 'node:url';
import { startServer } from '@scholarmatch/testkit';
import { json, percentile, printTable, type Result } from './measure.js';
import { BENCH_PASSWORD } from './scale-data.js';

export const SUPPORT_QUEUE_LIST = "GET admin/support-requests at 100,000 requests (the console's first page: open, oldest waiting first, 20), sequential";
export const AUDIT_WRITE_COST = 'audit log write per staff action: plan update transaction with the audit insert minus without (mean ms)';

const REQUESTS = 100_000;
const SAMPLES = 60;
const TRANSACTIONS = 1_000;
const DOMAIN = 'console.bench.scholarmatch.test';
const ADMIN_EMAIL = `admin@${DOMAIN}`;

/** What the part needs of a running server: BenchServer, or a server of its own (below). */
export interface ConsoleTarget {
  baseUrl: string;
  sql: pg.Pool;
  pid: number;
}

const VARIANTS: [string, string][] = [
  ['console first page', '?status=open&sort=waiting&limit=20'],
  ['API defaults', ''],
  ['all statuses, waiting order', '?sort=waiting&limit=20'],
  ['open, page 3', '?status=open&sort=waiting&limit=20&offset=40'],
  ['older than 24 hours', '?status=open&olderThanHours=24&sort=waiting&limit=20'],
  ['search', '?search=printer&limit=20'],
];

/** The staff account the part signs in as: made once, kept (its audit rows refer to it). */
async function adminToken(target: ConsoleTarget): Promise<string> {
  const hash = await argon2.hash(BENCH_PASSWORD, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  await target.sql.query(
    `INSERT INTO users (email, password_hash, role, first_name, last_name) VALUES ($1, $2, 'admin', 'Bench', 'Admin')
     ON CONFLICT (lower(email)) DO UPDATE SET password_hash = EXCLUDED.password_hash, role = 'admin'`,
    [ADMIN_EMAIL, hash],
  );
  const { data } = await json(`${target.baseUrl}/api/v1/users/auth/login`, { method: 'POST', body: { userName: ADMIN_EMAIL, password: BENCH_PASSWORD, loginType: 'register_user' } });
  return data.accessToken as string;
}

/**
 * 100,000 requests over about a year, one every 5 minutes: the newest 300 and every 20th still
 * open (about 5,300, most past 24 hours), a quarter answered, the rest solved; a quarter are
 * contact messages from guests, the others from 1,000 accounts.
 */
async function seedRequests(sql: pg.Pool): Promise<void> {
  await sql.query(
    `INSERT INTO users (email, password_hash, first_name, last_name)
     SELECT 'person' || n || '@${DOMAIN}', 'not-a-hash', 'Person', 'Number ' || n FROM generate_series(1, 1000) n
     ON CONFLICT (lower(email)) DO NOTHING`,
  );
  await sql.query(
    `WITH people AS (SELECT id, row_number() OVER (ORDER BY id) AS k FROM users WHERE email LIKE 'person%@${DOMAIN}')
     INSERT INTO support_requests (kind, user_id, name, email, query, description, created_at, staff_emailed_at, status, answer_html, answered_at, solved_at)
     SELECT CASE WHEN n % 4 = 0 THEN 'contact' ELSE 'support' END,
            CASE WHEN n % 4 = 0 THEN NULL ELSE p.id END,
            'Person Number ' || n, 'person' || n || '@${DOMAIN}',
            CASE WHEN n % 4 = 0 THEN NULL ELSE (ARRAY['Billing', 'My profile', 'The printer form', 'Applications'])[1 + n % 4] END,
            'Request number ' || n || ': ' || repeat('some words about the trouble ', 4),
            now() - make_interval(mins => 5 * n), now(),
            s.status,
            CASE WHEN s.status = 'open' THEN NULL ELSE '<p>Answered.</p>' END,
            CASE WHEN s.status = 'open' THEN NULL ELSE now() - make_interval(mins => 5 * n - 60) END,
            CASE WHEN s.status = 'solved' THEN now() - make_interval(mins => 5 * n - 120) END
       FROM generate_series(1, ${REQUESTS}) n
       JOIN people p ON p.k = 1 + n % 1000
      CROSS JOIN LATERAL (SELECT CASE WHEN n <= 300 OR n % 20 = 0 THEN 'open' WHEN n % 4 = 1 THEN 'answered' ELSE 'solved' END AS status) s`,
  );
  await sql.query('VACUUM ANALYZE support_requests');
}

async function timed(url: string, token: string): Promise<number> {
  const started = performance.now();
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return performance.now() - started;
}

async function measureQueue(target: ConsoleTarget, token: string, results: Result[], log: (line: string) => void): Promise<void> {
  const base = `${target.baseUrl}/api/v1/admin/support-requests`;
  const byVariant: string[] = [];
  for (const [label, variant] of VARIANTS) {
    for (let i = 0; i < 5; i++) await timed(base + variant, token);
    const own: number[] = [];
    for (let i = 0; i < SAMPLES; i++) own.push(await timed(base + variant, token));
    own.sort((a, b) => a - b);
    byVariant.push(`${label} p50 ${percentile(own, 50)} / p95 ${percentile(own, 95)} ms`);
    if (label === 'console first page') {
      results.push({ name: SUPPORT_QUEUE_LIST, rps: 0, p50_ms: percentile(own, 50), p95_ms: percentile(own, 95), p99_ms: percentile(own, 99), errors: 0, server_cpu_ms_per_1k: 0 });
    }
  }
  log(`support queue list by variant: ${byVariant.join('; ')}`);
  // The request's own path for comparison: an admin route whose query is trivial (the staff who may be assigned).
  const baseline: number[] = [];
  for (let i = 0; i < 5; i++) await timed(`${target.baseUrl}/api/v1/admin/support-staff`, token);
  for (let i = 0; i < SAMPLES; i++) baseline.push(await timed(`${target.baseUrl}/api/v1/admin/support-staff`, token));
  baseline.sort((a, b) => a - b);
  log(`baseline GET admin/support-staff: p50 ${percentile(baseline, 50)} / p95 ${percentile(baseline, 95)} ms`);
}

/** One plan update as PlansService makes it: the row locked and read, updated, and (with `audit`) its audit row, in one transaction. */
async function planTransaction(client: pg.PoolClient, planId: string, actorId: string, audit: boolean): Promise<number> {
  const started = performance.now();
  await client.query('BEGIN');
  const before = (await client.query(`SELECT * FROM subscription_plans WHERE id = $1 FOR UPDATE`, [planId])).rows[0];
  const after = (await client.query(`UPDATE subscription_plans SET title = title, updated_at = now() WHERE id = $1 RETURNING *`, [planId])).rows[0];
  if (audit) {
    await client.query(
      `INSERT INTO audit_log (actor_id, actor_role, action, target_type, target_id, before, after, ip) VALUES ($1, 'admin', 'plan.updated', 'plan', $2, $3, $4, '127.0.0.1')`,
      [actorId, planId, JSON.stringify(before), JSON.stringify(after)],
    );
  }
  await client.query('COMMIT');
  return performance.now() - started;
}

async function measureAuditCost(target: ConsoleTarget, token: string, results: Result[], log: (line: string) => void): Promise<void> {
  const [{ id: planId }] = (await target.sql.query(`SELECT id FROM subscription_plans ORDER BY sort_order LIMIT 1`)).rows;
  const [{ id: actorId }] = (await target.sql.query(`SELECT id FROM users WHERE lower(email) = $1`, [ADMIN_EMAIL])).rows;
  // One connection for every transaction, as a request's would be.
  const client = await target.sql.connect();
  const withAudit: number[] = [];
  const without: number[] = [];
  try {
    for (let i = 0; i < 50; i++) await planTransaction(client, planId, actorId, i % 2 === 0);
    // Alternated, so both sides see the same machine load.
    for (let i = 0; i < TRANSACTIONS; i++) {
      withAudit.push(await planTransaction(client, planId, actorId, true));
      without.push(await planTransaction(client, planId, actorId, false));
    }
  } finally {
    client.release();
  }
  const mean = (times: number[]) => times.reduce((sum, t) => sum + t, 0) / times.length;
  const cost = Math.round((mean(withAudit) - mean(without)) * 1000) / 1000;
  withAudit.sort((a, b) => a - b);
  without.sort((a, b) => a - b);
  log(
    `audit write cost: plan update transaction with the audit insert mean ${mean(withAudit).toFixed(3)} ms (p50 ${percentile(withAudit, 50)}, p95 ${percentile(withAudit, 95)}), ` +
      `without mean ${mean(without).toFixed(3)} ms (p50 ${percentile(without, 50)}, p95 ${percentile(without, 95)}): ${cost} ms per action over ${TRANSACTIONS} each`,
  );
  results.push({ name: AUDIT_WRITE_COST, rps: 0, p50_ms: cost, p95_ms: Math.round((percentile(withAudit, 95) - percentile(without, 95)) * 100) / 100, p99_ms: 0, errors: 0, server_cpu_ms_per_1k: 0, with_mean_ms: mean(withAudit), without_mean_ms: mean(without) });

  const [{ title }] = (await target.sql.query(`SELECT title FROM subscription_plans WHERE id = $1`, [planId])).rows;
  const patch = async () => {
    const started = performance.now();
    await json(`${target.baseUrl}/api/v1/admin/subscription-plans/${planId}`, { method: 'PATCH', token, body: { title } });
    return performance.now() - started;
  };
  for (let i = 0; i < 10; i++) await patch();
  const times: number[] = [];
  for (let i = 0; i < 200; i++) times.push(await patch());
  times.sort((a, b) => a - b);
  log(`PATCH admin/subscription-plans/{id} (audited), 200 sequential: p50 ${percentile(times, 50)} ms, p95 ${percentile(times, 95)} ms`);
  results.push({ name: 'PATCH admin/subscription-plans/{id} with its audit row, sequential', rps: 0, p50_ms: percentile(times, 50), p95_ms: percentile(times, 95), p99_ms: percentile(times, 99), errors: 0, server_cpu_ms_per_1k: 0 });
}

export async function measureConsole(target: ConsoleTarget, results: Result[], log: (line: string) => void): Promise<void> {
  const token = await adminToken(target);
  await seedRequests(target.sql);
  try {
    await measureQueue(target, token, results, log);
  } finally {
    await target.sql.query(`DELETE FROM support_requests WHERE email LIKE '%@${DOMAIN}'`);
  }
  await measureAuditCost(target, token, results, log);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const server = await startServer({ env: { DEMO_DATA: 'true' } });
  const results: Result[] = [];
  try {
    await measureConsole(server, results, log);
  } finally {
    await server.stop();
  }
  printTable(results);
}
