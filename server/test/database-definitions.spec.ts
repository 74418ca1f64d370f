import pg from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/database.module.js';
import { ENTITIES } from '../src/entities.js';
import { applyDatabaseDefinitions, DATABASE_DEFINITIONS } from '../src/database/definitions/index.js';
import { createTestDatabase } from './test-app.js';

/**
 * The database's functions, views and triggers are what `server/src/database/definitions/` says
 * (docs/matching.md, "One home for the database's functions"). The migrated database's catalogue
 * is compared with the catalogue the source text alone produces: in one transaction, rolled back,
 * every function, view and trigger of the schema is dropped and the source applied. A migration
 * that changes a function without the source, or a function the source lacks, fails here.
 */

type Catalogue = Record<string, string>;

/** Every function, view and trigger of the public schema, as PostgreSQL prints it, by name. */
async function catalogueOf(client: pg.ClientBase): Promise<Catalogue> {
  const { rows } = await client.query<{ name: string; definition: string }>(`
    SELECT 'function ' || p.oid::regprocedure AS name,
           CASE WHEN p.prokind = 'a' THEN 'an aggregate' ELSE pg_get_functiondef(p.oid) END AS definition
      FROM pg_proc p
     WHERE p.pronamespace = 'public'::regnamespace
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
    UNION ALL
    SELECT 'view ' || c.oid::regclass, pg_get_viewdef(c.oid)
      FROM pg_class c
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('v', 'm')
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
    UNION ALL
    SELECT 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass, pg_get_triggerdef(t.oid)
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace`);
  return Object.fromEntries(rows.map((row) => [row.name, row.definition]));
}

/** Drops every trigger, view and function the catalogue lists (the caller rolls it back). */
async function dropAll(client: pg.ClientBase, catalogue: Catalogue): Promise<void> {
  const { rows } = await client.query<{ statement: string }>(`
    SELECT format('DROP TRIGGER IF EXISTS %I ON %s', t.tgname, t.tgrelid::regclass) AS statement
      FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace
    UNION ALL
    SELECT format('DROP %s IF EXISTS %s CASCADE', CASE c.relkind WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'VIEW' END, c.oid::regclass)
      FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('v', 'm') AND 'view ' || c.oid::regclass = ANY($1)
    UNION ALL
    SELECT format('DROP %s IF EXISTS %s CASCADE', CASE p.prokind WHEN 'a' THEN 'AGGREGATE' ELSE 'ROUTINE' END, p.oid::regprocedure)
      FROM pg_proc p WHERE p.pronamespace = 'public'::regnamespace AND 'function ' || p.oid::regprocedure = ANY($1)`,
    [Object.keys(catalogue)],
  );
  for (const { statement } of rows) await client.query(statement);
}

/** The names whose definitions differ, with both sides ('absent' where one has none). */
function differences(migrated: Catalogue, fromSource: Catalogue): { name: string; migrated: string; source: string }[] {
  const names = [...new Set([...Object.keys(migrated), ...Object.keys(fromSource)])].sort();
  return names
    .filter((name) => migrated[name] !== fromSource[name])
    .map((name) => ({ name, migrated: migrated[name] ?? 'absent', source: fromSource[name] ?? 'absent (the source lacks it)' }));
}

describe('the database definitions', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let client: pg.Client;

  beforeAll(async () => {
    // Empty: this spec runs the migrations itself and compares what they leave.
    database = await createTestDatabase({ migrated: false });
    const dataSource = new DataSource({ ...dataSourceOptions(database.url, 1, ENTITIES), migrationsRun: false });
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    await dataSource.destroy();
    client = new pg.Client({ connectionString: database.url });
    await client.connect();
  });
  afterAll(async () => {
    await client?.end();
    await database?.drop();
  });

  it('are what the migrations leave: every function, view and trigger, and nothing else', async () => {
    const migrated = await catalogueOf(client);
    await client.query('BEGIN');
    try {
      await dropAll(client, migrated);
      expect(await catalogueOf(client)).toEqual({});
      await applyDatabaseDefinitions((sql) => client.query(sql));
      const fromSource = await catalogueOf(client);
      expect(differences(migrated, fromSource)).toEqual([]);
    } finally {
      await client.query('ROLLBACK');
    }
  });

  it('cover the matcher, the answer vectors and the row hooks (the comparison is not of two empty lists)', async () => {
    const migrated = await catalogueOf(client);
    for (const name of ['function eligibility_answer_facts(jsonb,text,date)', 'function refresh_matchable_scholarship()', 'trigger users_answer_vector_update on users']) {
      expect(migrated[name]).toBeDefined();
    }
    expect(DATABASE_DEFINITIONS.length).toBe(Object.keys(migrated).length);
  });
});
