import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { messageOf } from '../common/error-message.js';
import { AppConfig } from '../config/app-config.js';
import { Gauge } from 'prom-client';
import { JobQueue } from '../jobs/job-queue.js';
import { Metrics } from '../metrics/metrics.js';
import { FileStorage } from '../uploads/file-storage.js';
import { ReadinessRepository } from './readiness.repository.js';

/** How long after one probe ends the next starts: how stale the gate's flag may be. */
export const PROBE_EVERY_MS = 1_000;
/** How long the probe waits for PostgreSQL (connect, then its one statement). */
const DATABASE_DEADLINE_MS = 1_500;
/** The bucket is asked at most this often (every probe would be a request to S3 each second). */
const STORAGE_EVERY_MS = 10_000;
const STORAGE_DEADLINE_MS = 2_000;

export type CheckName = 'database' | 'migrations' | 'jobs' | 'storage' | 'shutdown';

export interface ReadinessReport {
  ready: boolean;
  role: AppConfig['PROCESS_ROLE'];
  /** Each check's state in a word or two ('up', 'current', 'running', …). */
  checks: Record<Exclude<CheckName, 'shutdown'>, string>;
  /** What is not ready, one sentence per failing check; empty when ready. */
  problems: { check: CheckName; message: string }[];
  checkedAt: string;
}

/**
 * Whether this process is ready for traffic (docs/operations.md, "Readiness"): PostgreSQL answers,
 * no migration of this build is pending, the job queue runs as the process role asks, and the S3
 * bucket answers when uploads go to one. A background probe keeps `ready` fresh every second, so
 * the gate (readiness-gate.ts) reads a boolean per request and never touches the database.
 */
@Injectable()
export class Readiness implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('Readiness');
  /** Read by every request: false until the first probe has passed. */
  ready = false;
  private report: ReadinessReport;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private storage: { at: number; problem: string | null } = { at: -Infinity, problem: null };
  /** The probe running now: probes run one after another, so an older result never replaces a newer one. */
  private last: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly database: ReadinessRepository,
    @Inject(JobQueue) private readonly jobs: JobQueue,
    private readonly files: FileStorage,
    private readonly config: AppConfig,
    metrics: Metrics,
  ) {
    const registers = [metrics.registry];
    const readiness = this;
    // The alert "not ready for 5 minutes" and the dashboard's roles read these (docs/operations.md, "Metrics").
    new Gauge({
      name: 'scholarmatch_ready',
      help: "Whether this process's last readiness probe passed (1) or not (0): GET /api/v1/health/ready.",
      registers,
      collect() {
        this.set(readiness.current.ready ? 1 : 0);
      },
    });
    new Gauge({ name: 'scholarmatch_process_role_info', help: "This process's PROCESS_ROLE, as a label; always 1.", labelNames: ['role'] as const, registers }).set({ role: config.PROCESS_ROLE }, 1);
    const unknown = 'not checked yet';
    this.report = {
      ready: false,
      role: config.PROCESS_ROLE,
      checks: { database: unknown, migrations: unknown, jobs: unknown, storage: unknown },
      problems: [{ check: 'database', message: 'The server has not finished starting.' }],
      checkedAt: new Date().toISOString(),
    };
  }

  /** The last probe's answer (at most about a second old). */
  get current(): ReadinessReport {
    return this.report;
  }

  /** The first probe before the server takes requests (global modules, jobs included, have started by now). */
  async onApplicationBootstrap(): Promise<void> {
    await this.probe();
    this.schedule();
  }

  /**
   * On SIGTERM, before the job workers stop and HTTP drains: `health/ready` answers 503 from now
   * on, so a balancer that probes it stops sending. The gate stays as the last probe left it:
   * requests that still arrive are the drain's to answer (docs/operations.md, "Shutdown").
   */
  beforeApplicationShutdown(): void {
    this.stop();
    this.report = { ...this.report, ready: false, problems: [{ check: 'shutdown', message: 'The server is shutting down.' }], checkedAt: new Date().toISOString() };
  }

  onApplicationShutdown(): void {
    this.stop();
  }

  private stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /** Runs every check once, after any probe still running, and publishes the result. */
  probe(): Promise<ReadinessReport> {
    const next = this.last.catch(() => undefined).then(() => this.check());
    this.last = next;
    return next;
  }

  private async check(): Promise<ReadinessReport> {
    const problems: ReadinessReport['problems'] = [];
    const checks = {} as ReadinessReport['checks'];
    const [pending, storageProblem] = await Promise.all([
      this.database.pendingMigrations(DATABASE_DEADLINE_MS).catch((error: unknown) => error as Error),
      this.storageProblem(),
    ]);
    if (pending instanceof Error) {
      checks.database = 'unreachable';
      checks.migrations = 'unknown';
      problems.push({ check: 'database', message: 'The database is not reachable.' });
    } else {
      checks.database = 'up';
      checks.migrations = pending.length ? `${pending.length} pending` : 'current';
      if (pending.length) problems.push({ check: 'migrations', message: `${pending.length} database migration(s) of this version are not applied yet (first: ${pending[0]}).` });
    }
    const jobs = this.jobs.state();
    if (!jobs.started) {
      checks.jobs = 'stopped';
      problems.push({ check: 'jobs', message: 'Background jobs have not started, so nothing can be queued.' });
    } else if (jobs.runsWorkers && jobs.workers === 0) {
      checks.jobs = 'no workers';
      problems.push({ check: 'jobs', message: 'This process should run the job workers, and none runs.' });
    } else {
      checks.jobs = jobs.runsWorkers ? `running (${jobs.workers} workers)` : 'queueing only';
    }
    checks.storage = !this.files.remote ? 'local disk' : storageProblem ? 'unreachable' : 'up';
    if (storageProblem) problems.push({ check: 'storage', message: storageProblem });
    // A probe that was running when shutdown began leaves the shutdown's answer in place.
    if (this.stopped) return this.report;
    const ready = problems.length === 0;
    if (ready !== this.ready) {
      if (ready) this.logger.log('ready');
      else this.logger.warn(`not ready: ${problems.map((problem) => problem.message).join(' ')}`);
    }
    this.report = { ready, role: this.config.PROCESS_ROLE, checks, problems, checkedAt: new Date().toISOString() };
    this.ready = ready;
    return this.report;
  }

  /** Why the bucket cannot be used, or null; asked again only every STORAGE_EVERY_MS. */
  private async storageProblem(): Promise<string | null> {
    if (!this.files.remote || Date.now() - this.storage.at < STORAGE_EVERY_MS) return this.storage.problem;
    let problem: string | null = null;
    try {
      await this.files.reachable(AbortSignal.timeout(STORAGE_DEADLINE_MS));
    } catch (error) {
      // The cause (an address, a bucket name) goes to the log, not to an unauthenticated route.
      if (!this.storage.problem) this.logger.warn(`file storage unreachable: ${messageOf(error)}`);
      problem = 'The file storage (S3 bucket) is not reachable.';
    }
    this.storage = { at: Date.now(), problem };
    return problem;
  }

  /** One probe after another (a slow probe never overlaps the next); the timer never keeps the process alive. */
  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.probe()
        .catch((error: unknown) => this.logger.warn(`readiness probe failed: ${messageOf(error)}`))
        .finally(() => this.schedule());
    }, PROBE_EVERY_MS);
    this.timer.unref();
  }
}
