import { Injectable } from '@nestjs/common';
// The address rule is shared with the form schemas and the browser.
import { UPLOAD_LIMITS, uploadIdOfUrl, uploadUrlOf, type UploadPurpose } from '@scholarmatch/schemas';
import { randomUUID, webcrypto } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { EntityManager } from 'typeorm';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { AppConfig } from '../config/app-config.js';
import type { FileLinkGrant } from './file-links.js';
import { checkContent } from './content-check.js';
import type { UploadedFileDto } from './dto/uploaded-file.dto.js';
import { displayName } from './file-names.js';
import { FileStorage } from './file-storage.js';
import type { ReceivedFile } from './upload-part.js';
import { UploadedFilesRepository } from './uploaded-files.repository.js';


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
    private readonly files: UploadedFilesRepository,
    private readonly storage: FileStorage,
    private readonly config: AppConfig,
  ) {}

  /** Keeps the file when its content is one the purpose accepts; 400 with the original words otherwise. */
  async store(caller: Caller, purpose: UploadPurpose, file: ReceivedFile): Promise<UploadedFileDto> {
    const verdict = await checkContent(file.bytes, purpose);
    if (!verdict.ok) throw new ApiError(400, UPLOAD_LIMITS[purpose].wrongType, { errorCode: verdict.code, message: verdict.reason });
    const id = randomUUID();
    const name = displayName(file.filename, verdict.kind);
    // WebCrypto hashes on libuv's thread pool: 2 MB of SHA-256 would hold the event loop ~2 ms.
    const sha256 = Buffer.from(await webcrypto.subtle.digest('SHA-256', file.bytes)).toString('hex');
    // Bytes first, then the row: a row never points at nothing. A failed insert removes the bytes.
    await this.storage.put(id, file.bytes);
    let stored: boolean;
    try {
      // The quota is checked by the insert itself (one round trip). Uploads racing each other can
      // overshoot it by the few that run at the same moment, which a quota can live with.
      stored = await this.files.insertWithinQuota(
        { id, ownerId: caller.id, purpose, contentType: verdict.contentType, size: file.bytes.length, originalName: name, storageKey: id, sha256 },
        { files: this.config.UPLOAD_QUOTA_FILES, bytes: this.config.UPLOAD_QUOTA_MB * 1024 * 1024 },
      );
    } catch (error) {
      await this.storage.delete(id);
      throw error;
    }
    if (!stored) {
      await this.storage.delete(id);
      throw new ApiError(409, QUOTA_REACHED(this.config), { errorCode: 'UPLOAD_QUOTA_REACHED' });
    }
    return { id, publicUrl: uploadUrlOf(id), name, size: file.bytes.length, contentType: verdict.contentType };
  }

  /** The owner's file; anyone else gets the same 404 as for a missing one (ids are not disclosed). */
  async open(caller: Caller, id: string): Promise<StoredFile> {
    const row = await this.files.findOwnedFile(id, caller.id);
    const bytes = row ? await this.storage.get(row.storage_key) : null;
    if (!row || !bytes) throw new ApiError(404, NOT_FOUND, { errorCode: 'FILE_NOT_FOUND' });
    return { bytes, name: row.original_name, size: row.size, contentType: row.content_type };
  }

  /**
   * The file a signed link names (FileLinks), when the person it was signed for may still read it:
   * the link stands in for that person's bearer token, never for more.
   */
  async openSigned(grant: FileLinkGrant): Promise<StoredFile> {
    return this.open({ id: grant.signerId } as Caller, grant.fileId);
  }

  /** An organisation's image (its logo), for anyone; any other file is the same 404. */
  async openPublic(id: string): Promise<StoredFile> {
    const row = await this.files.findOrganisationImage(id);
    const bytes = row ? await this.storage.get(row.storage_key) : null;
    if (!row || !bytes) throw new ApiError(404, NOT_FOUND, { errorCode: 'FILE_NOT_FOUND' });
    return { bytes, name: row.original_name, size: row.size, contentType: row.content_type };
  }

  /** What the owner's upload is (its name, size and type), to show it without downloading it. */
  async info(caller: Caller, id: string): Promise<UploadedFileDto> {
    const row = await this.files.findOwnedFileInfo(id, caller.id);
    if (!row) throw new ApiError(404, NOT_FOUND, { errorCode: 'FILE_NOT_FOUND' });
    return { id, publicUrl: uploadUrlOf(id), ...row };
  }

  /** The bytes under a storage key, null when none are stored (a privacy export reads a person's files by their rows). */
  bytesOf(storageKey: string): Promise<Readable | null> {
    return this.storage.get(storageKey);
  }

  /**
   * Removes stored bytes whose rows are gone (a privacy erasure, after its commit): rows first,
   * then bytes, so a crash in between leaves bytes without a row, which the storage can lose
   * later, never a row without bytes. Answers how many could not be removed.
   */
  async removeStored(storageKeys: string[]): Promise<number> {
    let failed = 0;
    for (const key of storageKeys) {
      try {
        await this.storage.delete(key);
      } catch {
        failed++;
      }
    }
    return failed;
  }

  /** Which of these `/api/v1/common/files/{id}` URLs are `ownerId`'s uploads: their ids. */
  async ownedUploadIds(ownerId: string, publicUrls: string[], manager?: EntityManager): Promise<Set<string>> {
    const ids = [...new Set(publicUrls.map(uploadIdOfUrl).filter((id): id is string => id !== null))];
    if (!ids.length) return new Set();
    // On the caller's transaction when it has one: waiting for a second pooled connection while
    // holding one can exhaust the pool (docs/performance.md).
    return new Set(await this.files.findOwnedUploadIds(ownerId, ids, manager));
  }
}
