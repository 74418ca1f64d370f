import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { todayIso } from '@scholarmatch/schemas';
import { AppConfig } from '../config/app-config.js';
import { productSender } from '../inbox/inbox-message.js';
import { InboxService } from '../inbox/inbox.service.js';
import { JobQueue } from '../jobs/job-queue.js';
import { reminderMessage } from './reminder-messages.js';
import { REMINDER_KINDS, type ReminderKind } from './reminder-rules.js';
import { RemindersRepository } from './reminders.repository.js';

export const REMINDERS_QUEUE = 'send-reminders';
/** Reminders recorded and stored per transaction. */
const BATCH = 200;

/**
 * Sends the deadline and closing-soon reminders (docs/automation.md "Reminders"), hourly on the
 * job queue. Each batch records the reminders in `reminders` and stores their inbox messages in
 * one transaction: a crash loses both or neither, and a second run (another instance, a retry)
 * finds them recorded. The e-mail follows from the inbox (InboxMailJob).
 */
@Injectable()
export class RemindersJob implements OnModuleInit {
  private readonly logger = new Logger('Reminders');

  constructor(
    private readonly reminders: RemindersRepository,
    private readonly inbox: InboxService,
    private readonly config: AppConfig,
    @Inject(JobQueue) private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    // Hourly at minute 20 (UTC), away from the sweeps; a failed run is retried, and the next hour catches up anyway.
    this.jobs.register(REMINDERS_QUEUE, async () => void (await this.run()), { cron: '20 * * * *', retryLimit: 2, retryDelaySeconds: 60 });
  }

  /** Sends every reminder due on `today` (a UTC date, YYYY-MM-DD) not sent before; returns how many of each kind went. */
  async run(today: string = todayIso()): Promise<Record<ReminderKind, number>> {
    const sent = Object.fromEntries(REMINDER_KINDS.map((kind) => [kind, 0])) as Record<ReminderKind, number>;
    for (const kind of REMINDER_KINDS) {
      for (;;) {
        const count = await this.sendBatch(kind, today);
        sent[kind] += count;
        // A short batch: nothing more is due, or a concurrent run holds the rest and sends them.
        if (count < BATCH) break;
      }
    }
    if (Object.values(sent).some(Boolean)) this.logger.log({ today, ...sent }, 'reminders sent');
    return sent;
  }

  private sendBatch(kind: ReminderKind, today: string): Promise<number> {
    const sender = productSender(this.config.MAIL_FROM);
    return this.reminders.transaction(async (manager) => {
      const due = await this.reminders.claimDue(manager, kind, today, BATCH);
      await this.inbox.deliverEach(
        due.map((reminder) => ({ userId: reminder.userId, message: { ...sender, ...reminderMessage(kind, reminder, this.config.publicUrl) } })),
        manager,
      );
      return due.length;
    });
  }
}
