import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { Mailer, type MailMessage } from './mailer.js';

/** The address of a MAIL_FROM such as `"ScholarMatch" <noreply@example.org>` or a bare address. */
function addressOf(mailFrom: string): string {
  return /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
}

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
    const { fromName, ...mail } = message;
    await this.transport.sendMail({ from: fromName ? { name: fromName, address: addressOf(this.from) } : this.from, ...mail });
  }

  close(): void {
    this.transport.close();
  }
}
