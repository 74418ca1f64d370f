/**
 * Every queue the server registers on the job queue, with when it runs and what it does: the one
 * place docs/operations.md "Jobs" is written from (`npm run docs:jobs`; `npm run lint:docs` fails
 * when the table is stale). server/test/jobs.spec.ts checks that the queues a started server
 * declares, and their crons, are exactly these.
 */
export interface QueueEntry {
  name: string;
  /** Its cron (UTC), when it has one: the same expression its register() call passes. */
  cron?: string;
  /** What else queues it (a NOTIFY, a request), or "on demand". */
  trigger?: string;
  what: string;
}

export const QUEUE_CATALOGUE: readonly QueueEntry[] = [
  { name: 'sweep-unused-uploads', cron: '5 * * * *', what: 'uploads nothing refers to, a day after they were made' },
  { name: 'sweep-stale-matches', cron: '15 * * * *', what: 'stored matches of applicants idle for 14 days' },
  { name: 'sweep-rate-limit-counters', cron: '25 * * * *', what: 'rate-limit counters of windows long over (docs/security.md "Rate limits")' },
  { name: 'sweep-idempotency-keys', cron: '35 * * * *', what: 'idempotency keys older than a day (docs/api.md "Idempotent requests")' },
  { name: 'sweep-chat-sessions', cron: '45 * * * *', what: 'chat sessions nobody answered for their lifetime, with their sealed answers (docs/chat.md "Sessions")' },
  { name: 'sweep-social-sign-ins', cron: '50 * * * *', what: 'Google sign-ins started and never finished (they expire after 10 minutes)' },
  { name: 'send-reminders', cron: '20 * * * *', what: 'deadline and closing-soon reminders, once each (docs/automation.md "Reminders")' },
  {
    name: 'apply-match-changes',
    cron: '* * * * *',
    trigger: 'on `NOTIFY match_catalogue_changed`',
    what: "a scholarship's publish, close or change applied to every applicant's stored matches (docs/matching.md \"When the catalogue changes\")",
  },
  {
    name: 'judge-review-eligibility',
    cron: '* * * * *',
    trigger: "when a review list finds a scholarship's whole judgement due",
    what: "the eligibility of the submitted applications of every scholarship whose rules changed, once a day, and of applications not judged yet (docs/review.md \"Eligibility\")",
  },
  { name: 'auto-apply', cron: '* * * * *', trigger: 'on `NOTIFY auto_apply_due`', what: "members' automatic applications (docs/automation.md \"Automatic application\")" },
  {
    name: 'open-recurring-cycles',
    cron: '7 * * * *',
    what: "the next cycle of yearly scholarships whose deadline has passed, and last cycle's applicants' drafts (docs/automation.md \"Recurring scholarships\")",
  },
  {
    name: 'send-status-messages',
    cron: '* * * * *',
    trigger: '`STATUS_MESSAGE_DELAY_SECONDS` (+1 s) after each provider status move',
    what: "the applicant's message of every status move that is due and was not undone (docs/review.md \"Status\")",
  },
  { name: 'send-inbox-mail', cron: '* * * * *', trigger: "on the NOTIFY of each delivery, at the sender's commit", what: 'the e-mail of every stored inbox message, once (docs/inbox.md)' },
  {
    name: 'deliver-webhooks',
    cron: '* * * * *',
    trigger: "on the NOTIFY of a cause that queued deliveries, at its commit, and when the next retry is due within a minute",
    what: "organisations' webhook deliveries that are due: signed POSTs, retried for 3 days, endpoints failing that long disabled (docs/webhooks.md)",
  },
  { name: 'send-support-mail', cron: '* * * * *', trigger: "after each request and each answer to a guest", what: 'support requests and contact messages to the support desk, and answers to guests (docs/support.md)' },
  {
    name: 'membership-trial-reminders',
    cron: '*/5 * * * *',
    what:
      'e-mails "Your free trial ends in 2 days" two days before a trial ends, by the provider\'s clock, not after it has ended; once per subscription (the row is claimed before sending and released if the mail fails)',
  },
  { name: 'membership-expiries', cron: '*/10 * * * *', what: 'cancelled memberships past their period end become expired' },
  { name: 'payment-event-retry', trigger: 'on demand', what: 'applies a stored payment event that failed, with backoff (docs/payments.md "Webhooks")' },
  { name: 'payment-event-sweep', cron: '*/5 * * * *', what: 'retries payment events still waiting after a minute (a safety net should a retry job never have been queued)' },
  { name: 'membership-cancel-second', trigger: 'on demand', what: 'cancels a second subscription started while another renews (docs/payments.md)' },
  {
    name: 'membership-trial-check',
    trigger: 'on demand, for each new trial',
    what: 'ends at once a trial its person (or, with Stripe, its card) had already (docs/payments.md "One free trial")',
  },
  { name: 'sandbox-clock', cron: '* * * * *', what: "sandbox only: the sandbox's trial ends, renewals, retries and ends; deliveries still pending after 30 s are tried again" },
  { name: 'sandbox-webhook-delivery', trigger: 'on demand', what: 'sandbox only: delivers each sandbox event until the endpoint accepts it (10 tries, backoff)' },
];

/** A cron of the forms the queues use, in words: every minute, every n minutes, hourly at :mm. */
export function cronInWords(cron: string): string {
  const [minute, ...rest] = cron.split(' ');
  if (rest.some((field) => field !== '*')) return `cron \`${cron}\``;
  if (minute === '*') return 'every minute';
  const every = /^\*\/(\d+)$/.exec(minute);
  if (every) return `every ${every[1]} minutes`;
  return /^\d+$/.test(minute) ? `hourly at :${minute.padStart(2, '0')}` : `cron \`${cron}\``;
}

/** When a queue runs, as the table says it. */
export function whenItRuns(entry: QueueEntry): string {
  if (!entry.cron) return entry.trigger ?? '';
  const scheduled = cronInWords(entry.cron);
  return entry.trigger ? `${entry.trigger}, and ${scheduled}` : scheduled;
}

/** The Markdown table of docs/operations.md "Jobs". */
export function queueTable(): string {
  const rows = QUEUE_CATALOGUE.map((entry) => `| \`${entry.name}\` | ${whenItRuns(entry)} | ${entry.what} |`);
  return ['| queue | when | what |', '|---|---|---|', ...rows].join('\n');
}
