/**
 * What tracing costs (docs/operations.md, "Traces and logs"): the list page's server CPU per
 * request with OpenTelemetry off and on, in the same run, on a small dataset (the demo data).
 *
 * Three built servers (`npm run build -w schemas && npm run build -w server` first) on one fresh
 * database: one without any OTEL_* setting (tracing off: the SDK is not loaded), one keeping every
 * trace (the default sampler) and one keeping one in ten (parentbased_traceidratio 0.1), both
 * exporting over OTLP http/protobuf to sinks in this process that count what they receive.
 *
 * The machine's speed moves between rounds (other work shares it), so rounds rotate between the
 * servers, and the figure reported for a traced server is the median of its rounds' ratios to the
 * "off" round of the same turn, beside each server's median CPU per request.
 *
 * `npx tsx bench/tracing-cost.ts`. Settings: BENCH_DURATION (s per round, default 4),
 * BENCH_ROUNDS (default 6 here), BENCH_WARMUP (s, default 10 here), BENCH_CONNECTIONS
 * (default 16), DATABASE_URL (the PostgreSQL server to make the database on; default the local one).
 */
import { createDatabaseBeside, requireBuiltServer, startServerProcess, type ServerProcess } from '@scholarmatch/testkit';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DURATION, json, measure, type Result } from './measure.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 6);
/** Longer than the suite's: the first seconds of a fresh server (JIT, plans, pools) cost more per request. */
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
/** The demo member: a signed-in applicant whose list page is open to them. */
const STUDENT = { userName: 'member@demo.scholarmatch.test', password: 'DemoMember#2026', loginType: 'register_user' };
const LIST_PAGE = '/api/v1/scholarships/mine-eligible-scholarships?limit=6';

/** An OTLP/HTTP receiver that accepts every export and counts requests and bytes. */
async function startSink(): Promise<{ url: string; exports: () => number; bytes: () => number; close: () => Promise<void> }> {
  let exports = 0;
  let bytes = 0;
  const server = http.createServer((request, response) => {
    request.on('data', (chunk: Buffer) => (bytes += chunk.length));
    request.on('end', () => {
      exports++;
      // An empty ExportTraceServiceResponse: every span accepted.
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, exports: () => exports, bytes: () => bytes, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

function serverEnv(databaseUrl: string, extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  // Nothing of OpenTelemetry's leaks in from this shell: the "off" server must really be off.
  for (const [name, value] of Object.entries(process.env)) if (value !== undefined && !name.startsWith('OTEL_')) env[name] = value;
  return {
    ...env,
    DATABASE_URL: databaseUrl,
    NODE_ENV: 'production',
    PUBLIC_URL: 'http://127.0.0.1',
    STAFF_MFA_REQUIRED: 'false',
    DEMO_DATA: 'true',
    WEB_DIST: '',
    // Request lines at info, as in production (to a file).
    LOG_LEVEL: 'info',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // Three servers share a PostgreSQL that others may use too: a small pool each keeps below max_connections.
    DB_POOL_SIZE: '6',
    ...extra,
  };
}

async function main(): Promise<void> {
  requireBuiltServer('npm run build -w schemas && npm run build -w server');
  const database = await createDatabaseBeside(ADMIN_URL, 'scholarmatch_tracing_bench');
  const sinks = [await startSink(), await startSink()];
  const servers: ServerProcess[] = [];
  try {
    const configs = [
      { name: 'tracing off', env: {} as Record<string, string>, sink: undefined as Awaited<ReturnType<typeof startSink>> | undefined },
      { name: 'tracing on, every trace', env: { OTEL_EXPORTER_OTLP_ENDPOINT: sinks[0].url }, sink: sinks[0] },
      {
        name: 'tracing on, 1 trace in 10',
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: sinks[1].url, OTEL_TRACES_SAMPLER: 'parentbased_traceidratio', OTEL_TRACES_SAMPLER_ARG: '0.1' },
        sink: sinks[1],
      },
    ];
    const targets: ((typeof configs)[number] & { server: ServerProcess; shape: { headers: Record<string, string> }; url: string; rounds: Result[] })[] = [];
    // One after the other: the first start migrates and writes the demo data, the next ones find them.
    for (const [index, config] of configs.entries()) {
      const server = await startServerProcess({
        env: serverEnv(database.url, { OTEL_SERVICE_NAME: 'scholarmatch-bench', ...config.env }),
        logFile: path.join(os.tmpdir(), `tracing-cost-${index}.log`),
      });
      servers.push(server);
      const { data } = await json(`${server.baseUrl}/api/v1/users/auth/login`, { method: 'POST', body: STUDENT });
      const shape = { headers: { authorization: `Bearer ${data.accessToken as string}` } };
      targets.push({ ...config, server, shape, url: `${server.baseUrl}${LIST_PAGE}`, rounds: [] as Result[] });
    }
    for (const target of targets) {
      const first = await fetch(target.url, target.shape);
      if (first.status !== 200) throw new Error(`${target.name}: the list page answered ${first.status}`);
      await measure('warm-up', target.url, target.server.child.pid!, WARMUP, target.shape);
    }
    const before = targets.map((target) => ({ exports: target.sink?.exports() ?? 0, bytes: target.sink?.bytes() ?? 0 }));
    for (let round = 0; round < ROUNDS; round++) {
      // Each round starts with another server, so none is always measured first.
      const order = targets.map((_, i) => targets[(i + round) % targets.length]);
      for (const target of order) target.rounds.push(await measure(target.name, target.url, target.server.child.pid!, DURATION, target.shape));
    }
    // The last batch leaves within the exporter's schedule (5 s by default).
    await new Promise((resolve) => setTimeout(resolve, 6000));

    const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
    const off = targets[0];
    console.log(`\n${ROUNDS} rounds of ${DURATION} s on each server, in rotating order; ${os.cpus().length} CPUs; GET ${LIST_PAGE} as the demo member`);
    console.table(
      targets.map((target, i) => {
        const ratios = target.rounds.map((round, r) => round.server_cpu_ms_per_1k / off.rounds[r].server_cpu_ms_per_1k);
        const requests = target.rounds.reduce((sum, round) => sum + round.rps * DURATION, 0);
        return {
          name: target.name,
          rps: median(target.rounds.map((r) => r.rps)),
          p50_ms: median(target.rounds.map((r) => r.p50_ms)),
          p95_ms: median(target.rounds.map((r) => r.p95_ms)),
          errors: target.rounds.reduce((sum, r) => sum + r.errors, 0),
          cpu_ms_per_request: median(target.rounds.map((r) => r.server_cpu_ms_per_1k)) / 1000,
          cpu_rounds: target.rounds.map((r) => r.server_cpu_ms_per_1k).join(' '),
          // The median of each round's ratio to the "off" round beside it.
          x_off: Number(median(ratios).toFixed(3)),
          exported_kib: target.sink ? Math.round((target.sink.bytes() - before[i].bytes) / 1024) : 0,
          bytes_per_request: target.sink ? Math.round((target.sink.bytes() - before[i].bytes) / Math.max(1, requests)) : 0,
        };
      }),
    );
    if (targets.some((target) => target.rounds.some((round) => round.errors))) process.exitCode = 1;
  } finally {
    for (const server of servers.reverse()) await server.stop().catch(() => undefined);
    for (const sink of sinks) await sink.close();
    await database.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
