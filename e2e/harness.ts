import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium, type Browser, type Page } from 'playwright-core';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ARTIFACTS = path.join(REPO_ROOT, 'e2e', 'artifacts');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export interface RunningServer {
  baseUrl: string;
  /** The server's process id (the benchmark reads its CPU time). */
  pid: number;
  /** SQL on the server's database, to change data as an admin would. */
  sql: pg.Pool;
  stop(): Promise<void>;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy in 60 s:\n${output()}`);
}

/**
 * Starts the built server (`npm run build` first) on a fresh database: a new database on
 * DATABASE_URL's server when set, else an embedded PostgreSQL in a temporary folder.
 */
export async function startServer(options: { logLevel?: string; logFile?: string } = {}): Promise<RunningServer> {
  const entry = path.join(REPO_ROOT, 'server', 'dist', 'server', 'src', 'main.js');
  if (!existsSync(entry) || !existsSync(path.join(REPO_ROOT, 'web', 'dist', 'index.html'))) {
    throw new Error('The app is not built: run `npm run build` (npm run test:e2e does).');
  }
  const port = await freePort();
  const env: Record<string, string> = { ...(process.env as Record<string, string>), PORT: String(port), LOG_LEVEL: options.logLevel ?? 'warn', HOST: '127.0.0.1', NODE_ENV: 'production' };
  let databaseUrl: string;
  let cleanup = async () => undefined as void;
  if (process.env.DATABASE_URL) {
    const name = `scholarmatch_e2e_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    env.DATABASE_URL = databaseUrl;
    cleanup = async () => {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'scholarmatch-e2e-'));
    const pgPort = await freePort();
    Object.assign(env, { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) });
    delete env.DATABASE_URL;
    databaseUrl = `postgres://postgres:postgres@127.0.0.1:${pgPort}/scholarmatch`;
    cleanup = async () => rmSync(dataDir, { recursive: true, force: true });
  }
  let output = '';
  const logFd = options.logFile ? openSync(options.logFile, 'w') : undefined;
  const child = spawn(process.execPath, [entry], { env, stdio: ['ignore', logFd ?? 'pipe', logFd ?? 'pipe'] });
  if (logFd !== undefined) closeSync(logFd);
  // Keep only the tail of the server's output: enough to explain a failed start.
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (options.logFile) output = `(output in ${options.logFile})`;
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output);
  const sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  return {
    baseUrl,
    pid: child.pid!,
    sql,
    stop: async () => {
      await sql.end();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await cleanup();
    },
  };
}

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Debian's Chromium, headless, with the flags this machine needs (no network beyond loopback).
 * Playwright gives each launch a fresh, temporary profile (user data dir) of its own.
 */
export async function launchBrowser(): Promise<{ browser: Browser; close: () => Promise<void> }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  return { browser, close: () => browser.close() };
}

/** Collects console errors and failed requests, so a test can assert a clean page. */
export function watchPage(page: Page): { problems: string[] } {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return { problems };
}
