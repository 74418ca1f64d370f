import { Module } from '@nestjs/common';
import { ApplicantsModule } from '../applicants/applicants.module.js';
import { AuditModule } from '../audit/audit.module.js';
import { MatchingModule } from '../matching/matching.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { PrivacyEraseRepository } from './privacy-erase.repository.js';
import { PrivacyExportRepository } from './privacy-export.repository.js';
import { PrivacyController } from './privacy.controller.js';
import { PrivacyService } from './privacy.service.js';

/** Privacy requests: a person's data exported, or the person erased (docs/privacy.md). */
@Module({
  imports: [ApplicantsModule, AuditModule, MatchingModule, UploadsModule],
  controllers: [PrivacyController],
  providers: [PrivacyExportRepository, PrivacyEraseRepository, PrivacyService],
})
export class PrivacyModule {}
