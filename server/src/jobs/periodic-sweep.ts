import { Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

export interface SweepSchedule {
  /** Between two runs. */
  everyMs: number;
  /** After start, so a starting instance does not sweep at once (and tests never see it). */
  firstAfterMs: number;
}

/**
 * A housekeeping sweep that runs on a timer in every instance, one instance at a time: each batch
 * runs in a transaction that first takes a transaction-level advisory lock, and an instance that
 * cannot take it skips the round. A plain timer rather than pg-boss: an idempotent sweep needs no
 * queue, retries or job table (docs/decisions.md "Background sweeps").
 *
 * A subclass says what one batch deletes (`sweepBatch`, returning how many rows went, or what to
 * clean up afterwards); the batches repeat until one comes back short.
 *
 * Infrastructure, not a repository: its only SQL is the lock statement every sweep shares, and
 * what a batch deletes is the sweep's module's repository's (it takes the locked transaction's
 * EntityManager). The DataSource is injected into this property, so a sweep's constructor names
 * only its own collaborators.
 */
export abstract class PeriodicSweep<Removed = number> implements OnApplicationBootstrap, OnApplicationShutdown {
  protected abstract readonly name: string;
  protected abstract readonly schedule: SweepSchedule;
  /** A constant of this sweep's own (pg_try_advisory_xact_lock takes a bigint). */
  protected abstract readonly lockId: number;
  protected abstract readonly batchSize: number;
  private timers: NodeJS.Timeout[] = [];
  private readonly logger = new Logger('PeriodicSweep');
  @InjectDataSource() private readonly db: DataSource;

  /** Deletes one batch inside the locked transaction; returns what was removed. */
  protected abstract sweepBatch(manager: EntityManager): Promise<Removed[]>;

  /** Work after a batch's transaction has committed (e.g. deleting the files of removed rows). */
  protected async afterBatch(_removed: Removed[]): Promise<void> {}

  onApplicationBootstrap(): void {
    const run = () => void this.sweep().catch((error: unknown) => this.logger.warn({ err: error, sweep: this.name }, 'sweep failed'));
    this.timers = [setTimeout(run, this.schedule.firstAfterMs), setInterval(run, this.schedule.everyMs)];
    for (const timer of this.timers) timer.unref();
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearTimeout(timer);
  }

  /** Runs batches until one is short; returns how many items went (0 when another instance holds the lock). */
  async sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const removed = await this.db.transaction(async (manager) => {
        const [{ locked }] = (await manager.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [this.lockId])) as { locked: boolean }[];
        return locked ? this.sweepBatch(manager) : null;
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
