/**
 * The built server (server/dist) as a child process, as an operator runs it: a free loopback
 * port, production settings, a health wait, its output kept (and written to a log file when
 * asked), and a stop that waits for the exit (docs/testing.md, "Starting a server").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SERVER_ENTRY = path.join(REPO_ROOT, 'server', 'dist', 'server', 'src', 'main.js');
/** The built migration runner (`npm run migrate` runs it). */
export const MIGRATE_ENTRY = path.join(REPO_ROOT, 'server', 'dist', 'server', 'src', 'cli', 'migrate.js');

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

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** performance.now() when it ended. */
  at: number;
}

export interface ServerProcess {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  /** Resolves with how the process ended. */
  exited: Promise<Exit>;
  /** The tail of its stdout and stderr (or where they went). */
  output(): string;
  /** SIGTERM, then waits for the exit (SIGKILL after `graceMs`). */
  stop(graceMs?: number): Promise<Exit>;
}

export interface ServerProcessOptions {
  /** The whole environment the process gets (the caller decides what it inherits). */
  env: Record<string, string>;
  /** A port already chosen (else a free one); PORT and HOST are set from it. */
  port?: number;
  /**
   * Where stdout and stderr go: `file` only (the process writes it directly: nothing is kept in
   * memory, as for a long benchmark), `file` and kept (`keep: true`), or kept only.
   */
  logFile?: string;
  keep?: boolean;
  /** How long the health wait lasts (default 60 s). */
  healthTimeoutMs?: number;
}

/** Throws unless the server is built (`npm run build -w server`; each suite's npm script does it). */
export function requireBuiltServer(hint: string): void {
  if (!existsSync(SERVER_ENTRY)) throw new Error(`The server is not built: ${hint}.`);
}

/** Spawns `node server/dist/server/src/main.js` and resolves once /api/v1/health answers 200. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = options.port ?? (await freePort());
  // Metrics on, as in production, but on a free port of the system's choosing unless the caller
  // picks one: several servers run at once in the suites, and 9464 would be taken by the first.
  const env = { METRICS_PORT: '0', ...options.env, PORT: String(port), HOST: '127.0.0.1' };
  let output = '';
  const remember = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-40_000));
  let child: ChildProcess;
  if (options.logFile && !options.keep) {
    mkdirSync(path.dirname(options.logFile), { recursive: true });
    const fd = openSync(options.logFile, 'w');
    child = spawn(process.execPath, [SERVER_ENTRY], { env, stdio: ['ignore', fd, fd] });
    closeSync(fd);
    output = `(output in ${options.logFile})`;
  } else {
    const logFile = options.logFile;
    if (logFile) {
      mkdirSync(path.dirname(logFile), { recursive: true });
      writeFileSync(logFile, '');
    }
    child = spawn(process.execPath, [SERVER_ENTRY], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      remember(chunk);
      if (!logFile) return;
      try {
        writeFileSync(logFile, chunk, { flag: 'a' });
      } catch {
        /* the log is a convenience */
      }
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
  }
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output, options.healthTimeoutMs ?? 60_000);
  return {
    baseUrl,
    port,
    child,
    exited,
    output: () => output,
    stop: async (graceMs = 10_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
  };
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become healthy in ${timeoutMs / 1000} s:\n${output()}`);
    }
    await sleep(100);
  }
}

/** Applies every migration to the database at `url` with the built migration runner (a template's one run). */
export async function migrateWithBuiltServer(url: string): Promise<void> {
  const child = spawn(process.execPath, [MIGRATE_ENTRY], { env: { ...(process.env as Record<string, string>), DATABASE_URL: url }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`migrations failed (${code}):\n${output}`);
}
