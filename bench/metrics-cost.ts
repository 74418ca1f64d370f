/**
 * What the Prometheus metrics cost per request (docs/operations.md, "Metrics"; docs/performance.md):
 * the server CPU per request of the list page (GET mine-eligible-scholarships, as bench/matching.ts
 * sends it) with metrics on (a METRICS_PORT: the request histogram's hook, the repositories' timing,
 * the process metrics) and off (METRICS_PORT=off), in the same run, on a small data set so it takes
 * a few minutes: `npm run build -w schemas && npm run build -w server && npx tsx bench/metrics-cost.ts`.
 *
 * Two servers of the built code on one database, measured in turns (on, off, on, off, ...) so a
 * change in the machine's load falls on both alike; the figure is the ratio of the medians of
 * their CPU milliseconds per 1,000 requests. Also the CPU one scrape of /metrics costs.
 *
 * Settings: METRICS_COST_ROUNDS (default 10 per side), BENCH_DURATION (s per round, default 3),
 * BENCH_CONNECTIONS (16), METRICS_COST_SCHOLARSHIPS (5,000), METRICS_COST_APPLICANTS (2,000),
 * DATABASE_URL (the PostgreSQL server to make its database on; default the local one).
 */
import argon2 from 'argon2';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDatabaseBeside, freePort, requireBuiltServer, type ServerProcess, startServerProcess } from '@scholarmatch/testkit';
import { CONNECTIONS, cpuMs, json, measure, type Result, WARMUP } from './measure.js';
import { Metrics } from '../server/src/metrics/metrics.js';
import { timeMethods } from '../server/src/metrics/repository-timing.js';
import { BENCH_DOMAIN, BENCH_PASSWORD, ensureScaleData } from './scale-data.js';

const ROUNDS = Number(process.env.METRICS_COST_ROUNDS ?? 10);
const SECONDS = Number(process.env.BENCH_DURATION ?? 3);
const SCALE = { scholarships: Number(process.env.METRICS_COST_SCHOLARSHIPS ?? 5000), applicants: Number(process.env.METRICS_COST_APPLICANTS ?? 2000) };
const SCRAPES = 50;
const log = (line: string) => process.stdout.write(`${line}\n`);

requireBuiltServer('run `npm run build -w schemas && npm run build -w server` first');
const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = await createDatabaseBeside(serverUrl, 'scholarmatch_metrics_cost');
const dataDirs: string[] = [];
const servers: ServerProcess[] = [];
const jwtSecret = randomBytes(32).toString('hex');

/** One server of the built code on the shared database; `metricsPort` a port (on) or 'off'. */
async function start(name: string, metricsPort: string): Promise<ServerProcess> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `scholarmatch-metrics-cost-${name}-`));
  dataDirs.push(dataDir);
  const env: Record<string, string> = { ...(process.env as Record<string, string>) };
  delete env.DATABASE_URL;
  const server = await startServerProcess({
    env: {
      ...env,
      NODE_ENV: 'production',
      // As the bench server logs: one line per request, to a file.
      LOG_LEVEL: 'info',
      WEB_DIST: '',
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      JWT_SECRET: jwtSecret,
      PUBLIC_URL: 'http://127.0.0.1',
      DEMO_DATA: 'false',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      // Two servers on a PostgreSQL other suites share: a small pool each (16 connections keep them busy).
      DB_POOL_SIZE: '6',
      METRICS_PORT: metricsPort,
    },
    logFile: path.join(os.tmpdir(), `scholarmatch-metrics-cost-${name}-${process.pid}.log`),
  });
  servers.push(server);
  return server;
}

/** The CPU ms per 1,000 list-page requests: median of the rounds. */
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  // The first server applies the migrations; then the data; then the second server.
  const metricsPort = await freePort();
  const on = await start('on', String(metricsPort));
  const hash = await argon2.hash(BENCH_PASSWORD, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  await ensureScaleData(database.url, hash, log, SCALE);
  const off = await start('off', 'off');
  const sql = new pg.Pool({ connectionString: database.url, max: 2 });
  const { rows } = await sql.query(`SELECT id, email FROM users WHERE email LIKE 'applicant%@${BENCH_DOMAIN}' ORDER BY email LIMIT $1`, [CONNECTIONS]);
  await sql.query('VACUUM ANALYZE');
  await sql.end();
  const tokens: string[] = [];
  for (const row of rows) {
    const { data } = await json(`${on.baseUrl}/api/v1/users/auth/login`, { method: 'POST', body: { userName: row.email, password: BENCH_PASSWORD, loginType: 'register_user' } });
    tokens.push(data.accessToken as string);
  }
  log(`metrics cost: ${SCALE.scholarships} scholarships, ${SCALE.applicants} applicants, ${tokens.length} signed in; ${ROUNDS} rounds of ${SECONDS} s per side`);

  // The list page as bench/matching.ts asks it, one applicant per connection.
  let next = 0;
  const shape = {
    setupClient: (client: { setRequests(requests: object[]): void }) => {
      const token = tokens[next++ % tokens.length];
      const headers = { authorization: `Bearer ${token}` };
      client.setRequests([
        { path: '/api/v1/scholarships/mine-eligible-scholarships?withoutRequirement=true&limit=6&offset=0', headers },
        { path: '/api/v1/scholarships/mine-eligible-scholarships?withoutRequirement=false&limit=6&offset=6', headers },
      ]);
    },
  };
  const pidOf = (server: ServerProcess) => server.child.pid!;
  // Warm both (stored matches computed, code optimised: the first seconds cost several times the
  // steady CPU per request), in turns, then alternate.
  for (let turn = 0; turn < 3; turn++) for (const server of [on, off]) await measure('warm-up', `${server.baseUrl}/api/v1/health`, pidOf(server), WARMUP * 2, shape);
  const rounds: Record<'on' | 'off', Result[]> = { on: [], off: [] };
  for (let round = 0; round < ROUNDS; round++) {
    for (const [side, server] of (round % 2 ? [['off', off], ['on', on]] : [['on', on], ['off', off]]) as ['on' | 'off', ServerProcess][]) {
      const result = await measure(`list page, metrics ${side}`, `${server.baseUrl}/api/v1/health`, pidOf(server), SECONDS, shape);
      if (result.errors) throw new Error(`list page, metrics ${side}: ${result.errors} errors`);
      rounds[side].push(result);
      log(`  round ${round + 1} metrics ${side.padEnd(3)}: ${result.rps} req/s, ${result.server_cpu_ms_per_1k} CPU ms per 1,000 requests`);
    }
  }
  const cpuOn = median(rounds.on.map((r) => r.server_cpu_ms_per_1k));
  const cpuOff = median(rounds.off.map((r) => r.server_cpu_ms_per_1k));
  // Each pair of rounds (one on, one off, next to each other) gives a ratio: the median of those is
  // steadier than the ratio of the medians when other work comes and goes on the machine.
  const pairRatios = rounds.on.map((r, i) => r.server_cpu_ms_per_1k / rounds.off[i].server_cpu_ms_per_1k);

  // One scrape's CPU, after the load (the histograms hold their series by then).
  const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  const scrape = async () => (await fetch(metricsUrl)).text();
  const before = cpuMs(pidOf(on));
  let scrapeBytes = 0;
  for (let i = 0; i < SCRAPES; i++) scrapeBytes = (await scrape()).length;
  const scrapeCpuMs = Math.round(((cpuMs(pidOf(on)) - before) / SCRAPES) * 100) / 100;

  // What the metrics do per list request, timed alone (steady whatever the machine's load): the
  // request hook's observation, and the repository wrapper around each repository call the
  // request makes (counted from the server's own metrics).
  const total = (text: string, name: string) => text.split('\n').filter((line) => line.startsWith(name)).reduce((sum, line) => sum + Number(line.split(' ').pop()), 0);
  const listCount = (text: string) => total(text, 'http_server_request_duration_seconds_count{method="GET",route="/api/v1/scholarships/mine-eligible-scholarships"');
  const textBefore = await scrape();
  await measure('repository calls', `${on.baseUrl}/api/v1/health`, pidOf(on), 2, shape);
  const textAfter = await scrape();
  const repositoryCallsPerRequest =
    (total(textAfter, 'scholarmatch_db_query_duration_seconds_count') - total(textBefore, 'scholarmatch_db_query_duration_seconds_count')) / (listCount(textAfter) - listCount(textBefore));
  const microsPerRequest = await timedOverheadMicros(Math.ceil(repositoryCallsPerRequest));
  const figures = {
    list_page_cpu_ms_per_1k_metrics_on: cpuOn,
    list_page_cpu_ms_per_1k_metrics_off: cpuOff,
    cpu_ratio_on_to_off: Math.round((cpuOn / cpuOff) * 1000) / 1000,
    rps_median_on: median(rounds.on.map((r) => r.rps)),
    rps_median_off: median(rounds.off.map((r) => r.rps)),
    p95_ms_median_on: median(rounds.on.map((r) => r.p95_ms)),
    p95_ms_median_off: median(rounds.off.map((r) => r.p95_ms)),
    cpu_ratio_median_of_pairs: Math.round(median(pairRatios) * 1000) / 1000,
    scrape_cpu_ms: scrapeCpuMs,
    scrape_bytes: scrapeBytes,
    repository_calls_per_request: Math.round(repositoryCallsPerRequest * 100) / 100,
    metrics_work_us_per_request: microsPerRequest,
    metrics_work_share_of_off_cpu: Math.round((microsPerRequest / cpuOff) * 10000) / 10000,
    target: 'metrics on <= 1.03 x the CPU per request of metrics off',
  };
  log(JSON.stringify(figures, null, 2));
  log(figures.cpu_ratio_median_of_pairs <= 1.03 ? 'within the target' : 'ABOVE the target (a shared machine is noisy: run it again before concluding)');
} finally {
  for (const server of servers) await server.stop().catch(() => undefined);
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  await database.drop().catch(() => undefined);
}

/**
 * Microseconds of CPU the metrics add to one request, timed in this process on the server's own
 * code: one observation of the request histogram (as http-metrics.ts makes it) and `calls`
 * repository calls through the timing wrapper (repository-timing.ts) instead of direct ones.
 */
async function timedOverheadMicros(calls: number): Promise<number> {
  const metrics = new Metrics(false);
  const n = 200_000;
  const labels = { method: 'GET', route: '/api/v1/scholarships/mine-eligible-scholarships', status_class: '2xx' };
  const cpu = () => {
    const usage = process.cpuUsage();
    return usage.user + usage.system;
  };
  let start = cpu();
  for (let i = 0; i < n; i++) metrics.httpDuration.observe({ method: labels.method, route: labels.route, status_class: labels.status_class }, 0.002);
  const observe = (cpu() - start) / n;

  class BenchRepository {
    async read(): Promise<number> {
      return 1;
    }
  }
  const plain = new BenchRepository();
  const timed = new BenchRepository();
  timeMethods(timed as unknown as Record<string, unknown>, 'BenchRepository', new Metrics(true));
  const run = async (repository: BenchRepository) => {
    const begin = cpu();
    for (let i = 0; i < n; i++) await repository.read();
    return (cpu() - begin) / n;
  };
  await run(plain);
  await run(timed);
  const wrapper = Math.max(0, (await run(timed)) - (await run(plain)));
  return Math.round((observe + calls * wrapper) * 100) / 100;
}
