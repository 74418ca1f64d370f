import { Kysely, PostgresDialect } from 'kysely';
import type { Pool, PoolClient } from 'pg';
import type { DataSource, EntityManager, QueryRunner } from 'typeorm';
import type { DB } from './database-types.js';

/**
 * Kysely over TypeORM's connection (docs/architecture.md, "Data access"): one pool for both, and
 * a repository method handed a TypeORM transaction runs its typed statements on that
 * transaction's connection. Table and column types come from `database-types.ts`, generated from
 * the migrated schema (`npm run db:types`).
 */
export type Db = Kysely<DB>;

const byDataSource = new WeakMap<DataSource, Db>();
const byRunner = new WeakMap<QueryRunner, Db>();

/** The pg pool TypeORM's driver opened (one per DataSource). */
export function poolOf(dataSource: DataSource): Pool {
  return (dataSource.driver as unknown as { master: Pool }).master;
}

/**
 * The pool as Kysely should borrow from it. pg's pool stops listening for a client's errors while
 * the client is lent out, and an 'error' event nobody listens to ends the process: when
 * PostgreSQL goes away mid-query, the server must answer 503 and recover, not exit. So each lent
 * client gets a listener until it is given back (TypeORM does the same for its own); the query
 * itself still fails with the error, which the HTTP layer turns into a 503.
 */
function guardedPool(pool: Pool): Pool {
  const ignore = () => undefined;
  const connect = async () => {
    const client = await pool.connect();
    client.on('error', ignore);
    const release = client.release.bind(client);
    client.release = (error?: Error | boolean) => {
      client.off('error', ignore);
      release(error);
    };
    return client;
  };
  return { connect, end: () => pool.end() } as unknown as Pool;
}

/** The Kysely instance over a DataSource's pool (made once; the pool is read when first used). */
export function kyselyOf(dataSource: DataSource): Db {
  let db = byDataSource.get(dataSource);
  if (!db) {
    db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: async () => guardedPool(poolOf(dataSource)) }) });
    byDataSource.set(dataSource, db);
  }
  return db;
}

/**
 * A Kysely whose every statement runs on the connection of a TypeORM transaction (`tx`), inside
 * it: the transaction stays TypeORM's to commit or roll back, so the connection is never released
 * here and Kysely's own `transaction()` must not be used on it.
 */
export function kyselyIn(tx: EntityManager): Db {
  const runner = tx.queryRunner;
  if (!runner) throw new Error('kyselyIn needs the EntityManager of a transaction');
  let db = byRunner.get(runner);
  if (db) return db;
  const borrowed = {
    connect: async () => {
      const client = (await runner.connect()) as PoolClient;
      return { query: client.query.bind(client), release: () => undefined };
    },
    end: async () => undefined,
  };
  db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: borrowed as unknown as Pool }) });
  byRunner.set(runner, db);
  return db;
}

/** Where a statement runs: the pool (a DataSource) or a transaction's connection (its EntityManager). */
export type Runs = DataSource | EntityManager;

/** Kysely on the pool, or on the transaction `on` belongs to. */
export function kyselyFor(on: Runs): Db {
  if ('driver' in on && 'manager' in on) return kyselyOf(on);
  const manager = on as EntityManager;
  return manager.queryRunner ? kyselyIn(manager) : kyselyOf(manager.connection);
}
