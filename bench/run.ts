/**
 * `npm run bench`: the form endpoints side by side with a bare Fastify server answering the same
 * bytes, so each figure has a ceiling to be compared with on this machine. Prints a table and
 * writes bench/results/latest.json as [{ name, rps, p50_ms, p95_ms, p99_ms, ratio_to_bare, errors }].
 *
 * Settings: BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (default 16), BENCH_WARMUP (s, default 2).
 */
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, REPO_ROOT, startServer } from '../e2e/harness.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const TARGET_RATIO = 0.6;

interface Result {
  name: string;
  rps: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  errors: number;
  ratio_to_bare?: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)] * 100) / 100;
}

/** Runs autocannon against one URL and computes percentiles from every response time. */
async function measure(name: string, url: string, seconds = DURATION): Promise<Result> {
  const times: number[] = [];
  let non2xx = 0;
  const instance = autocannon({ url, connections: CONNECTIONS, duration: seconds });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
    if (statusCode < 200 || statusCode >= 300) non2xx++;
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    name,
    rps: Math.round(times.length / seconds),
    p50_ms: percentile(times, 50),
    p95_ms: percentile(times, 95),
    p99_ms: percentile(times, 99),
    errors: result.errors + result.timeouts + non2xx,
  };
}

/** A bare Fastify server, in its own process, answering the exact bytes our endpoint answers. */
async function startBareTwin(body: Buffer, contentType: string): Promise<{ url: string; close: () => Promise<void> }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-twin-'));
  const bodyFile = path.join(dir, 'body');
  writeFileSync(bodyFile, body);
  const port = await freePort();
  const twin = spawn(process.execPath, ['--import', 'tsx', path.join(REPO_ROOT, 'bench', 'bare-twin.ts'), bodyFile, contentType, String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    twin.stdout!.once('data', () => resolve());
    twin.once('exit', (code) => reject(new Error(`bare twin exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      const exited = new Promise((resolve) => twin.once('exit', resolve));
      twin.kill('SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function compare(name: string, url: string, results: Result[]): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  const bare = await startBareTwin(body, response.headers.get('content-type') ?? 'application/json');
  try {
    await measure('warm-up', url, WARMUP);
    const ours = await measure(name, url);
    await measure('warm-up', bare.url, WARMUP);
    const twin = await measure(`${name} (bare Fastify, same ${body.length} bytes)`, bare.url);
    ours.ratio_to_bare = Math.round((ours.rps / twin.rps) * 100) / 100;
    results.push(ours, twin);
  } finally {
    await bare.close();
  }
}

function printTable(results: Result[]): void {
  const header = ['name', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'ratio to bare'];
  const rows = results.map((r) => [r.name, r.rps, r.p50_ms, r.p95_ms, r.p99_ms, r.errors, r.ratio_to_bare ?? ''].map(String));
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  process.stdout.write(`${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${rows.map(line).join('\n')}\n`);
}

// The server logs every request at 'info', as in production; its output goes to a file so that
// this process (the load generator) does not spend time reading it.
const logFile = path.join(os.tmpdir(), `scholarmatch-bench-${process.pid}.log`);
const server = await startServer({ logLevel: process.env.BENCH_LOG_LEVEL ?? 'info', logFile });
const results: Result[] = [];
try {
  process.stdout.write(`bench: ${CONNECTIONS} connections, ${DURATION} s per scenario, ${os.cpus().length} cores\n`);
  await compare('GET /api/v1/register-applicants/form-fields', `${server.baseUrl}/api/v1/register-applicants/form-fields`, results);
  await compare('GET /api/v1/forms/profile-basic', `${server.baseUrl}/api/v1/forms/profile-basic`, results);
} finally {
  await server.stop();
}
printTable(results);
const outDir = path.join(REPO_ROOT, 'bench', 'results');
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, 'latest.json'), `${JSON.stringify(results, null, 2)}\n`);
const misses = results.filter((r) => r.ratio_to_bare !== undefined && r.ratio_to_bare < TARGET_RATIO);
process.stdout.write(
  misses.length
    ? `below the target ratio ${TARGET_RATIO}: ${misses.map((r) => r.name).join(', ')}\n`
    : `every endpoint reaches at least ${TARGET_RATIO} of the bare server's requests per second\n`,
);
