import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { PeriodicSweep } from '../jobs/periodic-sweep.js';
import { FileStorage } from './file-storage.js';
import { UploadedFilesRepository } from './uploaded-files.repository.js';

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
  protected readonly queue = 'sweep-unused-uploads';
  /** Hourly, at minute 5 (UTC). */
  protected readonly cron = '5 * * * *';
  protected readonly lockId = 7_301_001;
  protected readonly batchSize = 500;

  constructor(
    private readonly files: UploadedFilesRepository,
    private readonly storage: FileStorage,
  ) {
    super();
  }

  protected sweepBatch(manager: EntityManager): Promise<string[]> {
    return this.files.deleteUnused(manager, UNUSED_UPLOAD_GRACE_HOURS, this.batchSize);
  }

  /** Rows first, then bytes: a crash in between leaves bytes without a row, never the reverse. */
  protected async afterBatch(storageKeys: string[]): Promise<void> {
    for (const key of storageKeys) await this.storage.delete(key);
  }
}
