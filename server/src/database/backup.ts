/**
 * Backups and restores of one deployment (docs/operations.md, "Backups"): the database as a
 * pg_dump archive in custom format, and the uploaded files when they are on local disk, in one
 * timestamped folder with a manifest. With files in S3 the folder says where they are instead:
 * a bucket is backed up by its own versioning or replication, not copied through this server.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { chmod, cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkToolVersion, describeServer, findTool, runTool, wipeDatabase } from './postgres-tools.js';

export const MANIFEST = 'manifest.json';
export const DATABASE_ARCHIVE = 'database.dump';
export const UPLOADS_FOLDER = 'uploads';
export const S3_NOTE = 'UPLOADS-IN-S3.txt';

/** Where the deployment keeps its files: a local folder, or a bucket (then nothing to copy). */
export type FileLocation = { storage: 'local'; dir: string } | { storage: 's3'; bucket: string; prefix: string; endpoint?: string };

export interface BackupManifest {
  format: 1;
  createdAt: string;
  database: {
    name: string;
    serverVersion: string;
    pgDumpMajor: number;
    lastMigration: string | null;
    file: string;
    bytes: number;
    sha256: string;
  };
  uploads: { storage: 'local'; folder: string; files: number; bytes: number } | { storage: 's3'; bucket: string; prefix: string; endpoint?: string; note: string };
}

/** 2026-11-28T17:04:05.123Z -> 20261128T170405Z: sorts by time, and is safe in any file system. */
export function backupStamp(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Files and bytes under `dir` (0 and 0 when it does not exist). */
async function measure(dir: string): Promise<{ files: number; bytes: number }> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  let bytes = 0;
  let files = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    files += 1;
    bytes += (await stat(path.join(entry.parentPath, entry.name))).size;
  }
  return { files, bytes };
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

/** The sentence a backup of a deployment with files in S3 carries instead of them. */
function s3Note(files: Extract<FileLocation, { storage: 's3' }>, at: Date): string {
  const where = `s3://${files.bucket}/${files.prefix}${files.endpoint ? ` at ${files.endpoint}` : ''}`;
  return (
    `The uploaded files of this deployment are in ${where}, not in this backup. ` +
    'Keep them with the bucket\'s own versioning and replication to another region or account ' +
    '(docs/operations.md, "Backups"); a restore of this database expects the objects of that bucket as they were at ' +
    `${at.toISOString()}.\n`
  );
}

/**
 * Writes one backup into `outDir`/scholarmatch-<stamp>/ and answers its folder. The database
 * first, then the files: a file uploaded meanwhile is copied without its row (the unused-uploads
 * sweep removes it after a restore), which is better than a row without its file. The folder is
 * written under a `.partial` name and renamed at the end, so a folder with the final name is whole.
 */
export async function backup(options: { databaseUrl: string; files: FileLocation; outDir: string; at?: Date; env?: NodeJS.ProcessEnv }): Promise<{ dir: string; manifest: BackupManifest }> {
  const server = await describeServer(options.databaseUrl);
  const pgDump = await findTool('pg_dump', server.major, options.env);
  checkToolVersion('pg_dump', pgDump, { major: server.major, what: `this PostgreSQL ${server.major} server` });

  const at = options.at ?? new Date();
  const name = `scholarmatch-${backupStamp(at)}`;
  const dir = path.join(options.outDir, name);
  const partial = `${dir}.partial`;
  if (await exists(dir)) throw new Error(`${dir} exists already`);
  await mkdir(options.outDir, { recursive: true, mode: 0o700 });
  await rm(partial, { recursive: true, force: true });
  await mkdir(partial, { mode: 0o700 });
  try {
    const archive = path.join(partial, DATABASE_ARCHIVE);
    await runTool(pgDump.path, ['--format=custom', '--compress=6', `--file=${archive}`], options.databaseUrl);
    await chmod(archive, 0o600);

    let uploads: BackupManifest['uploads'];
    if (options.files.storage === 'local') {
      if (await exists(options.files.dir)) {
        await cp(options.files.dir, path.join(partial, UPLOADS_FOLDER), { recursive: true, preserveTimestamps: true });
      } else {
        await mkdir(path.join(partial, UPLOADS_FOLDER), { mode: 0o700 });
      }
      uploads = { storage: 'local', folder: UPLOADS_FOLDER, ...(await measure(path.join(partial, UPLOADS_FOLDER))) };
    } else {
      const note = s3Note(options.files, at);
      await writeFile(path.join(partial, S3_NOTE), note, { mode: 0o600 });
      const { bucket, prefix, endpoint } = options.files;
      uploads = { storage: 's3', bucket, prefix, ...(endpoint ? { endpoint } : {}), note: S3_NOTE };
    }

    const manifest: BackupManifest = {
      format: 1,
      createdAt: at.toISOString(),
      database: {
        name: server.database,
        serverVersion: server.version,
        pgDumpMajor: pgDump.major,
        lastMigration: server.lastMigration,
        file: DATABASE_ARCHIVE,
        bytes: (await stat(archive)).size,
        sha256: await sha256Of(archive),
      },
      uploads,
    };
    await writeFile(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    await rename(partial, dir);
    return { dir, manifest };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const text = await readFile(path.join(dir, MANIFEST), 'utf8').catch(() => {
    throw new Error(`${dir} is not a backup: it has no ${MANIFEST} (an unfinished backup keeps a .partial name)`);
  });
  const manifest = JSON.parse(text) as BackupManifest;
  if (manifest.format !== 1) throw new Error(`${dir}: unknown backup format ${String(manifest.format)}`);
  return manifest;
}

/** What a restore did, and what it left for the operator. */
export interface RestoreReport {
  droppedSchemas: string[];
  files: { restored: number } | { restored: 0; note: string };
}

/**
 * Replaces the database at `databaseUrl` with the backup in `dir`, and the local files folder
 * with the backup's files. Everything in the target database is dropped first (stop the
 * servers before); the archive is checked against the manifest's checksum before anything is
 * touched. Objects are restored owned by the connecting role, without the source's grants.
 */
export async function restore(options: { databaseUrl: string; files: FileLocation; dir: string; env?: NodeJS.ProcessEnv }): Promise<RestoreReport> {
  const manifest = await readManifest(options.dir);
  const archive = path.join(options.dir, manifest.database.file);
  if ((await sha256Of(archive)) !== manifest.database.sha256) {
    throw new Error(`${archive} does not match the checksum in ${MANIFEST}: the copy is damaged or incomplete`);
  }
  const server = await describeServer(options.databaseUrl);
  const required = Math.max(manifest.database.pgDumpMajor, server.major);
  const pgRestore = await findTool('pg_restore', required, options.env);
  checkToolVersion('pg_restore', pgRestore, { major: required, what: `an archive of pg_dump ${manifest.database.pgDumpMajor} into a PostgreSQL ${server.major} server` });
  const backupFiles = manifest.uploads;
  if (backupFiles.storage === 'local' && options.files.storage === 'local' && path.resolve(options.files.dir).startsWith(path.resolve(options.dir))) {
    throw new Error('The files folder to restore into lies inside the backup');
  }

  const droppedSchemas = await wipeDatabase(options.databaseUrl);
  await runTool(pgRestore.path, ['--no-owner', '--no-acl', '--single-transaction', '--exit-on-error', '--clean', '--if-exists', archive], options.databaseUrl);

  if (backupFiles.storage === 's3') {
    return { droppedSchemas, files: { restored: 0, note: `The backup holds no files: they are in s3://${backupFiles.bucket}/${backupFiles.prefix} (${backupFiles.note}).` } };
  }
  const source = path.join(options.dir, backupFiles.folder);
  if (options.files.storage === 's3') {
    return {
      droppedSchemas,
      files: {
        restored: 0,
        note: `The backup's ${backupFiles.files} file(s) are in ${source}, and this deployment keeps files in s3://${options.files.bucket}/${options.files.prefix}: copy each <xx>/<id> there as <prefix><id> (docs/operations.md, "Uploaded files").`,
      },
    };
  }
  await rm(options.files.dir, { recursive: true, force: true });
  await mkdir(path.dirname(options.files.dir), { recursive: true });
  await cp(source, options.files.dir, { recursive: true, preserveTimestamps: true });
  await chmod(options.files.dir, 0o700);
  return { droppedSchemas, files: { restored: (await measure(options.files.dir)).files } };
}
