/**
 * `npm run db:types`: migrates a fresh, empty database on the server of DATABASE_URL (or of the
 * embedded PostgreSQL) and writes server/src/database/database-types.ts from its catalogue
 * (docs/architecture.md, "Data access"). With `--check` it writes nothing and fails when the
 * committed file differs.
 */
import { randomBytes } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config.js';
import { dataSourceOptions, DatabaseLocation } from '../database/database.module.js';
import { renderDatabaseTypes } from '../database/database-types-generator.js';

/** Run from the build (server/dist/server/src/cli/), it writes into the sources. */
const TARGET = fileURLToPath(new URL('../../../../src/database/database-types.ts', import.meta.url));

/** The text a freshly migrated database gives, read on a database created and dropped for it. */
async function typesOfFreshDatabase(serverUrl: string): Promise<string> {
  const name = `scholarmatch_types_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const dataSource = new DataSource({ ...dataSourceOptions(url.toString(), 1), migrationsRun: false });
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

const location = new DatabaseLocation(AppConfig.fromEnv());
try {
  const text = await typesOfFreshDatabase(await location.resolve());
  if (process.argv.includes('--check')) {
    const committed = await readFile(TARGET, 'utf8').catch(() => '');
    if (committed !== text) {
      process.stderr.write(`${TARGET} is not what the migrations give: run npm run db:types\n`);
      process.exitCode = 1;
    }
  } else {
    await writeFile(TARGET, text);
    process.stdout.write(`wrote ${TARGET}\n`);
  }
} finally {
  await location.stop();
}
