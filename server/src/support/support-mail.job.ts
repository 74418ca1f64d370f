import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { escapeHtml, htmlToText } from '@scholarmatch/schemas/html';
import { AppConfig } from '../config/app-config.js';
import { JobQueue } from '../jobs/job-queue.js';
import { messageOf } from '../common/error-message.js';
import { Mailer, type MailMessage } from '../mail/mailer.js';
import { SupportRepository, type PendingSupportMail } from './support.repository.js';

export const SUPPORT_MAIL_QUEUE = 'send-support-mail';
const BATCH = 50;

/** The staff's copy of a request, with everything the person wrote and how to reach them. */
export function staffMail(request: PendingSupportMail, to: string): MailMessage {
  const lines = [
    `From: ${request.name} <${request.email}>${request.phone ? `, phone ${request.phone}` : ''}`,
    ...(request.query ? [`Query: ${request.query}`] : []),
    '',
    request.description,
    ...Object.entries(request.answers).map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`),
  ];
  const subject = request.kind === 'support' ? `Support request: ${request.query}` : `Contact message from ${request.email}`;
  return { to, subject, text: lines.join('\n'), html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') };
}

/** A guest's answer (someone without an account wrote through the contact form). */
export function answerMail(request: PendingSupportMail): MailMessage {
  return {
    to: request.email,
    subject: 'Re: your message to ScholarMatch',
    text: `${htmlToText(request.answerHtml ?? '')}\n\n— ScholarMatch Support`,
    html: `${request.answerHtml ?? ''}<p>— ScholarMatch Support</p>`,
  };
}

/**
 * Sends what the support desk owes by e-mail (docs/support.md): each request to the staff's
 * address (SUPPORT_EMAIL) once, and each answer to a guest once. Queued when a request is stored
 * or answered, and every minute as a safety net; a failed send is given back for the next run.
 */
@Injectable()
export class SupportMailJob implements OnModuleInit {
  private readonly logger = new Logger('SupportMail');

  constructor(
    private readonly requests: SupportRepository,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
    @Inject(JobQueue) private readonly jobs: JobQueue,
  ) {}

  onModuleInit(): void {
    this.jobs.register(SUPPORT_MAIL_QUEUE, async () => void (await this.run()), { cron: '* * * * *', retryLimit: 5, retryDelaySeconds: 5 });
  }

  /** Sends what is pending; returns how many went out. */
  async run(): Promise<number> {
    let sent = 0;
    for (;;) {
      const batch = await this.requests.claimPendingMail(BATCH);
      if (!batch.length) return sent;
      let sentNow = 0;
      for (const pending of batch) {
        try {
          await this.mailer.send(pending.mail === 'staff' ? staffMail(pending, this.config.SUPPORT_EMAIL) : answerMail(pending));
          await this.requests.markEmailed(pending);
          sentNow += 1;
        } catch (error) {
          this.logger.warn(`a support e-mail could not be sent (${messageOf(error)}); the next run tries again`);
          await this.requests.releaseClaim(pending.id);
        }
      }
      sent += sentNow;
      if (sentNow === 0) return sent; // the mail port is down: the next run retries
    }
  }

  queue(): Promise<void> {
    return this.jobs.nudge(SUPPORT_MAIL_QUEUE, this.logger);
  }
}
