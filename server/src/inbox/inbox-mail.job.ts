import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { DatabaseLocation } from '../database/database.module.js';
import { NotificationListener } from '../database/notification-listener.js';
import { JobQueue } from '../jobs/job-queue.js';
import { Mailer, type MailMessage } from '../mail/mailer.js';
import { INBOX_MAIL_CHANNEL, InboxRepository, type PendingMail } from './inbox.repository.js';
import { runsBackgroundWork } from '../config/process-role.js';

export const INBOX_MAIL_QUEUE = 'send-inbox-mail';
/** Messages claimed per round; a run goes on until none is left. */
const BATCH = 200;
/** Sends in flight at once (an SMTP server takes a few at a time). */
const PARALLEL_SENDS = 8;

/**
 * The e-mail of an inbox message: from the sender's name (the organisation, or the product) at the
 * product's address, its subject and body, and where to read it in the product. A provider's
 * message of a conversation links to the message itself, where the applicant can reply.
 */
export function inboxMail(message: PendingMail, publicUrl: string): MailMessage {
  const link = message.conversation ? `${publicUrl}/auth/message?id=${message.id}` : `${publicUrl}/auth/dashboard/inbox`;
  const invitation = message.conversation ? 'Read it and reply in your inbox' : 'Read it in your inbox';
  return {
    to: message.to,
    fromName: message.fromName,
    subject: message.subject,
    text: `${message.bodyText}\n\n${invitation}: ${link}`,
    html: `${message.bodyHtml}<p><a href="${link}">${invitation}</a></p>`,
  };
}

/**
 * Sends the e-mail of every stored inbox message once (docs/inbox.md). Queued by the NOTIFY of each
 * delivery (at the sender's commit, so the rows are there) and every minute as a safety net; a
 * failed send gives its message back for the next run.
 */
@Injectable()
export class InboxMailJob implements OnModuleInit {
  private readonly logger = new Logger('InboxMail');

  constructor(
    private readonly messages: InboxRepository,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
    @Inject(JobQueue) private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.register(INBOX_MAIL_QUEUE, async () => void (await this.run()), { cron: '* * * * *', retryLimit: 5, retryDelaySeconds: 5 });
  }

  /** Sends what is pending; returns how many went out. */
  async run(): Promise<number> {
    const publicUrl = this.config.publicUrl;
    let sent = 0;
    for (;;) {
      const batch = await this.messages.claimPendingMail(BATCH);
      if (!batch.length) return sent;
      sent += await this.sendBatch(batch, publicUrl);
      if (sent === 0) return 0; // every send failed: the mail port is down, the next run retries
    }
  }

  private async sendBatch(batch: PendingMail[], publicUrl: string): Promise<number> {
    const done: string[] = [];
    const failed: string[] = [];
    for (let start = 0; start < batch.length; start += PARALLEL_SENDS) {
      const slice = batch.slice(start, start + PARALLEL_SENDS);
      const outcomes = await Promise.allSettled(slice.map((message) => this.mailer.send(inboxMail(message, publicUrl))));
      outcomes.forEach((outcome, index) => (outcome.status === 'fulfilled' ? done : failed).push(slice[index].id));
    }
    await this.messages.markEmailed(done);
    await this.messages.releaseClaims(failed);
    if (failed.length) this.logger.warn(`${failed.length} inbox e-mails could not be sent; the next run tries again`);
    return done.length;
  }

  queue(): Promise<void> {
    return this.jobs.nudge(INBOX_MAIL_QUEUE, this.logger);
  }
}

/** Queues the mail job when a delivery commits (and on every (re)connect, for what was missed). */
@Injectable()
export class InboxMailListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly listener: NotificationListener;

  constructor(
    location: DatabaseLocation,
    job: InboxMailJob,
    private readonly config: AppConfig,
  ) {
    const queue = () => void job.queue();
    this.listener = new NotificationListener(location, INBOX_MAIL_CHANNEL, new Logger(InboxMailListener.name), { onNotification: queue, onConnected: queue });
  }

  async onApplicationBootstrap(): Promise<void> {
    // It only wakes the workers: in a `web` process there are none (config/process-role.ts).
    if (runsBackgroundWork(this.config)) await this.listener.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.listener.stop();
  }
}
