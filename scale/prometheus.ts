/**
 * A real Prometheus for the scale-out suite (docs/scaling.md, "Metrics"): Debian's `prometheus`
 * (`apt-get install prometheus`; .ci/run does), or PROMETHEUS_PATH, on deploy/prometheus/prometheus.yml,
 * the file operators use, with a few substitutions (`testConfig`): a short scrape interval, the
 * replicas' metrics ports as the `scholarmatch` job's targets, and the repository's rule files in
 * place of /etc/prometheus/rules (so the alert and recording rules load against real series).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  /** How many alerting and recording rules it loaded (/api/v1/rules). */
  ruleCount(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * deploy/prometheus/prometheus.yml as the test runs it: every `scrape_interval` is `interval` (and
 * the scrape timeout with it, which may not exceed it), the `scholarmatch` job scrapes `targets`,
 * and the rule files are read from the repository. Throws when the file no longer has what is
 * substituted, so a change to it shows here rather than as a test that scrapes nothing.
 */
export function testConfig(original: string, targets: string[], interval: string): string {
  const replaced = (text: string, pattern: RegExp, by: string, what: string) => {
    if (!pattern.test(text)) throw new Error(`deploy/prometheus/prometheus.yml: no ${what} for the scale test to substitute`);
    return text.replace(pattern, by);
  };
  let config = original.replace(/^\s*scrape_timeout:.*\n/gm, '');
  config = replaced(config, /^(\s*)scrape_interval:.*$/gm, `$1scrape_interval: ${interval}\n$1scrape_timeout: ${interval}`, 'scrape_interval');
  config = replaced(config, /\/etc\/prometheus\/rules\//g, `${path.join(PROMETHEUS_CONFIG_DIR, 'rules')}/`, 'rule files under /etc/prometheus/rules/');
  const job = config.indexOf('job_name: scholarmatch');
  if (job < 0) throw new Error('deploy/prometheus/prometheus.yml: no scholarmatch job');
  const list = JSON.stringify(targets).replaceAll('"', "'");
  return config.slice(0, job) + replaced(config.slice(job), /targets:\s*\[[^\]]*\]/, `targets: ${list}`, "scholarmatch job's targets");
}

/** Starts Prometheus on `testConfig` of deploy/prometheus/prometheus.yml, scraping `targets` (host:port). */
export async function startPrometheus(targets: string[], options: { scrapeInterval?: string; logFile: string }): Promise<Prometheus> {
  const binary = prometheusBinary();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'scholarmatch-prometheus-'));
  const original = readFileSync(path.join(PROMETHEUS_CONFIG_DIR, 'prometheus.yml'), 'utf8');
  writeFileSync(path.join(dir, 'prometheus.yml'), testConfig(original, targets, options.scrapeInterval ?? '1s'));

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
    ruleCount: async () => {
      const data = await api('/api/v1/rules');
      return (data.groups as { rules: unknown[] }[]).reduce((sum, group) => sum + group.rules.length, 0);
    },
    stop,
  };
}
