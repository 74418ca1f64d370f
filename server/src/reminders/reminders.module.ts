import { Module } from '@nestjs/common';
import { InboxModule } from '../inbox/inbox.module.js';
import { RemindersJob } from './reminders.job.js';
import { RemindersRepository } from './reminders.repository.js';

/** Reminders the product sends by itself, through the inbox (docs/automation.md "Reminders"). */
@Module({
  imports: [InboxModule],
  providers: [RemindersRepository, RemindersJob],
})
export class RemindersModule {}
