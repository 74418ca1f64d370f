/**
 * A real Prometheus for the scale-out suite (docs/scaling.md, "Metrics"): Debian's `prometheus`
 * (`apt-get install prometheus`; .ci/run does), or PROMETHEUS_PATH, on deploy/prometheus/prometheus.yml,
 * the file operators use, with two substitutions: a short scrape interval, and a targets file
 * listing the replicas' metrics ports.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, REPO_ROOT, sleep } from '@scholarmatch/testkit';

export const PROMETHEUS_CONFIG_DIR = path.join(REPO_ROOT, 'deploy', 'prometheus');

function prometheusBinary(): string {
  for (const candidate of [process.env.PROMETHEUS_PATH, '/usr/bin/prometheus', ...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'prometheus'))]) {
    if (!candidate) continue;
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      /* next */
    }
  }
  throw new Error('prometheus not found: install it (Debian: apt-get install prometheus; .ci/run does) or set PROMETHEUS_PATH.');
}

/** One series of an instant query's answer. */
export interface PromSample {
  metric: Record<string, string>;
  value: number;
}

export interface Prometheus {
  url: string;
  /** An instant query through the HTTP API (/api/v1/query). */
  query(expr: string): Promise<PromSample[]>;
  /** The active targets' scrape URLs and health (/api/v1/targets). */
  targets(): Promise<{ scrapeUrl: string; health: string; lastError: string }[]>;
  stop(): Promise<void>;
}

/**
 * Starts Prometheus on a copy of deploy/prometheus/prometheus.yml whose global scrape interval is
 * `scrapeInterval`, scraping `targets` (host:port) through a targets file of its own. The other
 * entries of deploy/prometheus (rule files, say) are linked beside the copy, so relative paths in
 * the file resolve as they do for an operator.
 */
export async function startPrometheus(targets: string[], options: { scrapeInterval?: string; logFile: string }): Promise<Prometheus> {
  const binary = prometheusBinary();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scholarmatch-prometheus-'));
  const interval = options.scrapeInterval ?? '1s';
  const original = readFileSync(path.join(PROMETHEUS_CONFIG_DIR, 'prometheus.yml'), 'utf8');
  const config = original.replace(/^(\s*)scrape_interval:\s*\S+/m, `$1scrape_interval: ${interval}`).replace(/^(\s*)scrape_timeout:\s*\S+/m, `$1scrape_timeout: ${interval}`);
  if (config === original) throw new Error('deploy/prometheus/prometheus.yml has no global scrape_interval for the test to shorten');
  writeFileSync(path.join(dir, 'prometheus.yml'), config);
  for (const entry of readdirSync(PROMETHEUS_CONFIG_DIR)) {
    if (entry !== 'prometheus.yml' && entry !== 'targets') symlinkSync(path.join(PROMETHEUS_CONFIG_DIR, entry), path.join(dir, entry));
  }
  mkdirSync(path.join(dir, 'targets'));
  writeFileSync(path.join(dir, 'targets', 'scale.json'), JSON.stringify([{ targets }]));

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  mkdirSync(path.dirname(options.logFile), { recursive: true });
  const child: ChildProcess = spawn(
    binary,
    [`--config.file=${path.join(dir, 'prometheus.yml')}`, `--storage.tsdb.path=${path.join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`, '--log.level=warn'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    writeFileSync(options.logFile, chunk, { flag: 'a' });
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const api = async (pathAndQuery: string) => {
    const res = await fetch(`${url}${pathAndQuery}`);
    const body = (await res.json()) as { status: string; data: any; error?: string };
    if (body.status !== 'success') throw new Error(`Prometheus ${pathAndQuery}: ${body.error ?? res.status}`);
    return body.data;
  };

  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`prometheus exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/-/ready`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prometheus not ready in 20 s:\n${output}`);
    }
    await sleep(100);
  }

  return {
    url,
    query: async (expr) => {
      const data = await api(`/api/v1/query?query=${encodeURIComponent(expr)}`);
      return (data.result as { metric: Record<string, string>; value: [number, string] }[]).map((row) => ({ metric: row.metric, value: Number(row.value[1]) }));
    },
    targets: async () => {
      const data = await api('/api/v1/targets?state=active');
      return data.activeTargets as { scrapeUrl: string; health: string; lastError: string }[];
    },
    stop,
  };
}
