import { sql } from 'kysely';
import { DataSource } from 'typeorm';
import { kyselyOf } from '../src/database/kysely.js';
import { startTestApp, type TestApp } from './test-app.js';

/**
 * PostgreSQL ending a connection while a Kysely statement holds it (a restart, a failover) fails
 * that statement, and the server goes on: the next statement gets a fresh connection
 * (docs/architecture.md, "Data access"). An error event nobody listened to used to end the process.
 */
describe('a connection lost under a typed statement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('fails the statements on that connection only; the pool serves the next one', async () => {
    const db = kyselyOf(t.app.get(DataSource));
    // A connection held between two statements (as a Kysely transaction or `connection()` holds it).
    const outcome = await db.connection().execute(async (held) => {
      const [{ pid }] = (await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(held)).rows;
      await t.sql.query('SELECT pg_terminate_backend($1)', [pid]);
      // Long enough for the end of the connection to reach the client, as an error event.
      await new Promise((resolve) => setTimeout(resolve, 300));
      return sql`SELECT 1`.execute(held).then(
        () => 'answered',
        (error: Error) => error.message,
      );
    });
    expect(outcome).toMatch(/terminat|not queryable|Connection/i);
    const { rows } = await sql<{ one: number }>`SELECT 1 AS one`.execute(db);
    expect(rows).toEqual([{ one: 1 }]);
  });
});
