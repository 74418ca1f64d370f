import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createDatabaseBeside, createMigratedDatabase, type TestDatabase } from '@scholarmatch/testkit';
import pg from 'pg';
import { DataSource } from 'typeorm';
import { createApp, type AppOptions } from '../src/app.factory.js';
import { AppConfig } from '../src/config/app-config.js';
import { dataSourceOptions } from '../src/database/database.module.js';
import { ENTITIES } from '../src/entities.js';
import { JOBS_SCHEMA } from '../src/jobs/pg-boss-job-queue.js';

/**
 * Builds the run's template at `url`: every migration, then one start of the app, so the job
 * queues its start creates (a few tables each, most of a start's database work) are there too and
 * every spec's app starts as it would on a restart. Jobs that start queued are removed: each copy
 * begins with none.
 */
async function migrate(url: string): Promise<void> {
  const dataSource = new DataSource({ ...dataSourceOptions(url, 1, ENTITIES), migrationsRun: false });
  await dataSource.initialize();
  try {
    await dataSource.runMigrations({ transaction: 'each' });
  } finally {
    await dataSource.destroy();
  }
  const started = await startTestAppOn(url);
  await started.close();
  const sql = new pg.Client({ connectionString: url });
  await sql.connect();
  try {
    await sql.query(`DELETE FROM ${JOBS_SCHEMA}.job`);
  } finally {
    await sql.end();
  }
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_ADMIN_URL;
  if (!url) throw new Error('TEST_DATABASE_ADMIN_URL is not set: run the specs through jest (global setup).');
  return url;
}

/**
 * A database of its own for one spec file, on the test PostgreSQL server: a copy of the run's
 * migrated template (docs/testing.md, "Databases"), or empty with `{ migrated: false }` for a
 * spec that runs the migrations itself.
 */
export async function createTestDatabase(options: { migrated?: boolean } = {}): Promise<TestDatabase> {
  if (options.migrated === false) return createDatabaseBeside(adminUrl(), 'scholarmatch_test');
  return createMigratedDatabase(adminUrl(), 'scholarmatch_test', migrate);
}

export interface TestApp {
  app: NestFastifyApplication;
  /** A direct SQL connection to the same database, for arranging data as an admin would. */
  sql: pg.Pool;
  close(): Promise<void>;
}

/** The real application on a fresh, migrated database (its start finds nothing to migrate), served in-process. */
export async function startTestApp(overrides: Partial<AppConfig> = {}, options: AppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const started = await startTestAppOn(database.url, overrides, options);
  return {
    ...started,
    close: async () => {
      await started.close();
      await database.drop();
    },
  };
}

/**
 * The real application on a database that already exists (e.g. a second instance beside one
 * from startTestApp, as two server processes would share it); closing it leaves the database.
 */
export async function startTestAppOn(databaseUrl: string, overrides: Partial<AppConfig> = {}, options: AppOptions = {}): Promise<TestApp> {
  const config = AppConfig.fromEnv({}, { DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', NODE_ENV: 'test', WEB_DIST: '', ...overrides });
  const app = await createApp(config, undefined, options);
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
  const sql = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  return {
    app,
    sql,
    close: async () => {
      await sql.end();
      await app.close();
    },
  };
}

/**
 * Waits until the job queue has no job that is due, waiting or running (pg-boss's table: docs/operations.md,
 * "Jobs"), so that work a request queued (a recompute, an e-mail) has written its rows before a test looks.
 * Jobs scheduled for later (a delayed status message) are not waited for.
 */
export async function jobsSettled(sql: pg.Pool, timeoutMs = 15_000): Promise<void> {
  await eventually(async () => {
    const { rows } = await sql.query<{ busy: string[] }>(
      `SELECT coalesce(array_agg(name || ':' || state), '{}') AS busy FROM pgboss.job WHERE state IN ('created', 'retry', 'active') AND start_after <= now()`,
    );
    if (rows[0].busy.length) throw new Error(`jobs still due or running: ${rows[0].busy.join(', ')}`);
  }, timeoutMs);
}

/** Polls until `check` passes (for effects that arrive asynchronously, e.g. a NOTIFY). */
export async function eventually(check: () => Promise<void>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
