import { Module } from '@nestjs/common';
import { FormsModule } from '../forms/forms.module.js';
import { InboxModule } from '../inbox/inbox.module.js';
import { ScholarshipsModule } from '../scholarships/scholarships.module.js';
import { WebhooksModule } from '../webhooks/outbound/webhooks.module.js';
import { ApplicationNotices } from './application-notices.js';
import { ApplicationsController } from './applications.controller.js';
import { ApplicationsRepository } from './applications.repository.js';
import { ApplicationsService } from './applications.service.js';
import { BulkApplyService } from './bulk-apply.service.js';
import { RequirementForms } from './requirement-forms.js';
import { TrackerController } from './tracker.controller.js';
import { TrackerRepository } from './tracker.repository.js';
import { TrackerService } from './tracker.service.js';

/** Requirement forms, drafts, submissions, Easy Apply and bulk apply, and the application tracker (docs/applications.md). */
@Module({
  imports: [FormsModule, ScholarshipsModule, InboxModule, WebhooksModule],
  controllers: [ApplicationsController, TrackerController],
  providers: [ApplicationsRepository, RequirementForms, ApplicationsService, BulkApplyService, ApplicationNotices, TrackerRepository, TrackerService],
  exports: [RequirementForms],
})
export class ApplicationsModule {}
