import { messageOf } from '../common/error-message.js';

/**
 * Background work that must survive a crash and run once across every server instance: the
 * payment clock, trial reminders, webhook retries and the housekeeping sweeps. The port of
 * the job queue of docs/operations.md "Jobs"; the implementation is pg-boss in the same PostgreSQL
 * (docs/operations.md, "Jobs").
 *
 * A handler may run twice for one job (a crash after its effect, before the job is marked done):
 * every handler is written so its effect happens once (a conditional UPDATE that claims the row,
 * an insert keyed by what it acts on).
 */
export interface JobOptions {
  /** At most one queued or active job with this key per queue (e.g. the event id it retries). */
  singletonKey?: string;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
}

export interface QueueOptions {
  /** Tries after the first failure, with exponential backoff from `retryDelaySeconds`. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** A cron expression (UTC, minute resolution): the queue also gets one job per tick, once across all instances. */
  cron?: string;
}

export type JobHandler<T> = (data: T) => Promise<void>;

/** What the queue is doing in this process, for readiness (docs/operations.md, "Readiness"). */
export interface JobsState {
  /** Jobs can be queued from this process. */
  started: boolean;
  /** This process's role runs workers (docs/operations.md, "Process roles"). */
  runsWorkers: boolean;
  /** Workers running in this process (0 in a `web` process). */
  workers: number;
}

export abstract class JobQueue {
  /** Declares a queue, and where this process runs background work its schedule and worker. Call from a provider's onModuleInit. */
  abstract register<T extends object>(name: string, handler: JobHandler<T>, options?: QueueOptions): void;

  /** Whether jobs can be queued here, and whether this process works them. */
  abstract state(): JobsState;

  /** Queues a job; resolves once it is stored (it then survives a restart). */
  abstract send<T extends object>(name: string, data: T, options?: JobOptions): Promise<void>;

  /**
   * Queues a run of a job whose cron catches up anyway (a mail job, the match changes): a failure
   * to queue is only logged, never the caller's failure.
   */
  async nudge(name: string, logger: { warn(message: string): void }): Promise<void> {
    try {
      await this.send(name, {});
    } catch (error) {
      logger.warn(`could not queue ${name}: ${messageOf(error)}`);
    }
  }
}
