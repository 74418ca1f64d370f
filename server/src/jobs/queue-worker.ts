import type { Logger } from '@nestjs/common';
import type PgBoss from 'pg-boss';
import { messageOf } from '../common/error-message.js';
import type { JobHandler } from './job-queue.js';
import { runWithOrigin } from '../telemetry/job-context.js';

/** Where a worker counts its jobs' outcomes (the queue metrics, docs/operations.md "Metrics"). */
export interface JobOutcomes {
  completed(queue: string): void;
  /** `retried`: pg-boss will run the job again; else it has failed for good. */
  failed(queue: string, retried: boolean): void;
}

/**
 * Runs one queue's jobs in this instance, one at a time: fetch (pg-boss locks the job with
 * `FOR UPDATE SKIP LOCKED`, so no other instance gets it), run the handler, then mark the job
 * completed or failed (pg-boss schedules the retry). Polls while the queue is empty.
 *
 * Our loop rather than pg-boss's `work()`: pg-boss 10 marks a job completed or failed without
 * awaiting it, so if PostgreSQL goes away while a handler runs, that promise's rejection is
 * unhandled and Node ends the process. Here every call is awaited and a failure is one log line.
 */
export class QueueWorker<T extends object> {
  private stopping = false;
  private wake?: () => void;
  private loop?: Promise<void>;
  /** The job whose handler is running, to hand back if the shutdown wait runs out. */
  private activeJobId?: string;

  constructor(
    private readonly boss: PgBoss,
    readonly name: string,
    private readonly handler: JobHandler<T>,
    private readonly pollMs: number,
    private readonly logger: Logger,
    private readonly outcomes?: JobOutcomes,
  ) {}

  start(): this {
    this.loop = this.run();
    return this;
  }

  /** Lets a running handler finish for up to `waitMs`; a job still running then is failed (it will be retried). */
  async stop(waitMs: number): Promise<void> {
    this.stopping = true;
    this.wake?.();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), waitMs)));
    const ranOut = await Promise.race([this.loop?.then(() => false), timedOut]);
    clearTimeout(timer);
    const jobId = this.activeJobId;
    if (!ranOut || !jobId) return;
    this.activeJobId = undefined;
    await this.record('fail', () => this.boss.fail(this.name, jobId, { message: 'server shut down while the job ran' }));
  }

  /** Looks for a job now instead of at the end of the idle wait (a send from this instance). */
  poke(): void {
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      let worked = false;
      try {
        worked = await this.runNext();
      } catch (error) {
        this.logger.warn(`queue ${this.name}: ${messageOf(error)}`);
      }
      if (!worked && !this.stopping) await this.idle();
    }
  }

  /** Runs the next job; false when there was none (pg-boss's fetch also answers none when PostgreSQL is down). */
  private async runNext(): Promise<boolean> {
    // With its retry count and limit, to tell a failure that will be retried from a final one.
    const [job] = await this.boss.fetch<T>(this.name, { includeMetadata: true });
    if (!job) return false;
    this.activeJobId = job.id;
    let failure: unknown;
    try {
      // In a span of its own, and in the context of the request that queued it if one did, so
      // that these lines carry its request id (telemetry/job-context.ts).
      await runWithOrigin(this.name, job.id, job.data, async (data) => {
        const startedAt = Date.now();
        try {
          await this.handler(data);
        } catch (error) {
          this.logger.warn(`job ${this.name} ${job.id} failed: ${messageOf(error)}`);
          throw error;
        }
        this.logger.debug?.(`job ${this.name} ${job.id} done in ${Date.now() - startedAt} ms`);
      });
    } catch (error) {
      failure = error ?? new Error('failed');
    }
    if (this.activeJobId !== job.id) return true; // stop() has handed it back already
    this.activeJobId = undefined;
    if (failure === undefined) {
      await this.record('complete', () => this.boss.complete(this.name, job.id));
      this.outcomes?.completed(this.name);
    } else {
      await this.record('fail', () => this.boss.fail(this.name, job.id, { message: messageOf(failure) }));
      this.outcomes?.failed(this.name, job.retryCount < job.retryLimit);
    }
    return true;
  }

  /** Marking a job may fail while PostgreSQL is down: the job then stays active until pg-boss expires it and retries it. */
  private async record(what: string, mark: () => Promise<unknown>): Promise<void> {
    try {
      await mark();
    } catch (error) {
      this.logger.warn(`job ${this.name}: could not ${what} a job: ${messageOf(error)}`);
    }
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.pollMs);
      // Never what keeps the process alive.
      timer.unref();
      this.wake = done;
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
    });
  }
}
