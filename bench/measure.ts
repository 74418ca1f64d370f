/**
 * The measuring tools every bench scenario shares: autocannon runs with exact percentiles from
 * every response, the median of several rounds, the table, and a small JSON client.
 *
 * BENCH_DURATION (s per round, default 4), BENCH_ROUNDS (default 3), BENCH_CONNECTIONS (default
 * 16), BENCH_WARMUP (s, default 2).
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

export const DURATION = Number(process.env.BENCH_DURATION ?? 4);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
export interface Result {
  name: string;
  rps: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  errors: number;
  /** CPU time the server process spent per 1,000 requests: steadier than req/s on a shared machine. */
  server_cpu_ms_per_1k: number;
  ratio_to_bare?: number;
  /** Anything else a scenario reports (the mixed run's breakdown by kind). */
  [extra: string]: unknown;
}

/** User + system CPU time of a process so far, in ms (Linux /proc; clock ticks of 10 ms). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round(sorted[Math.max(0, index)] * 100) / 100;
}

/** One request as autocannon takes it. */
export interface RequestSpec {
  path?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Called before each send of this request: returns the request to send (a new applicant, a new pair). */
  setupRequest?: (request: RequestSpec) => RequestSpec;
}

/** An autocannon client (connection), as the bench uses it. */
export interface BenchClient {
  setRequests(requests: RequestSpec[]): void;
}

export interface RequestShape {
  method?: 'GET' | 'POST' | 'PUT';
  body?: string | Buffer;
  headers?: Record<string, string>;
  connections?: number;
  /** Per-connection requests (e.g. each connection is another signed-in applicant). */
  setupClient?: (client: BenchClient) => void;
  /** Sees every response (which connection, status, ms): the mixed run sorts them by kind. */
  onResponse?: (client: BenchClient, statusCode: number, responseTime: number) => void;
}

/** Runs autocannon against one URL and computes percentiles from every response time. */
export async function measure(name: string, url: string, pid: number, seconds = DURATION, shape: RequestShape = {}): Promise<Result> {
  const times: number[] = [];
  const cpuBefore = cpuMs(pid);
  let non2xx = 0;
  const { connections = CONNECTIONS, onResponse, ...request } = shape;
  const instance = autocannon({ url, connections, duration: seconds, ...request });
  instance.on('response', (client: BenchClient, statusCode: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
    if (statusCode < 200 || statusCode >= 300) non2xx++;
    onResponse?.(client, statusCode, responseTime);
  });
  const result = await instance;
  const cpu = cpuMs(pid) - cpuBefore;
  times.sort((a, b) => a - b);
  return {
    name,
    rps: Math.round(times.length / seconds),
    p50_ms: percentile(times, 50),
    p95_ms: percentile(times, 95),
    p99_ms: percentile(times, 99),
    // A round without a single response means requests hung (they are no timeouts before 10 s): count each connection's as an error.
    errors: result.errors + result.timeouts + non2xx + (times.length ? 0 : connections),
    server_cpu_ms_per_1k: times.length ? Math.round((cpu / times.length) * 1000) : 0,
  };
}

/** A warm-up, then ROUNDS rounds; the median round (with the errors of every round, warm-up included) joins `results`. */
export async function scenario(name: string, url: string, pid: number, shape: RequestShape, results: Result[]): Promise<Result> {
  const warmUp = await measure('warm-up', url, pid, WARMUP, shape);
  const rounds: Result[] = [];
  for (let round = 0; round < ROUNDS; round++) rounds.push(await measure(name, url, pid, DURATION, shape));
  const median = medianRound(rounds);
  median.errors += warmUp.errors;
  results.push(median);
  return median;
}

/** The round with the median throughput (its latencies come with it). */
export function medianRound(rounds: Result[]): Result {
  const sorted = [...rounds].sort((a, b) => a.rps - b.rps);
  return { ...sorted[Math.floor(sorted.length / 2)], errors: rounds.reduce((sum, r) => sum + r.errors, 0) };
}

export function printTable(results: Result[]): void {
  const header = ['name', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'server CPU ms/1k req', 'ratio to bare'];
  const rows = results.map((r) =>
    [r.name, r.rps, r.p50_ms, r.p95_ms, r.p99_ms, r.errors, r.server_cpu_ms_per_1k, r.ratio_to_bare ?? ''].map(String),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  process.stdout.write(`${line(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${rows.map(line).join('\n')}\n`);
}

export async function json(url: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<any> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}
