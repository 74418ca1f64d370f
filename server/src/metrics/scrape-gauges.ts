import { Injectable, Logger } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { messageOf } from '../common/error-message.js';
import { QUEUE_CATALOGUE } from '../jobs/queue-catalogue.js';
import { Metrics } from './metrics.js';
import { MetricsRepository, type QueueStats } from './metrics.repository.js';

/** How long a scrape waits for PostgreSQL before it reports it down (Prometheus' default scrape timeout is 10 s). */
const PROBE_TIMEOUT_MS = 2000;
/** The support site promises an answer within a day (docs/support.md). */
const SUPPORT_WAIT_HOURS = 24;
/** The queues that may appear as a label: the catalogue's, a fixed list (jobs/queue-catalogue.ts). */
const QUEUES = QUEUE_CATALOGUE.map((entry) => entry.name);

/** What one scrape read from PostgreSQL; undefined where the read failed. */
interface Reading {
  up: boolean;
  queues?: QueueStats[];
  supportWaiting?: number;
}

/**
 * The gauges read when Prometheus scrapes (prom-client's `collect`), not kept up to date between
 * scrapes: the pool's clients (pg's counters), whether PostgreSQL answers, the job queues' depth
 * and oldest waiting job (pg-boss's table), and the support requests waiting past a day. The
 * database reads of one scrape are made once and shared by its gauges; when PostgreSQL does not
 * answer, the database gauge says 0 and the others keep no value (absent, not a false zero).
 */
@Injectable()
export class ScrapeGauges {
  private readonly logger = new Logger('Metrics');
  private current?: Promise<Reading>;

  constructor(metrics: Metrics, private readonly repository: MetricsRepository) {
    const registers = [metrics.registry];
    const read = () => this.reading();

    new Gauge({
      name: 'scholarmatch_db_pool_clients',
      help: "The application's PostgreSQL pool: clients running a statement (in_use), idle, and callers waiting for one.",
      labelNames: ['state'] as const,
      registers,
      collect() {
        const clients = repository.poolClients();
        this.set({ state: 'in_use' }, clients.inUse);
        this.set({ state: 'idle' }, clients.idle);
        this.set({ state: 'waiting' }, clients.waiting);
      },
    });

    new Gauge({
      name: 'scholarmatch_database_up',
      help: 'Whether PostgreSQL answered a trivial statement at the last scrape (1) or not (0).',
      registers,
      async collect() {
        this.set((await read()).up ? 1 : 0);
      },
    });

    // Both queue gauges are filled from the same reading, by whichever the registry collects first.
    let jobs: Gauge<'queue' | 'state'> | undefined;
    let oldest: Gauge<'queue'> | undefined;
    const collectQueues = async () => {
      const stats = (await read()).queues;
      if (!jobs || !oldest) return;
      jobs.reset();
      oldest.reset();
      if (!stats) return;
      const byName = new Map(stats.map((row) => [row.queue, row]));
      for (const queue of QUEUES) {
        const row = byName.get(queue);
        jobs.set({ queue, state: 'waiting' }, row?.waiting ?? 0);
        jobs.set({ queue, state: 'active' }, row?.active ?? 0);
        oldest.set({ queue }, row?.oldestWaitingSeconds ?? 0);
      }
    };
    jobs = new Gauge({
      name: 'scholarmatch_queue_jobs',
      help: 'Unfinished jobs per queue: waiting (due, not started) and active (running).',
      labelNames: ['queue', 'state'] as const,
      registers,
      collect: collectQueues,
    });
    oldest = new Gauge({
      name: 'scholarmatch_queue_oldest_job_age_seconds',
      help: 'Seconds since the oldest waiting job of the queue became due; 0 when none waits.',
      labelNames: ['queue'] as const,
      registers,
      collect: collectQueues,
    });

    const period = new Gauge({ name: 'scholarmatch_queue_period_seconds', help: "The schedule's period of each scheduled queue, in seconds.", labelNames: ['queue'] as const, registers });
    for (const entry of QUEUE_CATALOGUE) {
      const seconds = entry.cron ? cronPeriodSeconds(entry.cron) : undefined;
      if (seconds !== undefined) period.set({ queue: entry.name }, seconds);
    }

    new Gauge({
      name: 'scholarmatch_support_requests_waiting_over_24h',
      help: 'Open support requests waiting for an answer for more than 24 hours.',
      registers,
      async collect() {
        const waiting = (await read()).supportWaiting;
        if (waiting === undefined) this.reset();
        else this.set(waiting);
      },
    });
  }

  /** The database reads of the scrape under way (the gauges of one scrape are collected together). */
  private reading(): Promise<Reading> {
    if (!this.current) {
      this.current = this.readDatabase();
      // Kept for the rest of this scrape only.
      void this.current.finally(() => setTimeout(() => (this.current = undefined), 100).unref());
    }
    return this.current;
  }

  private async readDatabase(): Promise<Reading> {
    try {
      await withTimeout(this.repository.ping(), PROBE_TIMEOUT_MS);
    } catch (error) {
      this.logger.warn(`metrics: PostgreSQL did not answer: ${messageOf(error)}`);
      return { up: false };
    }
    const [queues, supportWaiting] = await Promise.allSettled([
      withTimeout(this.repository.queueStats(), PROBE_TIMEOUT_MS),
      withTimeout(this.repository.supportRequestsWaitingOver(SUPPORT_WAIT_HOURS), PROBE_TIMEOUT_MS),
    ]);
    return {
      up: true,
      queues: queues.status === 'fulfilled' ? queues.value : undefined,
      supportWaiting: supportWaiting.status === 'fulfilled' ? supportWaiting.value : undefined,
    };
  }
}

/**
 * The period of the cron forms the queues use (jobs/queue-catalogue.ts): every minute, every n
 * minutes, hourly at a minute, daily at a time. Undefined for anything else.
 */
export function cronPeriodSeconds(cron: string): number | undefined {
  const [minute, hour, ...rest] = cron.trim().split(/\s+/);
  if (rest.length !== 3 || rest.some((field) => field !== '*')) return undefined;
  if (hour === '*') {
    if (minute === '*') return 60;
    const every = /^\*\/(\d+)$/.exec(minute);
    if (every) return Number(every[1]) * 60;
    return /^\d+$/.test(minute) ? 3600 : undefined;
  }
  return /^\d+$/.test(minute) && /^\d+$/.test(hour) ? 86_400 : undefined;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
