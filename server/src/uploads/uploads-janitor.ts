import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { deletedRows, PeriodicSweep } from '../jobs/periodic-sweep.js';
import { FileStorage } from './file-storage.js';

/** How long an upload may wait to be used in an application or the profile. */
export const UNUSED_UPLOAD_GRACE_HOURS = 24;

/**
 * Removes uploads that nothing refers to a day after they were made: a file picked and then
 * replaced, or uploaded for an application never saved. They would otherwise fill the disk and the
 * owner's quota. A file is in use while its address appears in one of its owner's applications
 * (answers, drafts included) or in the owner's profile. Hourly, 500 at a time.
 */
@Injectable()
export class UploadsJanitor extends PeriodicSweep<string> {
  protected readonly name = 'unused uploads';
  protected readonly schedule = { everyMs: 60 * 60_000, firstAfterMs: 5 * 60_000 };
  protected readonly lockId = 7_301_001;
  protected readonly batchSize = 500;

  constructor(
    @InjectDataSource() db: DataSource,
    private readonly storage: FileStorage,
  ) {
    super(db);
  }

  protected async sweepBatch(manager: EntityManager): Promise<string[]> {
    const result = await manager.query(
      `DELETE FROM uploaded_files f
        WHERE f.id IN (
          SELECT u.id FROM uploaded_files u
           WHERE u.created_at < now() - make_interval(hours => $1)
             AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.user_id = u.owner_id AND strpos(a.answers::text, u.id::text) > 0)
             AND NOT EXISTS (SELECT 1 FROM users p WHERE p.id = u.owner_id AND strpos(p.profile::text, u.id::text) > 0)
           LIMIT $2)
        RETURNING f.storage_key`,
      [UNUSED_UPLOAD_GRACE_HOURS, this.batchSize],
    );
    return deletedRows<{ storage_key: string }>(result).map((row) => row.storage_key);
  }

  /** Rows first, then bytes: a crash in between leaves bytes without a row, never the reverse. */
  protected async afterBatch(storageKeys: string[]): Promise<void> {
    for (const key of storageKeys) await this.storage.delete(key);
  }
}
