import pg from 'pg';

/** Drops this run's template database (global-setup.js names it). */
export default async function globalTeardown() {
  const template = process.env.TEST_DATABASE_TEMPLATE;
  if (!process.env.DATABASE_URL || !template) return;
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(template)} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}
