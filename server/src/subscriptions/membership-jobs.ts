import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { formatDate } from '@scholarmatch/schemas';
import { JobQueue } from '../jobs/job-queue.js';
import { Mailer } from '../mail/mailer.js';
import { PaymentGateway } from '../payments/payment-gateway.js';
import { MembershipsRepository } from './memberships.repository.js';
import { Metrics } from '../metrics/metrics.js';

/** How long before a trial ends its reminder goes out. */
export const TRIAL_REMINDER_DAYS = 2;
const BATCH = 200;

function trialEndsText(firstName: string, title: string, endsAt: Date): string {
  const day = formatDate(endsAt, 'monthFirstPadded', 'UTC');
  return [
    `Hi ${firstName},`,
    '',
    `Your free 7-day membership trial ends on ${day}. After that your ${title} starts and is billed to the card you entered.`,
    'Nothing to do if you want to keep Easy Apply, scholarship details and automatic applications.',
    'To stop before the first payment, cancel any time under Setting > View Subscription Plan > Cancel Subscription.',
  ].join('\n');
}

/**
 * Membership housekeeping on the job queue, each run once across all instances (pg-boss cron):
 * the reminder e-mail two days before a trial ends (by the provider's clock, so the sandbox's
 * advanced clock triggers it too), and expiring cancelled memberships whose period has ended in
 * case the provider's own event about it never came.
 */
@Injectable()
export class MembershipJobs implements OnModuleInit {
  private readonly logger = new Logger('MembershipJobs');

  constructor(
    private readonly memberships: MembershipsRepository,
    private readonly gateway: PaymentGateway,
    private readonly mailer: Mailer,
    private readonly jobs: JobQueue,
    private readonly metrics: Metrics,
  ) {}

  onModuleInit(): void {
    this.jobs.register('membership-trial-reminders', () => this.sendTrialReminders().then(() => undefined), { cron: '*/5 * * * *' });
    this.jobs.register('membership-expiries', () => this.expireEnded().then(() => undefined), { cron: '*/10 * * * *' });
  }

  /**
   * Claims each due reminder before sending it; a failed send gives its claim back for the next
   * run. A trial that has already ended gets none (a late run does not say "ends in 2 days").
   */
  async sendTrialReminders(): Promise<number> {
    const now = await this.gateway.now();
    const before = new Date(now.getTime() + TRIAL_REMINDER_DAYS * 86_400_000);
    let sent = 0;
    for (;;) {
      const due = await this.memberships.claimTrialReminders(now, before, BATCH);
      let failed = 0;
      for (const reminder of due) {
        try {
          await this.mailer.send({ to: reminder.email, subject: 'Your free trial ends in 2 days', text: trialEndsText(reminder.firstName, reminder.title, reminder.trialEndsAt) });
          sent++;
        } catch (error) {
          failed++;
          this.logger.warn({ err: error }, 'trial reminder not sent; retried next run');
          await this.memberships.releaseTrialReminder(reminder.id);
        }
      }
      // A batch that failed stops the run (the mail server is likely down); the next run takes them again.
      if (due.length < BATCH || failed) return sent;
    }
  }

  async expireEnded(): Promise<number> {
    let users = 0;
    for (;;) {
      const batch = await this.memberships.expireEnded(BATCH);
      users += batch.length;
      // One per member whose cancelled memberships ended (a member has one running at a time).
      if (batch.length) this.metrics.membershipTransitions.inc({ to: 'expired' }, batch.length);
      if (batch.length < BATCH) return users;
    }
  }
}
