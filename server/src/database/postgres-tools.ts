/**
 * PostgreSQL's client programs (pg_dump, pg_restore) for the backup and restore commands
 * (docs/operations.md, "Backups"): which one to run, and whether it can talk to this server.
 * pg_dump refuses a server of a newer major version than its own, so the check comes first and
 * says how to get the right one.
 */
import { execFile } from 'node:child_process';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export type PostgresTool = 'pg_dump' | 'pg_restore';

/** A tool that is missing, or older than the server or archive it must work with. */
export class PostgresToolError extends Error {}

/** Where Debian and Ubuntu install each major version's programs (postgresql-client-NN). */
const DEBIAN_VERSIONS_DIR = '/usr/lib/postgresql';

/** How to get a client of `major`: the sentence the error and docs/operations.md share. */
export function howToInstall(tool: PostgresTool, major: number): string {
  return (
    `Install PostgreSQL ${major}'s client programs. On Debian or Ubuntu, from the PostgreSQL project's own ` +
    `repository (apt.postgresql.org): sudo apt install -y postgresql-common && ` +
    `sudo /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh && sudo apt install -y postgresql-client-${major}; ` +
    `they land in /usr/lib/postgresql/${major}/bin, which is looked in first. Elsewhere, install them and set ` +
    `PG_BIN_DIR to the folder holding ${tool}.`
  );
}

/** "pg_dump (PostgreSQL) 15.20 (Debian 15.20-0+deb12u1)" -> 15; "pg_dump (PostgreSQL) 9.6.24" -> 9. */
export function majorOfVersionLine(line: string): number {
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(line);
  if (!match) throw new PostgresToolError(`Cannot read a version from "${line.trim()}"`);
  return Number(match[1]);
}

/**
 * Refuses a tool older than it must be: pg_dump older than the server it dumps (it stops with
 * "server version mismatch"), or pg_restore older than the pg_dump that wrote the archive (it
 * cannot read a newer archive format). The embedded database is PostgreSQL 18 and its npm
 * package ships no client programs, so that is the usual case on a developer's machine.
 */
export function checkToolVersion(tool: PostgresTool, found: { path: string; major: number }, required: { major: number; what: string }): void {
  if (found.major >= required.major) return;
  throw new PostgresToolError(
    `${tool} ${found.major} (${found.path}) cannot work with ${required.what}: ${tool} must be at least version ${required.major}. ` +
      howToInstall(tool, required.major),
  );
}

async function isFile(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile(),
    () => false,
  );
}

/** The candidates in order: PG_BIN_DIR, the newest of Debian's versioned folders, then the PATH. */
async function candidates(tool: PostgresTool, env: NodeJS.ProcessEnv): Promise<string[]> {
  if (env.PG_BIN_DIR) return [path.join(env.PG_BIN_DIR, tool)];
  const versions = await readdir(DEBIAN_VERSIONS_DIR).catch(() => [] as string[]);
  const versioned = versions
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => path.join(DEBIAN_VERSIONS_DIR, v, 'bin', tool));
  const onPath = (env.PATH ?? '').split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, tool));
  return [...versioned, ...onPath];
}

/** The tool to run and its major version; a PostgresToolError when there is none (`requiredMajor`: for the advice). */
export async function findTool(tool: PostgresTool, requiredMajor: number, env: NodeJS.ProcessEnv = process.env): Promise<{ path: string; major: number }> {
  for (const file of await candidates(tool, env)) {
    if (!(await isFile(file))) continue;
    const { stdout } = await run(file, ['--version']);
    return { path: file, major: majorOfVersionLine(stdout) };
  }
  const where = env.PG_BIN_DIR ? `in PG_BIN_DIR (${env.PG_BIN_DIR})` : `in ${DEBIAN_VERSIONS_DIR}/*/bin or on the PATH`;
  throw new PostgresToolError(`${tool} was not found ${where}. ${howToInstall(tool, requiredMajor)}`);
}

/**
 * A connection URL split for a child program: the URL without its password (a command line is
 * visible to every local user in `ps`) and the password for PGPASSWORD.
 */
export function connectionForChild(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { url: parsed.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Runs a client program against `url`, and throws with its own error output when it fails. */
export async function runTool(file: string, args: string[], url: string): Promise<void> {
  const connection = connectionForChild(url);
  try {
    await run(file, [...args, `--dbname=${connection.url}`], { env: { ...process.env, ...connection.env }, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${path.basename(file)} failed${stderr ? `:\n${stderr}` : `: ${(error as Error).message}`}`);
  }
}

/** The server's major version, its database's name and the last migration applied (none: null). */
export async function describeServer(url: string): Promise<{ major: number; version: string; database: string; lastMigration: string | null }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ num: string; version: string; database: string; migrations: string | null }>(
      `SELECT current_setting('server_version_num') AS num, current_setting('server_version') AS version, current_database() AS database,
              to_regclass('public.migrations')::text AS migrations`,
    );
    const { num, version, database, migrations } = rows[0];
    let lastMigration: string | null = null;
    if (migrations) {
      const last = await client.query<{ name: string }>('SELECT name FROM migrations ORDER BY id DESC LIMIT 1');
      lastMigration = last.rows[0]?.name ?? null;
    }
    return { major: Math.floor(Number(num) / 10000), version, database, lastMigration };
  } finally {
    await client.end();
  }
}

/**
 * Empties the database: every schema but PostgreSQL's own is dropped with what it holds (tables,
 * the job queue's schema, extensions' objects), and an empty `public` is made again, as a new
 * database has. Fails within 10 s, naming the cause, when a running server still holds locks.
 */
export async function wipeDatabase(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`SET lock_timeout = '10s'`);
    const { rows } = await client.query<{ name: string }>(
      `SELECT nspname AS name FROM pg_namespace WHERE nspname NOT LIKE 'pg\\_%' AND nspname <> 'information_schema' ORDER BY nspname`,
    );
    await client.query('BEGIN');
    for (const { name } of rows) await client.query(`DROP SCHEMA ${client.escapeIdentifier(name)} CASCADE`);
    await client.query('CREATE SCHEMA public');
    await client.query('COMMIT');
    return rows.map((r) => r.name);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    if ((error as { code?: string }).code === '55P03') {
      throw new Error('The database is in use (a lock was not granted within 10 s): stop every server process (web and worker) before a restore.');
    }
    throw error;
  } finally {
    await client.end();
  }
}
