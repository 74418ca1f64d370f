import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from './database.module.js';
import { renderDatabaseTypes } from './database-types-generator.js';

/** The text a freshly migrated database gives, read on a database created and dropped for it. */
export async function typesOfFreshDatabase(serverUrl: string): Promise<string> {
  const name = `scholarmatch_types_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    // Migrations only: no entity is read, so none is registered (database/ imports no feature).
    const dataSource = new DataSource({ ...dataSourceOptions(url.toString(), 1, []), migrationsRun: false });
    await dataSource.initialize();
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await dataSource.destroy();
    }
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return await renderDatabaseTypes(client);
    } finally {
      await client.end();
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
