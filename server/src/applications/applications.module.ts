import { Module } from '@nestjs/common';
import { FormsModule } from '../forms/forms.module.js';
import { ScholarshipsModule } from '../scholarships/scholarships.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { ApplicationsController } from './applications.controller.js';
import { ApplicationsService } from './applications.service.js';
import { BulkApplyService } from './bulk-apply.service.js';
import { RequirementForms } from './requirement-forms.js';

/** Requirement forms, drafts, submissions, Easy Apply and bulk apply (docs/applications.md). */
@Module({
  imports: [FormsModule, ScholarshipsModule, UploadsModule],
  controllers: [ApplicationsController],
  providers: [RequirementForms, ApplicationsService, BulkApplyService],
})
export class ApplicationsModule {}
