import { Global, Module, type OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../config/app-config.js';
import { MailOutboxController } from './mail-outbox.controller.js';
import { MailOutboxRepository } from './mail-outbox.repository.js';
import { Mailer } from './mailer.js';
import { OutboxMailer, OutboxReader } from './outbox-mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

@Global()
@Module({
  controllers: [MailOutboxController],
  providers: [
    MailOutboxRepository,
    OutboxMailer,
    OutboxReader,
    {
      provide: Mailer,
      inject: [AppConfig, OutboxMailer],
      useFactory: (config: AppConfig, outbox: OutboxMailer): Mailer =>
        config.SMTP_URL ? new SmtpMailer(config.SMTP_URL, config.MAIL_FROM) : outbox,
    },
  ],
  exports: [Mailer],
})
export class MailModule implements OnApplicationShutdown {
  constructor(private readonly mailer: Mailer) {}

  onApplicationShutdown(): void {
    if (this.mailer instanceof SmtpMailer) this.mailer.close();
  }
}
