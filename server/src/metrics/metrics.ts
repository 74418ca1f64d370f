import { Counter, collectDefaultMetrics, Histogram, type Metric, Registry } from 'prom-client';

/** The request histogram's buckets, in seconds (docs/operations.md, "Metrics"). */
export const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** A repository method is usually one round trip: finer at the low end. */
const QUERY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
/** A recomputation takes from milliseconds (a few changed fields) to about a second (everything at scale). */
const RECOMPUTE_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** How an application was sent (docs/applications.md): the label of scholarmatch_applications_submitted_total. */
export type ApplicationChannel = 'form' | 'easy_apply' | 'bulk' | 'automatic';
export type LoginOutcome = 'ok' | 'wrong_password' | 'locked';

/**
 * The server's Prometheus metrics (docs/operations.md, "Metrics"): one registry per application,
 * never prom-client's global one, so several applications in one process (the test suite) keep
 * their own counts. The names are a contract with the alert rules and the dashboard in deploy/:
 * renaming one breaks them. Every label takes values from a fixed set (route templates, queue
 * names, outcomes), never from a request, so the number of series cannot grow with traffic.
 *
 * The counters here are incremented by the features; the gauges read at scrape time (pool,
 * database, queues, support) are in scrape-gauges.ts.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpDuration = new Histogram({
    name: 'http_server_request_duration_seconds',
    help: 'Time from a request arriving to its response being sent, by route template, method and status class.',
    labelNames: ['method', 'route', 'status_class'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  readonly queryDuration = new Histogram({
    name: 'scholarmatch_db_query_duration_seconds',
    help: 'Time a repository method took (its statements and their round trips), by repository and method.',
    labelNames: ['repository', 'method'] as const,
    buckets: QUERY_BUCKETS,
    registers: [this.registry],
  });

  readonly jobsCompleted = this.counter('scholarmatch_queue_jobs_completed_total', 'Jobs this instance ran to completion, by queue.', ['queue']);
  readonly jobsFailed = this.counter('scholarmatch_queue_jobs_failed_total', 'Jobs that failed in this instance with no retry left, by queue.', ['queue']);
  readonly jobsRetried = this.counter('scholarmatch_queue_jobs_retried_total', 'Jobs that failed in this instance and were scheduled to run again, by queue.', ['queue']);

  readonly webhooksReceived = this.counter('scholarmatch_webhooks_received_total', 'Incoming webhooks accepted, by source.', ['source']);
  readonly webhooksRefused = this.counter('scholarmatch_webhooks_refused_total', 'Incoming webhooks refused, by source and reason.', ['source', 'reason']);
  readonly webhookDeliveries = this.counter('scholarmatch_webhook_deliveries_total', "Attempts to deliver an organisation's webhook, by outcome.", ['outcome']);

  readonly logins = this.counter('scholarmatch_logins_total', 'Password logins, by outcome.', ['outcome']);
  readonly membershipTransitions = this.counter('scholarmatch_membership_transitions_total', 'Memberships entering a state, by the state entered.', ['to']);

  readonly recomputeDuration = new Histogram({
    name: 'scholarmatch_match_recompute_duration_seconds',
    help: "Time to bring an applicant's stored matches up to date: full (every scholarship) or incremental (the changed fields' rules).",
    labelNames: ['kind'] as const,
    buckets: RECOMPUTE_BUCKETS,
    registers: [this.registry],
  });

  readonly signups = this.counter('scholarmatch_signups_total', 'Applicant accounts created (form, chat or Google sign-in).', []);
  readonly registrationsCompleted = this.counter('scholarmatch_registrations_completed_total', 'Applicants who completed the registration form for the first time.', []);
  readonly trialsStarted = this.counter('scholarmatch_trials_started_total', 'Membership free trials started.', []);
  readonly applicationsSubmitted = this.counter('scholarmatch_applications_submitted_total', 'Applications submitted, by channel.', ['channel']);

  /** `enabled` false (METRICS_PORT=off): the counters still count, but nothing samples the process or times requests. */
  constructor(readonly enabled = true) {
    // The array holds the metric objects themselves (its declared type is narrower).
    if (enabled) for (const metric of processMetrics().getMetricsAsArray()) this.registry.registerMetric(metric as unknown as Metric);
  }

  login(outcome: LoginOutcome): void {
    this.logins.inc({ outcome });
  }

  applicationSubmitted(channel: ApplicationChannel, count = 1): void {
    if (count > 0) this.applicationsSubmitted.inc({ channel }, count);
  }

  private counter<L extends string>(name: string, help: string, labelNames: L[]): Counter<L> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }
}

let processRegistry: Registry | undefined;

/**
 * prom-client's default metrics (process_*, nodejs_*), made once per process and shared by every
 * application's registry: they describe the process, and each collection starts monitors (event
 * loop delay, garbage collections) that are never stopped, so one per application would pile up
 * in a process that builds many (the test suite).
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** The seconds since `startNs` (process.hrtime.bigint()). */
export function secondsSince(startNs: bigint): number {
  return Number(process.hrtime.bigint() - startNs) / 1e9;
}
