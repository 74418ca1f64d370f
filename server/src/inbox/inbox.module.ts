import { Module } from '@nestjs/common';
import { InboxMailJob, InboxMailListener } from './inbox-mail.job.js';
import { InboxController } from './inbox.controller.js';
import { InboxRepository } from './inbox.repository.js';
import { InboxService } from './inbox.service.js';

/** The inbox (docs/inbox.md): messages from providers and from the product, each also e-mailed. */
@Module({
  controllers: [InboxController],
  providers: [InboxRepository, InboxService, InboxMailJob, InboxMailListener],
  exports: [InboxService],
})
export class InboxModule {}
