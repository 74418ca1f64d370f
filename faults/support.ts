import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  fetchApi,
  freePort,
  logIn,
  registrationSaves as registrationSavesOf,
  REPO_ROOT,
  requireBuiltServer,
  signUpApplicant as signUpThroughApi,
  sleep,
  startServerProcess,
  uniqueEmail,
  type ServerProcess,
} from '@scholarmatch/testkit';
import pg from 'pg';
import { loadEmbeddedPostgres } from '../server/src/database/embedded-postgres.js';

export { dobYearsAgo, freePort, REPO_ROOT, sleep, type ServerProcess } from '@scholarmatch/testkit';

export const FAULTS_DIR = path.join(REPO_ROOT, 'faults');
export const RESULTS_FILE = path.join(FAULTS_DIR, 'results', 'latest.json');
/** Server logs of the last run (not committed). */
export const ARTIFACTS = path.join(FAULTS_DIR, 'artifacts');

const isRoot = process.getuid?.() === 0;

/**
 * A PostgreSQL of the suite's own (never the machine's shared one on 5432), from the
 * `embedded-postgres` package, that a test may stop and start again on the same port and data.
 */
export interface PrivatePostgres {
  /** postgres://… of the database `scholarmatch` on it. */
  url: string;
  port: number;
  /** A fast shutdown (SIGINT): PostgreSQL ends every session, as an operator's restart or a failover does. */
  stop(): Promise<void>;
  /** Starts it again on the same port and data; resolves once it accepts connections. */
  start(): Promise<void>;
  /** Creates another empty database on it and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Stops it and deletes its data. */
  destroy(): Promise<void>;
  /** PostgreSQL's recent log lines (to explain a failure). */
  log(): string;
}

export async function startPrivatePostgres(label: string): Promise<PrivatePostgres> {
  // PostgreSQL runs as the `postgres` system user when we are root: it must reach the folder.
  const root = mkdtempSync(path.join(os.tmpdir(), `scholarmatch-faults-${label}-`));
  chmodSync(root, 0o755);
  const port = await freePort();
  const password = randomBytes(18).toString('hex');
  const lines: string[] = [];
  const remember = (message: unknown) => {
    lines.push(String(message).trim());
    if (lines.length > 200) lines.shift();
  };
  // Loaded this way, not imported: a plain import's exit hook can turn a failed run into exit 0 (see there).
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(root, 'data'),
    port,
    user: 'postgres',
    password,
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'max_connections=60'],
    onLog: remember,
    onError: remember,
  });
  await server.initialise();
  await server.start();
  const base = `postgres://postgres:${password}@127.0.0.1:${port}`;
  const createDatabase = async (name: string) => {
    const admin = new pg.Client({ connectionString: `${base}/postgres` });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    return `${base}/${name}`;
  };
  const url = await createDatabase('scholarmatch');
  return {
    url,
    port,
    stop: () => server.stop(),
    start: () => server.start(),
    createDatabase,
    destroy: async () => {
      await server.stop().catch(() => undefined);
      rmSync(root, { recursive: true, force: true });
    },
    log: () => lines.join('\n'),
  };
}

/**
 * Starts the built server through the test kit (`startServerProcess`) on `databaseUrl`, API only
 * (WEB_DIST empty: the suite never needs the web build), its log in `logDir/name.log`. Settings
 * the caller's environment may hold for other suites (DATABASE_URL, SMTP_URL, LLM_*) are replaced.
 */
export async function startBuiltServer(options: { name: string; databaseUrl: string; env?: Record<string, string>; /** Where its log goes (default faults/artifacts). */ logDir?: string }): Promise<ServerProcess> {
  requireBuiltServer('run `npm run test:faults` (it builds schemas and server)');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `scholarmatch-faults-server-`));
  const env: Record<string, string> = { ...(process.env as Record<string, string>) };
  for (const key of ['DATABASE_URL', 'SMTP_URL', 'LLM_BASE_URL', 'LLM_API_KEY', 'LLM_TIMEOUT_MS', 'DEMO_DATA', 'WEB_DIST', 'DB_POOL_SIZE']) delete env[key];
  Object.assign(env, {
    NODE_ENV: 'production',
    // Production needs its public address (docs/security.md, "Absolute addresses"); a balancer in front passes its own.
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    WEB_DIST: '',
    DATA_DIR: dataDir,
    DATABASE_URL: options.databaseUrl,
    JWT_SECRET: randomBytes(32).toString('hex'),
    DEMO_DATA: 'false',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // The suites' admins sign in with a password: production's default asks them for a second factor first (docs/security.md, "Second factor").
    STAFF_MFA_REQUIRED: 'false',
    ...options.env,
  });
  const logFile = path.join(options.logDir ?? ARTIFACTS, `${options.name}.log`);
  const server = await startServerProcess({ env, port, logFile, keep: true }).catch((error) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  void server.exited.then(() => rmSync(dataDir, { recursive: true, force: true }));
  return server;
}

/** One HTTP exchange as the client saw it; times are performance.now() milliseconds. */
export interface Exchange {
  label: string;
  method: string;
  path: string;
  start: number;
  end: number;
  ms: number;
  /** null: no HTTP answer (the connection failed, was reset, or the client gave up). */
  status: number | null;
  /** The connection-level failure when status is null (ECONNREFUSED, ECONNRESET, TIMEOUT…). */
  failure?: string;
  body?: any;
}

/** A JSON call with a hard client deadline, so a hang shows as a failure instead of stalling the test. */
export async function call(
  baseUrl: string,
  method: string,
  urlPath: string,
  options: { body?: unknown; token?: string; label?: string; timeoutMs?: number } = {},
): Promise<Exchange> {
  const start = performance.now();
  const base = { label: options.label ?? urlPath, method, path: urlPath, start };
  try {
    const res = await fetch(`${baseUrl}/api/v1${urlPath}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
    });
    const text = await res.text();
    const end = performance.now();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      /* not JSON: kept as text */
    }
    return { ...base, end, ms: end - start, status: res.status, body };
  } catch (error) {
    const end = performance.now();
    const e = error as Error & { cause?: { code?: string; message?: string } };
    const failure = e.name === 'TimeoutError' ? 'CLIENT_TIMEOUT' : (e.cause?.code ?? e.cause?.message ?? e.message);
    return { ...base, end, ms: end - start, status: null, failure };
  }
}

/** The p-th percentile (0-100) of a list of numbers, nearest rank. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const round = (n: number, digits = 0) => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : null);

/** Counts of a list by a key, as a plain object with sorted keys. */
export function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

export const outcomeOf = (x: Exchange) => (x.status === null ? `no answer (${x.failure})` : String(x.status));

/**
 * Merges one test's figures into faults/results/latest.json (each test owns one section) and
 * prints them as a block.
 */
export function record(section: string, figures: Record<string, unknown>): void {
  recordFigures(RESULTS_FILE, 'faults', section, figures);
}

/** Merges a section of figures into a suite's results file (with the machine's state) and prints it. */
export function recordFigures(file: string, suite: string, section: string, figures: Record<string, unknown>): void {
  mkdirSync(path.dirname(file), { recursive: true });
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    /* first run */
  }
  const entry = { recordedAt: new Date().toISOString(), ...figures };
  all = { ...all, machine: { cpus: os.cpus().length, loadAverage1m: round(os.loadavg()[0], 2), node: process.version }, [section]: entry };
  writeFileSync(file, `${JSON.stringify(all, null, 2)}\n`);
  const lines = JSON.stringify(entry, null, 2).split('\n');
  process.stdout.write(`\n===== ${suite}: ${section} =====\n${lines.join('\n')}\n===== end of ${section} =====\n\n`);
}

/** A fresh applicant signed up through the API (the test kit's builder). */
export async function signUpApplicant(baseUrl: string, tag: string): Promise<{ id: string; email: string; token: string }> {
  const person = await signUpThroughApi(fetchApi(baseUrl), { firstName: 'Fault', lastName: 'Tester', email: uniqueEmail(`fault.${tag}`) });
  return { id: person.id, email: person.email, token: person.token };
}

/** A provider account, made directly in the database (providers are not self-service), signed in through the API. */
export async function createProvider(baseUrl: string, sql: pg.Pool | pg.Client): Promise<{ id: string; token: string }> {
  // Signs up as an applicant (the password is hashed by the server), then turns the account into a provider.
  const account = await signUpApplicant(baseUrl, 'provider');
  await sql.query(`UPDATE users SET role = 'provider', applicant_type = NULL WHERE id = $1`, [account.id]);
  return { id: account.id, token: await logIn(fetchApi(baseUrl), account.email, 'correct horse battery') };
}

/**
 * Builds complete registration saves (`PUT /register-applicants/{id}`) whose high school name is
 * the given marker, so each save is distinct and can be read back (users.profile->>'highSchoolName').
 */
export async function registrationSaves(baseUrl: string): Promise<(marker: string) => object> {
  const saveOf = await registrationSavesOf(fetchApi(baseUrl));
  return (marker) => saveOf(marker);
}

/** A TCP service on loopback that accepts connections and never says a word (a stalled SMTP server). */
export async function startSilentTcpServer(): Promise<{ port: number; connections: () => number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    port,
    connections: () => accepted,
    // Afterwards the port refuses connections (nothing listens there any more).
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * An OpenAI-compatible chat-completions endpoint that answers after `delayMs`, or never when
 * `delayMs` is null (it reads the request and keeps the connection open).
 */
export async function startFakeModel(delayMs: number | null): Promise<{ baseUrl: string; requests: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = http.createServer((request, response) => {
    received++;
    request.resume();
    if (delayMs === null) return;
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ choices: [{ message: { role: 'assistant', content: '# A draft\n\nI lead every week, and this scholarship helps me go on.' } }] }));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Requests an unrelated client keeps sending while something else stalls: /api/v1/health and a
 * form (GET /api/v1/forms/registration), back to back with a short pause, until stopped.
 */
export function probeUnrelated(baseUrl: string): { stop: () => Promise<Exchange[]> } {
  const exchanges: Exchange[] = [];
  let running = true;
  const loop = async (path: string, label: string) => {
    while (running) {
      exchanges.push(await call(baseUrl, 'GET', path, { label }));
      await sleep(50);
    }
  };
  const loops = [loop('/health', 'health'), loop('/forms/registration', 'form')];
  return {
    stop: async () => {
      running = false;
      await Promise.all(loops);
      return exchanges;
    },
  };
}

/** Latency figures of a list of exchanges. */
export function latency(exchanges: Exchange[]) {
  const ms = exchanges.map((x) => x.ms);
  return {
    requests: exchanges.length,
    statusCounts: countBy(exchanges, outcomeOf),
    p50Ms: round(percentile(ms, 50), 1),
    p95Ms: round(percentile(ms, 95), 1),
    maxMs: round(Math.max(0, ...ms), 1),
  };
}

/** One write of a fault test's load, and what the server answered. */
export interface Write {
  kind: 'profile' | 'scholarship';
  worker: string;
  n: number;
  marker: string;
  exchange: Exchange;
  /** The id a created scholarship was given (201 only). */
  id?: string;
}

/** A 2xx: the server acknowledged it. */
export const ok = (x: Exchange) => x.status !== null && x.status >= 200 && x.status < 300;
