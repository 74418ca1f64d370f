import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createApp, type AppOptions } from '../src/app.factory.js';
import { AppConfig } from '../src/config/app-config.js';

/** Creates an empty database of its own for one spec file, on the test PostgreSQL server. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_ADMIN_URL is not set: run the specs through jest (global setup).');
  const name = `scholarmatch_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: NestFastifyApplication;
  /** A direct SQL connection to the same database, for arranging data as an admin would. */
  sql: pg.Pool;
  close(): Promise<void>;
}

/** The real application (migrations applied on start) on a fresh database, served in-process. */
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
