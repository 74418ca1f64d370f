import { Module } from '@nestjs/common';
import { AuditLogController } from './audit-log.controller.js';
import { AuditLogRepository } from './audit-log.repository.js';
import { AuditLog } from './audit-log.service.js';

/** The staff's append-only audit log (docs/console.md, "Audit log"): `AuditLog.record` for the modules whose staff actions it keeps. */
@Module({
  controllers: [AuditLogController],
  providers: [AuditLogRepository, AuditLog],
  exports: [AuditLog],
})
export class AuditModule {}
