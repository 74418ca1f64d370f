/**
 * The run's database server and template (docs/testing.md, "Databases"). `setup` gives the spec
 * workers TEST_DATABASE_ADMIN_URL: DATABASE_URL when set, else a throwaway embedded PostgreSQL in
 * a temporary folder (real PostgreSQL, no setup needed); and TEST_DATABASE_TEMPLATE, this run's
 * name for the migrated template every spec's database is copied from (built by the first spec
 * that needs it). `teardown` drops the template, then the embedded server if one was started.
 */
import { randomBytes } from 'node:crypto';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@scholarmatch/testkit';
import pg from 'pg';
import { loadEmbeddedPostgres } from '../src/database/embedded-postgres.js';

let embedded: { server: { stop(): Promise<void> }; dir: string } | undefined;

export async function setup(): Promise<void> {
  process.env.TEST_DATABASE_TEMPLATE = `scholarmatch_tmpl_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  if (process.env.DATABASE_URL) {
    process.env.TEST_DATABASE_ADMIN_URL = process.env.DATABASE_URL;
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'scholarmatch-test-pg-'));
  await chmod(dir, 0o755);
  const port = await freePort();
  // Loaded this way, not imported: a plain import's exit hook made a failed run exit 0 (see there).
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const server = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'data'),
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=off'],
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  embedded = { server, dir };
  process.env.TEST_DATABASE_ADMIN_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
}

async function dropTemplate(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  const template = process.env.TEST_DATABASE_TEMPLATE;
  if (!adminUrl || !template) return;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(template)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export async function teardown(): Promise<void> {
  await dropTemplate();
  if (!embedded) return;
  await embedded.server.stop();
  await rm(embedded.dir, { recursive: true, force: true });
}
