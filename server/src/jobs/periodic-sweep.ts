import { Inject, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import { kyselyIn } from '../database/kysely.js';
import { JobQueue } from './job-queue.js';

/**
 * A housekeeping sweep, run by a cron-scheduled job queue: pg-boss makes one job per tick across
 * all instances and hands it to one worker (docs/decisions.md "Background sweeps"). Each batch
 * also runs in a transaction that first takes a transaction-level advisory lock, and a sweep that
 * cannot take it stops, so a direct call (tests, an admin) and a scheduled run never delete at once.
 *
 * A subclass says what one batch deletes (`sweepBatch`, returning how many rows went, or what to
 * clean up afterwards); the batches repeat until one comes back short. A failed sweep is retried
 * by pg-boss; each batch commits on its own, so a retry carries on where it stopped.
 *
 * Infrastructure, not a repository: its only SQL is the lock statement every sweep shares, and
 * what a batch deletes is the sweep's module's repository's (it takes the locked transaction's
 * EntityManager). The DataSource and the JobQueue are injected into properties, so a sweep's
 * constructor names only its own collaborators.
 */
export abstract class PeriodicSweep<Removed = number> implements OnModuleInit {
  protected abstract readonly name: string;
  /** Its job queue's name (pgboss.job.name). */
  protected abstract readonly queue: string;
  /** When it runs: a cron expression in UTC. */
  protected abstract readonly cron: string;
  /** A constant of this sweep's own (pg_try_advisory_xact_lock takes a bigint). */
  protected abstract readonly lockId: number;
  protected abstract readonly batchSize: number;
  private readonly logger = new Logger('PeriodicSweep');
  @InjectDataSource() private readonly db: DataSource;
  @Inject(JobQueue) private readonly jobs: JobQueue;

  /** Deletes one batch inside the locked transaction; returns what was removed. */
  protected abstract sweepBatch(manager: EntityManager): Promise<Removed[]>;

  /** Work after a batch's transaction has committed (e.g. deleting the files of removed rows). */
  protected async afterBatch(_removed: Removed[]): Promise<void> {}

  onModuleInit(): void {
    // A tick missed by a failure comes back within the hour anyway: two retries, a minute apart and more.
    this.jobs.register(this.queue, async () => void (await this.sweep()), { cron: this.cron, retryLimit: 2, retryDelaySeconds: 60 });
  }

  /** Runs batches until one is short; returns how many items went (0 when another instance holds the lock). */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const removed = await this.db.transaction(async (manager) => {
        const { rows } = await sql<{ locked: boolean }>`SELECT pg_try_advisory_xact_lock(${this.lockId}) AS locked`.execute(kyselyIn(manager));
        return rows[0].locked ? this.sweepBatch(manager) : null;
      });
      if (removed === null) break;
      await this.afterBatch(removed);
      total += removed.length;
      if (removed.length < this.batchSize) break;
    }
    if (total) this.logger.log({ sweep: this.name, removed: total }, 'sweep done');
    return total;
  }
}

/** The rows of a `DELETE … RETURNING` through TypeORM's pg driver, which answers `[rows, count]`. */
export function deletedRows<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}
