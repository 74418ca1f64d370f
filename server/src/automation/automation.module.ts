import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../applications/applications.module.js';
import { ScholarshipsModule } from '../scholarships/scholarships.module.js';
import { AutoApplySettings } from './auto-apply-settings.js';
import { AutoApplyController } from './auto-apply.controller.js';
import { AutoApplyJob, AutoApplyListener } from './auto-apply.job.js';
import { AutoApplyRepository } from './auto-apply.repository.js';
import { RecurringCyclesJob } from './recurring-cycles.job.js';
import { RecurringCyclesRepository } from './recurring-cycles.repository.js';

/** What the product does on its own (docs/automation.md): automatic application, recurring scholarships' cycles. */
@Module({
  imports: [ApplicationsModule, ScholarshipsModule],
  controllers: [AutoApplyController],
  providers: [AutoApplyRepository, AutoApplySettings, AutoApplyJob, AutoApplyListener, RecurringCyclesRepository, RecurringCyclesJob],
  exports: [AutoApplyJob, RecurringCyclesJob],
})
export class AutomationModule {}
