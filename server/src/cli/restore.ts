/**
 * `npm run restore -- <backup folder> --yes`: empties the database, restores the backup's
 * archive into it, and replaces the local uploads folder with the backup's files. Stop every
 * server process first. docs/operations.md, "Backups".
 */
import { readManifest, restore } from '../database/backup.js';
import { backupSettings, fail, withDatabase } from './backup-settings.js';

const args = process.argv.slice(2);
const dir = args.find((arg) => !arg.startsWith('--'));
const confirmed = args.includes('--yes');

try {
  if (!dir) throw new Error('Usage: npm run restore -- <backup folder> --yes');
  const manifest = await readManifest(dir);
  const { config, files } = backupSettings();
  const target = config.DATABASE_URL ? new URL(config.DATABASE_URL) : undefined;
  const targetName = target ? `${target.pathname.slice(1)} on ${target.host}` : `the embedded database in ${config.DATA_DIR}`;
  if (!confirmed) {
    throw new Error(
      `This drops everything in ${targetName}${files.storage === 'local' ? ` and in ${files.dir}` : ''}, then restores the backup of ` +
        `${manifest.createdAt} (database ${manifest.database.name}, last migration ${manifest.database.lastMigration ?? 'none'}).\n` +
        'Stop every server process first, then run it again with --yes.',
    );
  }
  const report = await withDatabase(config, (databaseUrl) => restore({ databaseUrl, files, dir }));
  process.stdout.write(
    `restored ${dir} into ${targetName} (dropped schemas: ${report.droppedSchemas.join(', ') || 'none'})\n` +
      ('note' in report.files ? `  ${report.files.note}\n` : `  ${report.files.restored} uploaded file(s) restored\n`),
  );
} catch (error) {
  fail(error);
}
