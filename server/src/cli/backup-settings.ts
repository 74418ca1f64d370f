/** What the backup and restore commands take from the server's own configuration (docs/operations.md, "Backups"). */
import path from 'node:path';
import { AppConfig } from '../config/app-config.js';
import type { FileLocation } from '../database/backup.js';
import { DatabaseLocation } from '../database/database.module.js';

/** The same settings the server reads, so a backup covers the database and folder the server uses. */
export function backupSettings(env: NodeJS.ProcessEnv = process.env): { config: AppConfig; files: FileLocation; backupDir: string } {
  const config = AppConfig.fromEnv(env);
  const files: FileLocation = config.S3_BUCKET
    ? { storage: 's3', bucket: config.S3_BUCKET, prefix: config.S3_PREFIX ?? '', ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}) }
    : { storage: 'local', dir: path.join(config.DATA_DIR, 'uploads') };
  return { config, files, backupDir: env.BACKUP_DIR || path.join(config.DATA_DIR, 'backups') };
}

/**
 * The database's URL: DATABASE_URL, or the embedded PostgreSQL of DATA_DIR, started for the
 * command (stop the server first: one data folder runs one PostgreSQL).
 */
export async function withDatabase<T>(config: AppConfig, work: (url: string) => Promise<T>): Promise<T> {
  const location = new DatabaseLocation(config);
  try {
    return await work(await location.resolve());
  } finally {
    await location.stop();
  }
}

/** Prints a failure as one message (the reason and what to do), without a stack, and exits 1. */
export function fail(error: unknown): never {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
