import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../applications/applications.module.js';
import { ScholarshipsModule } from '../scholarships/scholarships.module.js';
import { AutoApplyController, AutoApplySettings } from './auto-apply.controller.js';
import { AutoApplyJob, AutoApplyListener } from './auto-apply.job.js';
import { AutoApplyRepository } from './auto-apply.repository.js';

/** What the product does on its own for applicants (docs/automation.md): automatic application. */
@Module({
  imports: [ApplicationsModule, ScholarshipsModule],
  controllers: [AutoApplyController],
  providers: [AutoApplyRepository, AutoApplySettings, AutoApplyJob, AutoApplyListener],
  exports: [AutoApplyJob],
})
export class AutomationModule {}
