import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { FormsModule } from '../forms/forms.module.js';
import { InboxModule } from '../inbox/inbox.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { UsersModule } from '../users/users.module.js';
import { SupportController } from './support.controller.js';
import { SupportMailJob } from './support-mail.job.js';
import { SupportQueueController } from './support-queue.controller.js';
import { SupportQueueRepository } from './support-queue.repository.js';
import { SupportQueueService } from './support-queue.service.js';
import { SupportRepository } from './support.repository.js';
import { SupportService } from './support.service.js';

/** Support requests and contact messages, and the staff's queue and answers (docs/support.md, docs/console.md). */
@Module({
  imports: [FormsModule, UsersModule, InboxModule, SubscriptionsModule, AuditModule],
  controllers: [SupportController, SupportQueueController],
  providers: [SupportRepository, SupportService, SupportMailJob, SupportQueueRepository, SupportQueueService],
})
export class SupportModule {}
