import { Injectable } from '@nestjs/common';
import { MailOutboxRepository, type OutboxMessage } from './mail-outbox.repository.js';
import { Mailer, type MailMessage } from './mailer.js';

/** The embedded default: messages are stored in `mail_outbox` for an admin (and the tests) to read. */
@Injectable()
export class OutboxMailer extends Mailer {
  readonly destination = 'the stored outbox (GET /api/v1/admin/mail-outbox as an admin)';

  constructor(private readonly outbox: MailOutboxRepository) {
    super();
  }

  async send(message: MailMessage): Promise<void> {
    await this.outbox.add(message);
  }
}

/** Reads the outbox, newest first (also when SMTP is configured: it then holds what was stored before). */
@Injectable()
export class OutboxReader {
  constructor(private readonly outbox: MailOutboxRepository) {}

  latest(options: { to?: string; search?: string; limit: number }): Promise<OutboxMessage[]> {
    return this.outbox.findLatest(options);
  }
}
