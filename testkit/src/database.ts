/**
 * Fresh databases for tests, on a PostgreSQL server the caller names (docs/testing.md,
 * "Databases"). A spec that starts the app gets its database as a copy of a per-run template
 * that already has every migration applied, so the app's start finds nothing to migrate.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface TestDatabase {
  url: string;
  name: string;
  /** Drops it, closing any session still on it. */
  drop(): Promise<void>;
}

/** Runs `work` with one client on `serverUrl`'s server, then closes it. */
async function withClient<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function urlOf(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new database on the server of `serverUrl`, named `<prefix>_<random>`: empty, or a copy of
 * `template` when given.
 */
export async function createDatabaseBeside(serverUrl: string, prefix: string, template?: string): Promise<TestDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : ''}`));
  return {
    url: urlOf(serverUrl, name),
    name,
    drop: () => withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
  };
}

/** Applies every migration to the database at `url` and closes its connections when done. */
export type Migrate = (url: string) => Promise<void>;

/**
 * The name of this run's template database: TEST_DATABASE_TEMPLATE, which a suite's global setup
 * sets once per run (so parallel workers share it and the teardown can drop it).
 */
export function templateName(): string | undefined {
  return process.env.TEST_DATABASE_TEMPLATE || undefined;
}

/** A template name for a new run (what a global setup puts in TEST_DATABASE_TEMPLATE). */
export function newTemplateName(): string {
  return `scholarmatch_tmpl_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/**
 * Makes sure the template `name` exists on `serverUrl`'s server with every migration applied.
 * The first caller builds it; parallel callers (Jest workers) wait on an advisory lock, then find
 * it built. A template whose migrations failed is dropped again, so the next caller retries.
 */
export async function ensureTemplate(serverUrl: string, name: string, migrate: Migrate): Promise<void> {
  await withClient(serverUrl, async (client) => {
    await client.query(`SELECT pg_advisory_lock(hashtext($1))`, [name]);
    try {
      const { rowCount } = await client.query(`SELECT 1 FROM pg_database WHERE datname = $1`, [name]);
      if (rowCount) return;
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
      try {
        await migrate(urlOf(serverUrl, name));
      } catch (error) {
        await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
        throw error;
      }
    } finally {
      await client.query(`SELECT pg_advisory_unlock(hashtext($1))`, [name]);
    }
  });
}

/**
 * A fresh database with every migration applied: a copy of this run's template when the run has
 * one (TEST_DATABASE_TEMPLATE), else an empty database the app migrates on start.
 */
export async function createMigratedDatabase(serverUrl: string, prefix: string, migrate: Migrate): Promise<TestDatabase> {
  const template = templateName();
  if (!template) return createDatabaseBeside(serverUrl, prefix);
  await ensureTemplate(serverUrl, template, migrate);
  return createDatabaseBeside(serverUrl, prefix, template);
}

/** Drops a run's template (the global teardown's part). */
export async function dropTemplate(serverUrl: string, name: string): Promise<void> {
  await withClient(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`));
}
