/**
 * The families the server serves on its metrics port (docs/operations.md, "Metrics"), besides
 * prom-client's default process and Node.js metrics: the alert rules and the dashboard may name
 * these (scripts/check-operations-metrics.ts), and server/test/metrics.spec.ts checks that a scrape
 * holds every one of them.
 */
export const SERVED_HISTOGRAMS = ['http_server_request_duration_seconds', 'scholarmatch_db_query_duration_seconds', 'scholarmatch_match_recompute_duration_seconds'] as const;

export const SERVED_SERIES = [
  'scholarmatch_db_pool_clients',
  'scholarmatch_database_up',
  'scholarmatch_queue_jobs',
  'scholarmatch_queue_oldest_job_age_seconds',
  'scholarmatch_queue_period_seconds',
  'scholarmatch_queue_jobs_completed_total',
  'scholarmatch_queue_jobs_failed_total',
  'scholarmatch_queue_jobs_retried_total',
  'scholarmatch_webhooks_received_total',
  'scholarmatch_webhooks_refused_total',
  'scholarmatch_webhook_deliveries_total',
  'scholarmatch_logins_total',
  'scholarmatch_membership_transitions_total',
  'scholarmatch_signups_total',
  'scholarmatch_registrations_completed_total',
  'scholarmatch_trials_started_total',
  'scholarmatch_applications_submitted_total',
  'scholarmatch_support_requests_waiting_over_24h',
  'scholarmatch_ready',
  'scholarmatch_process_role_info',
] as const;
