import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuditEntry, AuditFilter, AuditRecord } from './audit-entry.js';
import { AuditLogRepository } from './audit-log.repository.js';

/**
 * The staff's audit log (docs/console.md, "Audit log"). A service that changes something on a
 * staff member's behalf records it here, handing over its transaction: the change and its row
 * commit together or not at all.
 */
@Injectable()
export class AuditLog {
  constructor(private readonly rows: AuditLogRepository) {}

  /** Records one staff action, in `transaction` when the change runs in one (it should). */
  record(entry: AuditEntry, transaction?: EntityManager): Promise<void> {
    return this.rows.insert(entry, transaction);
  }

  /** Newest first. */
  list(filter: AuditFilter, offset: number, limit: number): Promise<{ rows: AuditRecord[]; total: number }> {
    return this.rows.page(filter, offset, limit);
  }
}
