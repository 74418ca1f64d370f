import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { renderDatabaseTypes } from '../src/database/database-types-generator.js';
import { createTestDatabase } from './test-app.js';

/**
 * The table types repositories query with are the migrated schema's (docs/architecture.md, "Data
 * access"): a migration that adds, renames or retypes a column without `npm run db:types` fails
 * here, before a statement that names the old column fails at run time.
 */
describe('the generated table types', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: pg.Client;

  beforeAll(async () => {
    // A copy of the run's template database: every migration applied.
    database = await createTestDatabase();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it('are what a freshly migrated database gives (run npm run db:types after a migration)', async () => {
    const committed = await readFile(new URL('../src/database/database-types.ts', import.meta.url), 'utf8');
    expect(await renderDatabaseTypes(client)).toBe(committed);
  });

  it('cover the tables repositories read (the comparison is not of two empty files)', async () => {
    const text = await renderDatabaseTypes(client);
    for (const table of ['users: Users;', 'scholarships: Scholarships;', 'applications: Applications;', 'applicant_matches: ApplicantMatches;']) {
      expect(text).toContain(table);
    }
  });
});
