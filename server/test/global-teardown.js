import { rm } from 'node:fs/promises';
import pg from 'pg';

/** Drops this run's template database (global-setup.js names it), then the embedded PostgreSQL if one was started. */
async function dropTemplate() {
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

export default async function globalTeardown() {
  await dropTemplate();
  const embedded = globalThis.__EMBEDDED_TEST_PG__;
  if (!embedded) return;
  await embedded.server.stop();
  await rm(embedded.dir, { recursive: true, force: true });
}
