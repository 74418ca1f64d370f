import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
// The address rule is shared with the form schemas and the browser.
import { uploadIdOfUrl, uploadUrlOf } from '@scholarmatch/schemas';
import { randomUUID, webcrypto } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { DataSource } from 'typeorm';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { AppConfig } from '../config/app-config.js';
import { checkContent, PURPOSE_RULES, type UploadPurpose } from './content-check.js';
import type { UploadedFileDto } from './dto/uploaded-file.dto.js';
import { displayName } from './file-names.js';
import { FileStorage } from './file-storage.js';
import type { ReceivedFile } from './upload-part.js';


export interface StoredFile {
  bytes: Readable;
  name: string;
  size: number;
  contentType: string;
}

const NOT_FOUND = 'There is no such file.';
const QUOTA_REACHED = (config: AppConfig) =>
  `You have reached the upload limit (${config.UPLOAD_QUOTA_FILES} files or ${config.UPLOAD_QUOTA_MB} MB). ` +
  'Files not used in an application or your profile are removed a day after upload; please try again later.';

/** Uploaded files: checked by content, stored under a server key, served to their owner only. */
@Injectable()
export class UploadedFilesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly storage: FileStorage,
    private readonly config: AppConfig,
  ) {}

  /** Keeps the file when its content is one the purpose accepts; 400 with the seed's words otherwise. */
  async store(caller: Caller, purpose: UploadPurpose, file: ReceivedFile): Promise<UploadedFileDto> {
    const verdict = await checkContent(file.bytes, purpose);
    if (!verdict.ok) throw new ApiError(400, PURPOSE_RULES[purpose].wrongType, { errorCode: verdict.code, message: verdict.reason });
    const id = randomUUID();
    const name = displayName(file.filename, verdict.kind);
    // WebCrypto hashes on libuv's thread pool: 2 MB of SHA-256 would hold the event loop ~2 ms.
    const sha256 = Buffer.from(await webcrypto.subtle.digest('SHA-256', file.bytes)).toString('hex');
    // Bytes first, then the row: a row never points at nothing. A failed insert removes the bytes.
    await this.storage.put(id, file.bytes);
    let stored: unknown[];
    try {
      // The quota is checked by the insert itself (one round trip). Uploads racing each other can
      // overshoot it by the few that run at the same moment, which a quota can live with.
      stored = await this.db.query(
        `INSERT INTO uploaded_files (id, owner_id, purpose, content_type, size, original_name, storage_key, sha256)
         SELECT $1::uuid, $2::uuid, $3, $4, $5::int, $6, $7, $8
          WHERE (SELECT count(*) < $9::bigint AND coalesce(sum(size), 0) + $5::int <= $10::bigint FROM uploaded_files WHERE owner_id = $2::uuid)
         RETURNING id`,
        [id, caller.id, purpose, verdict.contentType, file.bytes.length, name, id, sha256, this.config.UPLOAD_QUOTA_FILES, this.config.UPLOAD_QUOTA_MB * 1024 * 1024],
      );
    } catch (error) {
      await this.storage.delete(id);
      throw error;
    }
    if (stored.length === 0) {
      await this.storage.delete(id);
      throw new ApiError(409, QUOTA_REACHED(this.config), { errorCode: 'UPLOAD_QUOTA_REACHED' });
    }
    return { id, publicUrl: uploadUrlOf(id), name, size: file.bytes.length, contentType: verdict.contentType };
  }

  /** The owner's file; anyone else gets the same 404 as for a missing one (ids are not disclosed). */
  async open(caller: Caller, id: string): Promise<StoredFile> {
    const [row] = (await this.db.query(
      `SELECT storage_key, original_name, size, content_type FROM uploaded_files WHERE id = $1 AND owner_id = $2`,
      [id, caller.id],
    )) as { storage_key: string; original_name: string; size: number; content_type: string }[];
    const bytes = row ? await this.storage.get(row.storage_key) : null;
    if (!row || !bytes) throw new ApiError(404, NOT_FOUND, { errorCode: 'FILE_NOT_FOUND' });
    return { bytes, name: row.original_name, size: row.size, contentType: row.content_type };
  }

  /** What the owner's upload is (its name, size and type), to show it without downloading it. */
  async info(caller: Caller, id: string): Promise<UploadedFileDto> {
    const [row] = (await this.db.query(
      `SELECT original_name AS name, size, content_type AS "contentType" FROM uploaded_files WHERE id = $1 AND owner_id = $2`,
      [id, caller.id],
    )) as { name: string; size: number; contentType: string }[];
    if (!row) throw new ApiError(404, NOT_FOUND, { errorCode: 'FILE_NOT_FOUND' });
    return { id, publicUrl: uploadUrlOf(id), ...row };
  }

  /** Which of these `/api/v1/common/files/{id}` URLs are `ownerId`'s uploads: their ids. */
  async ownedUploadIds(ownerId: string, publicUrls: string[]): Promise<Set<string>> {
    const ids = [...new Set(publicUrls.map(uploadIdOfUrl).filter((id): id is string => id !== null))];
    if (!ids.length) return new Set();
    const rows = (await this.db.query(`SELECT id FROM uploaded_files WHERE owner_id = $1 AND id = ANY($2::uuid[])`, [ownerId, ids])) as { id: string }[];
    return new Set(rows.map((row) => row.id));
  }
}
