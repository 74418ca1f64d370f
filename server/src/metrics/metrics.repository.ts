import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource } from 'typeorm';
import { kyselyOf, poolOf } from '../database/kysely.js';
import { JOBS_SCHEMA } from '../jobs/pg-boss-job-queue.js';

export interface PoolClients {
  inUse: number;
  idle: number;
  waiting: number;
}

/** One queue's unfinished jobs, as pg-boss's table holds them. */
export interface QueueStats {
  queue: string;
  waiting: number;
  active: number;
  /** Seconds since the oldest waiting job became due (0 when none waits). */
  oldestWaitingSeconds: number;
}

/** What the metrics read at scrape time (docs/operations.md, "Metrics"): a few cheap, indexed reads. */
@Injectable()
export class MetricsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The application pool's clients, from pg's own counters (no round trip). */
  poolClients(): PoolClients {
    const pool = poolOf(this.db);
    if (!pool) return { inUse: 0, idle: 0, waiting: 0 };
    return { inUse: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount };
  }

  /** Resolves once PostgreSQL has run a trivial statement; rejects when it cannot. */
  async ping(): Promise<void> {
    await sql`SELECT 1`.execute(kyselyOf(this.db));
  }

  /**
   * Waiting (created or retrying, and due) and active jobs per queue, with the age of the oldest
   * waiting one. A job deferred to later (startAfter) is not waiting until it is due. pg-boss keeps
   * finished jobs in the same table, so only the unfinished states are read (its index on name
   * and state).
   */
  async queueStats(): Promise<QueueStats[]> {
    const waiting = sql`state IN ('created', 'retry') AND start_after <= now()`;
    const { rows } = await sql<QueueStats>`
      SELECT name AS queue,
             (count(*) FILTER (WHERE ${waiting}))::int AS waiting,
             (count(*) FILTER (WHERE state = 'active'))::int AS active,
             COALESCE(EXTRACT(EPOCH FROM now() - min(start_after) FILTER (WHERE ${waiting})), 0)::float8 AS "oldestWaitingSeconds"
        FROM ${sql.table(`${JOBS_SCHEMA}.job`)}
       WHERE state < 'completed'
       GROUP BY name`.execute(kyselyOf(this.db));
    return rows;
  }

  /** Open support requests waiting more than `hours` (since sent, or since the person's reply). */
  async supportRequestsWaitingOver(hours: number): Promise<number> {
    const row = await kyselyOf(this.db)
      .selectFrom('support_requests')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('count'))
      .where('status', '=', 'open')
      .where('waiting_since', '<', sql<Date>`now() - make_interval(hours => ${hours})`)
      .executeTakeFirstOrThrow();
    return row.count;
  }
}
