import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import pg from 'pg';
import type { DataSource } from 'typeorm';
import { DatabaseLocation } from '../database/database.module.js';

/**
 * The readiness probe's view of PostgreSQL, on a connection of its own (docs/operations.md,
 * "Readiness"). Not the request pool's: under load every pooled connection is busy, and a probe
 * queued behind them would call a loaded replica "not ready" and turn traffic away from it.
 */
@Injectable()
export class ReadinessRepository implements OnApplicationShutdown {
  private client?: pg.Client;
  /** Set at shutdown: a probe still running then must not open a connection nobody will close. */
  private closed = false;
  private readonly expected: string[];
  private readonly table: string;

  constructor(
    @InjectDataSource() db: DataSource,
    private readonly location: DatabaseLocation,
  ) {
    // The names TypeORM records in its table for the migrations this build carries.
    this.expected = db.migrations.map((migration) => migration.name ?? migration.constructor.name);
    this.table = db.options.migrationsTableName ?? 'migrations';
  }

  /**
   * The migrations of this build that the database has not applied, in one round trip (which also
   * proves PostgreSQL answers). Rejects when PostgreSQL cannot be reached within `timeoutMs`; the
   * connection is then dropped and the next call opens a new one.
   */
  async pendingMigrations(timeoutMs: number): Promise<string[]> {
    try {
      const client = await this.connected(timeoutMs);
      const { rows } = await client.query<{ name: string }>({
        text: `SELECT name FROM unnest($1::text[]) AS expected(name) WHERE NOT EXISTS (SELECT 1 FROM "${this.table}" m WHERE m.name = expected.name)`,
        values: [this.expected],
        query_timeout: timeoutMs,
      } as pg.QueryConfig);
      return rows.map((row) => row.name);
    } catch (error) {
      this.drop();
      throw error;
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.closed = true;
    await this.drop();
  }

  private async connected(timeoutMs: number): Promise<pg.Client> {
    if (this.closed) throw new Error('the server is shutting down');
    if (this.client) return this.client;
    const client = new pg.Client({ connectionString: await this.location.resolve(), connectionTimeoutMillis: timeoutMs, application_name: 'scholarmatch-readiness' });
    // A connection cut while idle emits 'error'; unheard, it would end the process.
    client.on('error', () => {
      if (this.client === client) this.client = undefined;
    });
    try {
      await client.connect();
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new Error('the server is shutting down');
    }
    this.client = client;
    return client;
  }

  private async drop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
