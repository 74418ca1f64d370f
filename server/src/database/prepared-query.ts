import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * Runs a hot read as a named prepared statement: PostgreSQL parses and plans it once per
 * connection instead of on every call (planning the list page cost about as much as running it).
 * For the few statements served thousands of times a second; everything else goes through TypeORM.
 */
export async function preparedQuery<Row>(db: DataSource, text: string, values: unknown[]): Promise<Row[]> {
  const pool = (db.driver as unknown as { master: Pool }).master;
  const name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
  return (await pool.query({ name, text, values })).rows as Row[];
}
