import { type BeforeApplicationShutdown, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { messageOf } from '../common/error-message.js';
import { AppConfig } from '../config/app-config.js';
import { runsBackgroundWork } from '../config/process-role.js';
import { DatabaseLocation } from '../database/database.module.js';
import { Metrics } from '../metrics/metrics.js';
import { type JobHandler, type JobOptions, JobQueue, type JobsState, type QueueOptions } from './job-queue.js';
import { type JobOutcomes, QueueWorker } from './queue-worker.js';
import { withOrigin } from '../telemetry/job-context.js';

/** pg-boss's tables live in this schema of the application's database (docs/operations.md "Jobs"). */
export const JOBS_SCHEMA = 'pgboss';
/** Fetches, completions, schedules and pg-boss's maintenance: a few connections are plenty. */
const POOL_SIZE = 3;
/** How often an idle worker looks for a job (a busy one fetches the next at once). */
const POLL_MS = 2000;
/** On shutdown, how long running handlers may take to finish. */
const STOP_WAIT_MS = 5000;
/** pg-boss 10's internal queue that turns a cron tick into a job of the scheduled queue. */
const CRON_TICK_QUEUE = '__pgboss__send-it';
/** PostgreSQL's SQLSTATE for "deadlock detected". */
const DEADLOCK = '40P01';
/** Namespace of the advisory locks that serialise sends with the same singleton key. */
const SINGLETON_LOCK_SPACE = 7_302;

interface Registration {
  name: string;
  handler: JobHandler<object>;
  options: QueueOptions;
}

/**
 * The JobQueue port on pg-boss 10, in the same PostgreSQL as the application. Providers
 * register their queues in onModuleInit; pg-boss starts at application bootstrap (queues,
 * schedules, then one worker per queue). Shutdown is in two steps: the workers stop first
 * (before-shutdown hook, which Nest runs before any module closes its connections), letting a
 * running handler finish; pg-boss itself stops in the shutdown hook, so requests still draining
 * can queue jobs, and before DatabaseModule stops an embedded PostgreSQL (JobsModule is imported
 * after it, and Nest shuts global modules down in reverse order).
 *
 * A `web` process (docs/operations.md, "Process roles") starts pg-boss only to queue: it declares
 * the queues (a send to an undeclared queue is lost) but runs no worker, writes no schedule and
 * leaves pg-boss's maintenance and cron clock to the processes that run background work.
 */
@Injectable()
export class PgBossJobQueue extends JobQueue implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly pending: Registration[] = [];
  /** Each queue's declaration, which a send to it waits for (register() after start is asynchronous). */
  private readonly declared = new Map<string, Promise<void>>();
  private lastDeclaration: Promise<void> = Promise.resolve();
  private readonly workers: QueueWorker<object>[] = [];
  private pool?: pg.Pool;
  private boss?: PgBoss;
  private readonly works: boolean;

  /** Counted per queue for Prometheus (docs/operations.md, "Metrics"). */
  private readonly outcomes: JobOutcomes;

  constructor(
    private readonly location: DatabaseLocation,
    metrics: Metrics,
    config: AppConfig,
  ) {
    super();
    this.works = runsBackgroundWork(config);
    this.outcomes = {
      completed: (queue) => metrics.jobsCompleted.inc({ queue }),
      failed: (queue, retried) => (retried ? metrics.jobsRetried : metrics.jobsFailed).inc({ queue }),
    };
  }

  state(): JobsState {
    return { started: this.boss !== undefined, runsWorkers: this.works, workers: this.workers.length };
  }

  register<T extends object>(name: string, handler: JobHandler<T>, options: QueueOptions = {}): void {
    const registration = { name, handler: handler as JobHandler<object>, options };
    if (!this.boss) {
      this.pending.push(registration);
      return;
    }
    this.declare(this.boss, registration).catch((error: unknown) => this.logger.warn(`queue ${name} not declared: ${messageOf(error)}`));
  }

  async send<T extends object>(name: string, jobData: T, options: JobOptions = {}): Promise<void> {
    const boss = this.boss;
    if (!boss) throw new Error(`jobs are not running: cannot send to ${name}`);
    // The queuing request's id and trace context travel with the job (telemetry/job-context.ts).
    const data = withOrigin(jobData);
    await this.declared.get(name);
    const sendOptions = { startAfter: options.startAfterSeconds, singletonKey: options.singletonKey };
    if (options.singletonKey === undefined) storedOrThrow(name, await boss.send(name, data, sendOptions));
    else await this.sendUnlessQueued(boss, name, data, sendOptions);
    // A job due now need not wait for this instance's idle worker to poll (up to POLL_MS).
    if (!options.startAfterSeconds) for (const worker of this.workers) if (worker.name === name) worker.poke();
  }

  async onApplicationBootstrap(): Promise<void> {
    const startedAt = Date.now();
    const pool = new pg.Pool({ connectionString: await this.location.resolve(), max: POOL_SIZE, connectionTimeoutMillis: 5000, application_name: 'scholarmatch-jobs' });
    // An 'error' event nobody listens to ends the process (e.g. idle connections cut by a database restart).
    pool.on('error', (error) => this.logger.warn(`jobs connection lost: ${error.message}`));
    const boss = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values) },
      schema: JOBS_SCHEMA,
      // Maintenance (expiring, archiving) and the cron clock: where background work runs.
      supervise: this.works,
      schedule: this.works,
    });
    boss.on('error', (error) => this.logger.warn(`pg-boss: ${messageOf(error)}`));
    this.pool = pool;
    await boss.start();
    if (this.works) await this.takeOverCronTicks(boss);
    this.boss = boss;
    const pending = this.pending.splice(0);
    await Promise.all(pending.map((registration) => this.declare(boss, registration)));
    this.logger.log(`jobs started in ${Date.now() - startedAt} ms (${pending.length} queues${this.works ? '' : ', queueing only'})`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all(this.workers.splice(0).map((worker) => worker.stop(STOP_WAIT_MS)));
  }

  async onApplicationShutdown(): Promise<void> {
    const boss = this.boss;
    this.boss = undefined;
    // Our workers have stopped: nothing of pg-boss's is left to wait for.
    await boss?.stop({ graceful: false, close: false });
    await this.pool?.end();
  }

  /**
   * Creates the queue (or brings its retry settings up to date), its schedule, then its worker.
   * One declaration at a time in an instance: two queues created at once deadlock in PostgreSQL.
   */
  private declare(boss: PgBoss, { name, handler, options }: Registration): Promise<void> {
    const declared = this.lastDeclaration.catch(() => undefined).then(async () => {
      const retry = retryOptions(options);
      await createQueueOnce(boss, name, retry);
      // createQueue leaves an existing queue as it was.
      await boss.updateQueue(name, { name, ...retry });
      if (!this.works) return;
      // The schedule is keyed by queue name: every instance writing it leaves one schedule.
      if (options.cron) await boss.schedule(name, options.cron, {}, { tz: 'UTC' });
      else await boss.unschedule(name);
      this.workers.push(new QueueWorker(boss, name, handler, POLL_MS, this.logger, this.outcomes).start());
    });
    this.lastDeclaration = declared;
    this.declared.set(name, declared);
    return declared;
  }

  /**
   * Cron ticks become jobs through pg-boss's internal queue, which pg-boss works with its own
   * `work()` (see QueueWorker for why that can end the process): ours works it instead.
   */
  private async takeOverCronTicks(boss: PgBoss): Promise<void> {
    await boss.offWork(CRON_TICK_QUEUE);
    const insert = async (job: object) => void (await boss.insert([job as PgBoss.JobInsert]));
    this.workers.push(new QueueWorker(boss, CRON_TICK_QUEUE, insert, POLL_MS, this.logger).start());
  }

  /**
   * pg-boss 10 honours a singleton key only on queues of a special policy (which would also limit
   * jobs without a key), so the port's "at most one queued or active job with this key" is checked
   * here, in one transaction under an advisory lock on the key.
   */
  private async sendUnlessQueued(boss: PgBoss, name: string, data: object, options: PgBoss.SendOptions): Promise<void> {
    const client = await this.pool!.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [SINGLETON_LOCK_SPACE, `${name}/${options.singletonKey}`]);
      const queued = await client.query(
        `SELECT 1 FROM ${JOBS_SCHEMA}.job WHERE name = $1 AND singleton_key = $2 AND state < 'completed' LIMIT 1`,
        [name, options.singletonKey],
      );
      if (!queued.rowCount) storedOrThrow(name, await boss.send(name, data, { ...options, db: { executeSql: (text, values) => client.query(text, values) } }));
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

/** pg-boss answers no id, without an error, when the queue does not exist (yet): the job was not stored. */
function storedOrThrow(name: string, jobId: string | null): void {
  if (!jobId) throw new Error(`job not stored: there is no queue ${name} (no instance has registered it yet)`);
}

/**
 * A new queue is a few tables and constraints (pg-boss's create_queue), and two instances
 * creating queues at the same time can deadlock; PostgreSQL then aborts one, which tries again
 * (the queue usually exists by then). An existing queue is left alone without any DDL.
 */
async function createQueueOnce(boss: PgBoss, name: string, retry: PgBoss.RetryOptions): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...retry });
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK || attempt === 3) throw error;
    }
  }
}

/** Retries with exponential backoff from retryDelaySeconds; pg-boss rejects keys present with no value. */
function retryOptions({ retryLimit, retryDelaySeconds }: QueueOptions): PgBoss.RetryOptions {
  return {
    retryBackoff: true,
    ...(retryLimit === undefined ? {} : { retryLimit }),
    ...(retryDelaySeconds === undefined ? {} : { retryDelay: retryDelaySeconds }),
  };
}
