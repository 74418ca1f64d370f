/**
 * Part `webhooks` of `npm run bench` (docs/webhooks.md, "Figures"):
 * - The write path's cost: submissions one at a time (the time a caller waits) with no endpoint,
 *   then with 3 endpoints of the scholarships' owner subscribed to application.submitted, in the
 *   same run (the target: p95 at most 2 ms more). The deliveries of the second run go on meanwhile,
 *   as they would.
 *   Alone, BENCH_SPLIT_ROLES=1 puts the deliveries in a worker process apart from the web process.
 * - Delivery: 10,000 events queued at once for one loopback endpoint; the time until the receiver
 *   (in this process, checking each signature with the SDK and deduplicating by event id) has
 *   accepted all of them, as events per second (target ≥ 500/s). Then the same with a receiver
 *   failing half its requests at random: every event delivered within its retries (the bench
 *   server's retries start after 20 ms and wait at most 500 ms: WEBHOOK_RETRY_BASE_MS,
 *   WEBHOOK_RETRY_MAX_MS), and none accepted twice.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import type pg from 'pg';
import { verifyWebhook } from '@scholarmatch/sdk';
import { NEXT_YEAR, startServer } from '@scholarmatch/testkit';
import type { Applications } from './applications.js';
import type { BenchServer } from './bench-server.js';
import { cpuMs, json, percentile, printTable, type RequestShape, type Result, scenario } from './measure.js';
import { BENCH_PASSWORD } from './scale-data.js';

/** What the part needs of a server: the scholarships' owner, and submissions to its scholarships, one fresh (applicant, scholarship) pair each. */
interface Target {
  baseUrl: string;
  pid: number;
  sql: pg.Pool;
  owner: { id: string; token: string };
  submissions: RequestShape;
}

/** The bench server of `npm run bench`: the owner of the application scholarships, and their submissions (bench/applications.ts). */
export async function measureWebhooks(bench: BenchServer, applications: Applications, results: Result[], log: (line: string) => void): Promise<void> {
  await bench.freshTokens();
  await applications.prepare();
  const owner = (await bench.sql.query(`SELECT u.id, u.email FROM scholarships s JOIN users u ON u.id = s.provider_id WHERE s.id = $1`, [applications.draftScholarshipId])).rows[0] as {
    id: string;
    email: string;
  };
  const token = (await json(`${bench.baseUrl}/api/v1/users/auth/login`, { method: 'POST', body: { userName: owner.email, password: BENCH_PASSWORD, loginType: 'register_user' } })).data
    .accessToken as string;
  const submissions: RequestShape = {
    connections: 1,
    setupClient: (client) => client.setRequests([{ setupRequest: (request) => ({ ...request, ...applications.nextSubmission() }) }]),
  };
  await measureOn({ baseUrl: bench.baseUrl, pid: bench.pid, sql: bench.sql, owner: { id: owner.id, token }, submissions }, results, log);
}

export const SUBMISSION_NO_HOOKS = 'POST submit-individual-scholarship (Received), one at a time, no webhook endpoint';
export const SUBMISSION_3_HOOKS = 'POST submit-individual-scholarship (Received), one at a time, 3 webhook endpoints subscribed';
export const DELIVERY = 'webhook delivery: 10,000 events to a loopback receiver';
export const DELIVERY_FLAKY = 'webhook delivery: 10,000 events, the receiver failing half its requests';
const EVENTS = 10_000;
const DELIVERY_TIMEOUT_MS = 180_000;

/** A loopback receiver: checks each signature, accepts each event id once, counts the rest. */
class Receiver {
  readonly accepted = new Set<string>();
  requests = 0;
  refused = 0;
  badSignatures = 0;
  duplicates = 0;
  secret = '';
  failHalf = false;
  private server?: Server;

  async start(): Promise<string> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => response.writeHead(this.answer(Buffer.concat(chunks).toString('utf8'), request.headers['scholarmatch-signature'] as string)).end());
    });
    this.server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  reset(secret: string, failHalf: boolean): void {
    this.accepted.clear();
    Object.assign(this, { requests: 0, refused: 0, badSignatures: 0, duplicates: 0, secret, failHalf });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private answer(body: string, header: string): number {
    this.requests++;
    if (!this.secret) return 200; // the write-path scenarios' deliveries: not counted
    let id: string;
    try {
      id = verifyWebhook<{ id: string }>({ payload: body, header, secret: this.secret }).event.id;
    } catch {
      this.badSignatures++;
      return 400;
    }
    if (this.failHalf && Math.random() < 0.5) {
      this.refused++;
      return 503;
    }
    if (this.accepted.has(id)) this.duplicates++;
    this.accepted.add(id);
    return 200;
  }
}

async function measureOn(bench: Target, results: Result[], log: (line: string) => void): Promise<void> {
  const { owner, submissions } = bench;
  const token = owner.token;
  const api = `${bench.baseUrl}/api/v1/providers/webhooks`;
  const register = async (url: string) => (await json(api, { method: 'POST', token, body: { url, events: ['application.submitted'] } })).data as { id: string; secret: string };
  const clear = () => bench.sql.query(`DELETE FROM webhook_endpoints WHERE owner_id = $1`, [owner.id]);
  const receiver = new Receiver();
  const base = await receiver.start();
  await clear();
  try {
    const health = `${bench.baseUrl}/api/v1/health`;
    const none = await scenario(SUBMISSION_NO_HOOKS, health, bench.pid, submissions, results);
    for (const name of ['crm', 'slack', 'archive']) await register(`${base}/${name}`);
    const three = await scenario(SUBMISSION_3_HOOKS, health, bench.pid, submissions, results);
    log(`webhooks: submission p95 ${none.p95_ms} ms with no endpoint, ${three.p95_ms} ms with 3 (+${(three.p95_ms - none.p95_ms).toFixed(2)} ms)`);
    await clear();

    results.push(await deliverAll(bench, owner.id, receiver, await register(`${base}/all`), false, DELIVERY));
    await clear();
    results.push(await deliverAll(bench, owner.id, receiver, await register(`${base}/flaky`), true, DELIVERY_FLAKY));
  } finally {
    await clear();
    await bench.sql.query(`DELETE FROM webhook_events WHERE owner_id = $1`, [owner.id]);
    await receiver.stop();
  }
  for (const name of [DELIVERY, DELIVERY_FLAKY]) {
    const r = results.find((result) => result.name === name)!;
    log(`webhooks: ${name}: ${r.rps} events/s, ${r.attempts} attempts, ${r.duplicates} accepted twice, ${r.bad_signatures} bad signatures, ${r.missing} missing`);
  }
}

/** Queues EVENTS events for the endpoint in one statement and waits until the receiver has accepted each. */
async function deliverAll(bench: Target, ownerId: string, receiver: Receiver, endpoint: { id: string; secret: string }, failHalf: boolean, name: string): Promise<Result> {
  receiver.reset(endpoint.secret, failHalf);
  const cpuBefore = cpuMs(bench.pid);
  const started = performance.now();
  await bench.sql.query(
    `WITH ev AS (
       INSERT INTO webhook_events (id, owner_id, type, data)
       SELECT gen_random_uuid(), $1, 'application.submitted', jsonb_build_object('application', jsonb_build_object('id', gen_random_uuid(), 'n', n)) FROM generate_series(1, $2) n
       RETURNING id
     )
     INSERT INTO webhook_deliveries (event_id, endpoint_id) SELECT id, $3 FROM ev`,
    [ownerId, EVENTS, endpoint.id],
  );
  await bench.sql.query(`SELECT pg_notify('webhook_deliveries_due', '')`);
  while (receiver.accepted.size < EVENTS && performance.now() - started < DELIVERY_TIMEOUT_MS) await new Promise((resolve) => setTimeout(resolve, 20));
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuMs(bench.pid) - cpuBefore;
  const { rows } = await bench.sql.query(
    `SELECT a.duration_ms FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.endpoint_id = $1 ORDER BY a.duration_ms`,
    [endpoint.id],
  );
  const durations = rows.map((row: { duration_ms: number }) => row.duration_ms);
  const failed = (await bench.sql.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1 AND state = 'failed'`, [endpoint.id])).rows[0].n as number;
  const missing = EVENTS - receiver.accepted.size;
  return {
    name,
    rps: Math.round(receiver.accepted.size / seconds),
    p50_ms: percentile(durations, 50),
    p95_ms: percentile(durations, 95),
    p99_ms: percentile(durations, 99),
    errors: missing + receiver.duplicates + receiver.badSignatures + failed,
    server_cpu_ms_per_1k: Math.round((cpu / receiver.requests) * 1000),
    seconds: Number(seconds.toFixed(2)),
    attempts: receiver.requests,
    refused: receiver.refused,
    duplicates: receiver.duplicates,
    bad_signatures: receiver.badSignatures,
    missing,
  };
}

/**
 * Alone (`npx tsx bench/webhooks.ts`, after `npm run build`): on a fresh database with the demo
 * accounts instead of the bench data, for a quick figure: 20 scholarships of the demo provider
 * and 300 member applicants give 6,000 fresh submissions.
 */
async function standaloneTarget(server: { baseUrl: string; pid: number; sql: pg.Pool }, log: (line: string) => void): Promise<Target> {
  const call = (method: string, url: string, body?: unknown, token?: string) => json(`${server.baseUrl}/api/v1${url}`, { method, body, token });
  const login = async (email: string, password: string) => (await call('POST', '/users/auth/login', { userName: email, password, loginType: 'register_user' })).data.accessToken as string;
  const token = await login('provider@demo.scholarmatch.test', 'DemoProvider#2026');
  const owner = (await server.sql.query(`SELECT id FROM users WHERE email = 'provider@demo.scholarmatch.test'`)).rows[0].id as string;
  const scholarships: string[] = [];
  for (let n = 0; n < 20; n++) {
    const id = (await call('POST', '/providers/scholarships', { title: `Hooked Award ${n}`, award: 1000, recurrenceConfig: { deadline: NEXT_YEAR }, requirements: [] }, token)).data.id as string;
    await call('POST', `/providers/scholarships/${id}/publish`, {}, token);
    scholarships.push(id);
  }
  const tokens: string[] = [];
  for (let n = 0; n < 300; n++) {
    const email = `hooked.${Date.now()}.${n}@bench.example.com`;
    const signUp = await call('POST', '/register-applicants', { firstName: 'Hooked', lastName: `Student${n}`, email, phone: '+12025550143', password: BENCH_PASSWORD });
    tokens.push(signUp.data.accessToken as string);
  }
  await server.sql.query(`UPDATE users SET is_active_subscription = true WHERE email LIKE 'hooked.%@bench.example.com'`);
  log(`webhooks (alone): ${scholarships.length} scholarships, ${tokens.length} member applicants`);
  let k = 0;
  const next = () => {
    const pair = k++;
    return {
      method: 'POST' as const,
      path: '/api/v1/scholarships/submit-individual-scholarship',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[pair % tokens.length]}` },
      body: JSON.stringify({ scholarshipId: scholarships[Math.floor(pair / tokens.length) % scholarships.length], status: 'Received', requirements: [] }),
    };
  };
  return { ...server, owner: { id: owner, token }, submissions: { connections: 1, setupClient: (client) => client.setRequests([{ setupRequest: (request) => ({ ...request, ...next() }) }]) } };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const log = (line: string) => process.stdout.write(`${line}\n`);
  // BENCH_SPLIT_ROLES=1: the requests go to a web process and the deliveries run in a worker process
  // of their own on the same database (docs/operations.md, "Process roles"), as a deployment runs them.
  const split = process.env.BENCH_SPLIT_ROLES === '1';
  const hooks = { AUTH_RATE_LIMIT_PER_MINUTE: '100000', WEBHOOKS_ALLOW_LOOPBACK: 'true', WEBHOOK_RETRY_BASE_MS: '20', WEBHOOK_RETRY_MAX_MS: '500' };
  const server = await startServer({ env: { ...hooks, DEMO_DATA: 'true', ...(split ? { PROCESS_ROLE: 'web' } : {}) } });
  const worker = split ? await startServer({ databaseUrl: server.databaseUrl, env: { ...hooks, PROCESS_ROLE: 'worker' } }) : undefined;
  log(`webhooks (alone): ${split ? 'a web process and a worker process' : 'one process doing both (PROCESS_ROLE=all)'}`);
  const results: Result[] = [];
  try {
    await measureOn(await standaloneTarget(server, log), results, log);
  } finally {
    await worker?.stop();
    await server.stop();
  }
  printTable(results);
}
