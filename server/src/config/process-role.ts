import type { AppConfig } from './app-config.js';

/**
 * The one place that says what a process role runs (docs/operations.md, "Process roles"). Every
 * start of background work asks `runsBackgroundWork`: the job queue's workers, schedules, sweeps
 * and pg-boss maintenance (jobs/pg-boss-job-queue.ts), and the NOTIFY listeners whose only purpose
 * is to wake those workers. Every request passes `servesApi` (health/readiness-gate.ts).
 */
type Role = Pick<AppConfig, 'PROCESS_ROLE'>;

/** Job workers, cron schedules, sweeps and the listeners that nudge them: `worker` and `all`. */
export function runsBackgroundWork(config: Role): boolean {
  return config.PROCESS_ROLE !== 'web';
}

/** The API, the web app and Swagger: `web` and `all` (a worker answers only its health routes). */
export function servesApi(config: Role): boolean {
  return config.PROCESS_ROLE !== 'worker';
}
