/**
 * `npm run backup`: the database (pg_dump, custom format) and the local uploads, into
 * BACKUP_DIR/scholarmatch-<UTC time>/ (BACKUP_DIR defaults to DATA_DIR/backups). docs/operations.md, "Backups".
 */
import { backup } from '../database/backup.js';
import { backupSettings, fail, withDatabase } from './backup-settings.js';

try {
  const { config, files, backupDir } = backupSettings();
  const { dir, manifest } = await withDatabase(config, (databaseUrl) => backup({ databaseUrl, files, outDir: backupDir }));
  const uploads =
    manifest.uploads.storage === 'local'
      ? `${manifest.uploads.files} uploaded file(s), ${manifest.uploads.bytes} bytes`
      : `no files: they are in s3://${manifest.uploads.bucket}/${manifest.uploads.prefix} (see ${manifest.uploads.note})`;
  process.stdout.write(
    `backup written to ${dir}\n  database ${manifest.database.name} (PostgreSQL ${manifest.database.serverVersion}, last migration ${manifest.database.lastMigration ?? 'none'}): ` +
      `${manifest.database.bytes} bytes, sha256 ${manifest.database.sha256}\n  ${uploads}\n`,
  );
} catch (error) {
  fail(error);
}
