/**
 * The measuring tools every bench scenario shares: autocannon runs with exact percentiles from
 * every response, the median of several rounds, the table, and a small JSON client.
 */
import autocannon from 'autocannon';
import { readFileSync } from 'node:fs';

export const DURATION = Number(process.env.BENCH_DURATION ?? 5);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
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

export interface RequestShape {
  method?: 'GET' | 'POST' | 'PUT';
  body?: string | Buffer;
  headers?: Record<string, string>;
  connections?: number;
  /** Per-connection request (e.g. each connection is another signed-in applicant). */
  setupClient?: (client: { setRequests(requests: { path?: string; method?: string; headers?: Record<string, string>; body?: string }[]): void }) => void;
}

/** Runs autocannon against one URL and computes percentiles from every response time. */
export async function measure(name: string, url: string, pid: number, seconds = DURATION, shape: RequestShape = {}): Promise<Result> {
  const times: number[] = [];
  const cpuBefore = cpuMs(pid);
  let non2xx = 0;
  const { connections = CONNECTIONS, ...request } = shape;
  const instance = autocannon({ url, connections, duration: seconds, ...request });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    times.push(responseTime);
    if (statusCode < 200 || statusCode >= 300) non2xx++;
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
    errors: result.errors + result.timeouts + non2xx,
    server_cpu_ms_per_1k: times.length ? Math.round((cpu / times.length) * 1000) : 0,
  };
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
