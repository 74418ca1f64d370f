import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { Mailer, type MailMessage } from './mailer.js';

/** Every SMTP step has a deadline, so a slow mail server cannot hold a request for long. */
const SMTP_TIMEOUTS_MS = { connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 10_000 };

/** The production adapter: any SMTP server, through nodemailer (SMTP_URL, MAIL_FROM). */
export class SmtpMailer extends Mailer {
  readonly destination: string;
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    super();
    const url = new URL(smtpUrl);
    this.destination = `SMTP at ${url.hostname}:${url.port || (url.protocol === 'smtps:' ? 465 : 587)}`;
    this.transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS_MS } as SMTPTransport.Options);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({ from: this.from, ...message });
  }

  close(): void {
    this.transport.close();
  }
}
