import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { FileStorage } from './file-storage.js';

/** How long an upload may wait to be used in an application or the profile. */
export const UNUSED_UPLOAD_GRACE_HOURS = 24;
const EVERY_HOUR_MS = 60 * 60_000;
const FIRST_RUN_AFTER_MS = 5 * 60_000;
const BATCH = 500;
/** One instance sweeps at a time (pg_try_advisory_xact_lock); the others skip that round. */
const JANITOR_LOCK = 7_301_001;

/**
 * Removes uploads that nothing refers to a day after they were made: a file picked and then
 * replaced, or uploaded for an application never saved. They would otherwise fill the disk and the
 * owner's quota. A file is in use while its address appears in one of its owner's applications
 * (answers, drafts included) or in the owner's profile.
 */
@Injectable()
export class UploadsJanitor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(UploadsJanitor.name);
  private timers: NodeJS.Timeout[] = [];

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: FileStorage,
  ) {}

  onApplicationBootstrap(): void {
    const sweep = () => void this.sweep().catch((error: unknown) => this.logger.warn({ err: error }, 'unused uploads sweep failed'));
    this.timers = [setTimeout(sweep, FIRST_RUN_AFTER_MS), setInterval(sweep, EVERY_HOUR_MS)];
    for (const timer of this.timers) timer.unref();
  }

  onApplicationShutdown(): void {
    for (const timer of this.timers) clearTimeout(timer);
  }

  /** Removes every unused upload older than the grace period; returns how many went. */
  async sweep(graceHours = UNUSED_UPLOAD_GRACE_HOURS): Promise<number> {
    let removed = 0;
    for (;;) {
      const keys = await this.removeBatch(graceHours);
      if (keys === null) return removed;
      // Rows first, then bytes: a crash in between leaves bytes without a row, never the reverse.
      for (const key of keys) await this.storage.delete(key);
      removed += keys.length;
      if (keys.length < BATCH) {
        if (removed) this.logger.log({ removed }, 'unused uploads removed');
        return removed;
      }
    }
  }

  /** One batch of rows deleted; null when another instance holds the sweep. */
  private removeBatch(graceHours: number): Promise<string[] | null> {
    return this.db.transaction(async (manager) => {
      const [{ locked }] = (await manager.query(`SELECT pg_try_advisory_xact_lock($1) AS locked`, [JANITOR_LOCK])) as { locked: boolean }[];
      if (!locked) return null;
      const rows = (await manager.query(
        `DELETE FROM uploaded_files f
          WHERE f.id IN (
            SELECT u.id FROM uploaded_files u
             WHERE u.created_at < now() - make_interval(hours => $1)
               AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.user_id = u.owner_id AND strpos(a.answers::text, u.id::text) > 0)
               AND NOT EXISTS (SELECT 1 FROM users p WHERE p.id = u.owner_id AND strpos(p.profile::text, u.id::text) > 0)
             LIMIT $2)
          RETURNING f.storage_key`,
        [graceHours, BATCH],
      )) as [{ storage_key: string }[], number] | { storage_key: string }[];
      // TypeORM's pg driver answers DELETE … RETURNING as [rows, count].
      const list = Array.isArray(rows[0]) ? (rows as [{ storage_key: string }[], number])[0] : (rows as { storage_key: string }[]);
      return list.map((row) => row.storage_key);
    });
  }
}
