import { Module } from '@nestjs/common';
import { FormsModule } from '../forms/forms.module.js';
import { InboxModule } from '../inbox/inbox.module.js';
import { ScholarshipsModule } from '../scholarships/scholarships.module.js';
import { ApplicationNotices } from './application-notices.js';
import { ApplicationsController } from './applications.controller.js';
import { ApplicationsRepository } from './applications.repository.js';
import { ApplicationsService } from './applications.service.js';
import { BulkApplyService } from './bulk-apply.service.js';
import { RequirementForms } from './requirement-forms.js';

/** Requirement forms, drafts, submissions, Easy Apply and bulk apply (docs/applications.md). */
@Module({
  imports: [FormsModule, ScholarshipsModule, InboxModule],
  controllers: [ApplicationsController],
  providers: [ApplicationsRepository, RequirementForms, ApplicationsService, BulkApplyService, ApplicationNotices],
  exports: [RequirementForms],
})
export class ApplicationsModule {}
