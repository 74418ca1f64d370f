import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { FormsModule } from '../forms/forms.module.js';
import { InboxModule } from '../inbox/inbox.module.js';
import { UsersModule } from '../users/users.module.js';
import { SupportController } from './support.controller.js';
import { SupportMailJob } from './support-mail.job.js';
import { SupportRepository } from './support.repository.js';
import { SupportService } from './support.service.js';

/** Support requests and contact messages, and the admins' answers (docs/support.md). */
@Module({
  imports: [FormsModule, UsersModule, InboxModule, AuditModule],
  controllers: [SupportController],
  providers: [SupportRepository, SupportService, SupportMailJob],
})
export class SupportModule {}
