import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { deletedRows } from '../jobs/periodic-sweep.js';

/** An upload's row, written once its bytes are stored. */
export interface NewUploadRow {
  id: string;
  ownerId: string;
  purpose: string;
  contentType: string;
  size: number;
  originalName: string;
  storageKey: string;
  sha256: string;
}

/** The `uploaded_files` rows: what each upload is, whose it is, and where its bytes are. */
/**
 * Who may read an upload (`$2` the caller), the one place of this rule: its owner, and, when it
 * is a file answer of a submitted application, that scholarship's provider and the reviewers of
 * its organisation (docs/review.md, "Files").
 */
const READABLE_BY = `(owner_id = $2 OR EXISTS (
  SELECT 1 FROM applications a JOIN scholarships s ON s.id = a.scholarship_id
   WHERE a.user_id = uploaded_files.owner_id AND a.status = 'Received'
     AND (s.provider_id = $2 OR s.provider_id = (SELECT r.provider_id FROM organisation_reviewers r WHERE r.reviewer_id = $2))
     AND jsonb_path_exists(a.answers, 'strict $.** ? (@ == $url)', jsonb_build_object('url', '/api/v1/common/files/' || uploaded_files.id::text))))`;

@Injectable()
export class UploadedFilesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Adds the row unless the owner already has `quota.files` uploads or the new one would take them
   * past `quota.bytes`, checked by the insert itself (one round trip); false when over the quota.
   */
  async insertWithinQuota(file: NewUploadRow, quota: { files: number; bytes: number }): Promise<boolean> {
    const stored = (await this.db.query(
      `INSERT INTO uploaded_files (id, owner_id, purpose, content_type, size, original_name, storage_key, sha256)
       SELECT $1::uuid, $2::uuid, $3, $4, $5::int, $6, $7, $8
        WHERE (SELECT count(*) < $9::bigint AND coalesce(sum(size), 0) + $5::int <= $10::bigint FROM uploaded_files WHERE owner_id = $2::uuid)
       RETURNING id`,
      [file.id, file.ownerId, file.purpose, file.contentType, file.size, file.originalName, file.storageKey, file.sha256, quota.files, quota.bytes],
    )) as unknown[];
    return stored.length > 0;
  }

  /** Where the file is and what it is, when `ownerId` may read it (READABLE_BY); undefined otherwise. */
  async findOwnedFile(id: string, ownerId: string): Promise<{ storage_key: string; original_name: string; size: number; content_type: string } | undefined> {
    const [row] = (await this.db.query(
      `SELECT storage_key, original_name, size, content_type FROM uploaded_files WHERE id = $1 AND ${READABLE_BY}`,
      [id, ownerId],
    )) as { storage_key: string; original_name: string; size: number; content_type: string }[];
    return row;
  }

  /** The owner's file's name, size and type; undefined for a missing one or someone else's. */
  /**
   * An image its owner's organisation shows (its logo): public, because the organisation's
   * answers are shown on its scholarships' public pages (docs/providers.md).
   */
  async findOrganisationImage(id: string): Promise<{ storage_key: string; original_name: string; size: number; content_type: string } | undefined> {
    const [row] = (await this.db.query(
      `SELECT f.storage_key, f.original_name, f.size, f.content_type
         FROM uploaded_files f
        WHERE f.id = $1 AND f.purpose = 'image'
          -- A file answer of its owner's organisation: an answer that is this upload's address, not text mentioning it.
          AND EXISTS (SELECT 1 FROM organisations o, jsonb_each_text(o.answers) AS answer
                       WHERE o.user_id = f.owner_id AND answer.value = '/api/v1/common/files/' || f.id::text)`,
      [id],
    )) as { storage_key: string; original_name: string; size: number; content_type: string }[];
    return row;
  }

  async findOwnedFileInfo(id: string, ownerId: string): Promise<{ name: string; size: number; contentType: string } | undefined> {
    const [row] = (await this.db.query(
      `SELECT original_name AS name, size, content_type AS "contentType" FROM uploaded_files WHERE id = $1 AND ${READABLE_BY}`,
      [id, ownerId],
    )) as { name: string; size: number; contentType: string }[];
    return row;
  }

  /** Which of these upload ids are `ownerId`'s; on the caller's transaction when given one. */
  async findOwnedUploadIds(ownerId: string, ids: string[], tx: EntityManager = this.db.manager): Promise<string[]> {
    const rows = (await tx.query(`SELECT id FROM uploaded_files WHERE owner_id = $1 AND id = ANY($2::uuid[])`, [ownerId, ids])) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /**
   * In the sweep's transaction: deletes up to `limit` uploads older than `graceHours` that neither
   * an application of their owner's (answers, drafts included) nor the owner's profile refers to;
   * returns their storage keys.
   */
  async deleteUnused(tx: EntityManager, graceHours: number, limit: number): Promise<string[]> {
    const result = await tx.query(
      `DELETE FROM uploaded_files f
        WHERE f.id IN (
          SELECT u.id FROM uploaded_files u
           WHERE u.created_at < now() - make_interval(hours => $1)
             AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.user_id = u.owner_id AND strpos(a.answers::text, u.id::text) > 0)
             AND NOT EXISTS (SELECT 1 FROM users p WHERE p.id = u.owner_id AND strpos(p.profile::text, u.id::text) > 0)
             AND NOT EXISTS (SELECT 1 FROM organisations o WHERE o.user_id = u.owner_id AND strpos(o.answers::text, u.id::text) > 0)
             AND NOT EXISTS (SELECT 1 FROM scholarships s WHERE s.provider_id = u.owner_id AND strpos(s.details::text, u.id::text) > 0)
           LIMIT $2)
        RETURNING f.storage_key`,
      [graceHours, limit],
    );
    return deletedRows<{ storage_key: string }>(result).map((row) => row.storage_key);
  }
}
