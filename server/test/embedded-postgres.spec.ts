import { mkdtempSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../src/database/embedded-postgres.js';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function selectOne(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query('SELECT 1 AS one');
  await client.end();
  return rows[0].one;
}

/** The zero-setup database of `npm start`: a real PostgreSQL kept in the data folder. */
describe('embedded PostgreSQL', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'embedded-pg-spec-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('initialises once, keeps its data and a private password, and says why a start fails', async () => {
    const port = await freePort();
    const first = await startEmbeddedPostgres({ dataDir, port, database: 'app' });
    try {
      expect(await selectOne(first.url)).toBe(1);
      expect(first.url).not.toContain(':postgres@');
      expect(statSync(path.join(dataDir, 'postgres-password')).mode & 0o777).toBe(0o600);

      // A second server on the same data folder and port cannot start; the error says why.
      await expect(startEmbeddedPostgres({ dataDir, port, database: 'app' })).rejects.toThrow(/could not start.*EMBEDDED_PG_PORT/s);
    } finally {
      await first.stop();
    }

    const again = await startEmbeddedPostgres({ dataDir, port, database: 'app' });
    try {
      expect(again.url).toBe(first.url);
      expect(await selectOne(again.url)).toBe(1);
    } finally {
      await again.stop();
    }
  }, 60_000);
});
