import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Selectable, sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import type { UploadedFiles } from '../database/database-types.js';
import { kyselyFor, kyselyOf } from '../database/kysely.js';

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

/** Where an upload's bytes are and what it is. */
type StoredFileRow = Pick<Selectable<UploadedFiles>, 'storage_key' | 'original_name' | 'size' | 'content_type'>;

/**
 * Who may read an upload (`caller`), the one place of this rule: its owner, and, when it is a
 * file answer of a submitted application, that scholarship's provider and the reviewers of its
 * organisation (docs/review.md, "Files"). A condition on `uploaded_files`, unaliased.
 */
const readableBy = (caller: string) => sql<boolean>`(owner_id = ${caller} OR EXISTS (
  SELECT 1 FROM applications a JOIN scholarships s ON s.id = a.scholarship_id
   WHERE a.user_id = uploaded_files.owner_id AND a.status = 'Received'
     AND (s.provider_id = ${caller} OR s.provider_id = (SELECT r.provider_id FROM organisation_reviewers r WHERE r.reviewer_id = ${caller}))
     AND jsonb_path_exists(a.answers, 'strict $.** ? (@ == $url)', jsonb_build_object('url', '/api/v1/common/files/' || uploaded_files.id::text))))`;

/** The `uploaded_files` rows: what each upload is, whose it is, and where its bytes are. */
@Injectable()
export class UploadedFilesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Adds the row unless the owner already has `quota.files` uploads or the new one would take them
   * past `quota.bytes`, checked by the insert itself (one round trip); false when over the quota.
   */
  async insertWithinQuota(file: NewUploadRow, quota: { files: number; bytes: number }): Promise<boolean> {
    const { rows } = await sql<Pick<Selectable<UploadedFiles>, 'id'>>`INSERT INTO uploaded_files (id, owner_id, purpose, content_type, size, original_name, storage_key, sha256)
       SELECT ${file.id}::uuid, ${file.ownerId}::uuid, ${file.purpose}, ${file.contentType}, ${file.size}::int, ${file.originalName}, ${file.storageKey}, ${file.sha256}
        WHERE (SELECT count(*) < ${quota.files}::bigint AND coalesce(sum(size), 0) + ${file.size}::int <= ${quota.bytes}::bigint FROM uploaded_files WHERE owner_id = ${file.ownerId}::uuid)
       RETURNING id`.execute(kyselyOf(this.db));
    return rows.length > 0;
  }

  /** Where the file is and what it is, when `ownerId` may read it (readableBy); undefined otherwise. */
  async findOwnedFile(id: string, ownerId: string): Promise<StoredFileRow | undefined> {
    return kyselyOf(this.db)
      .selectFrom('uploaded_files')
      .select(['storage_key', 'original_name', 'size', 'content_type'])
      .where('id', '=', id)
      .where(readableBy(ownerId))
      .executeTakeFirst();
  }

  /**
   * An image its owner's organisation shows (its logo): public, because the organisation's
   * answers are shown on its scholarships' public pages (docs/providers.md).
   */
  async findOrganisationImage(id: string): Promise<StoredFileRow | undefined> {
    return (
      kyselyOf(this.db)
        .selectFrom('uploaded_files as f')
        .select(['f.storage_key', 'f.original_name', 'f.size', 'f.content_type'])
        .where('f.id', '=', id)
        .where('f.purpose', '=', 'image')
        // A file answer of its owner's organisation: an answer that is this upload's address, not text mentioning it.
        .where(
          sql<boolean>`EXISTS (SELECT 1 FROM organisations o, jsonb_each_text(o.answers) AS answer
                       WHERE o.user_id = f.owner_id AND answer.value = '/api/v1/common/files/' || f.id::text)`,
        )
        .executeTakeFirst()
    );
  }

  /** The owner's file's name, size and type; undefined for a missing one or someone else's. */
  async findOwnedFileInfo(id: string, ownerId: string): Promise<{ name: string; size: number; contentType: string } | undefined> {
    return kyselyOf(this.db)
      .selectFrom('uploaded_files')
      .select(['original_name as name', 'size', 'content_type as contentType'])
      .where('id', '=', id)
      .where(readableBy(ownerId))
      .executeTakeFirst();
  }

  /** Which of these upload ids are `ownerId`'s; on the caller's transaction when given one. */
  async findOwnedUploadIds(ownerId: string, ids: string[], tx: EntityManager = this.db.manager): Promise<string[]> {
    const rows = await kyselyFor(tx)
      .selectFrom('uploaded_files')
      .select('id')
      .where('owner_id', '=', ownerId)
      .where('id', '=', sql<string>`ANY(${ids}::uuid[])`)
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * In the sweep's transaction: deletes up to `limit` uploads older than `graceHours` that neither
   * an application of their owner's (answers, drafts included) nor the owner's profile refers to;
   * returns their storage keys.
   */
  async deleteUnused(tx: EntityManager, graceHours: number, limit: number): Promise<string[]> {
    const { rows } = await sql<Pick<Selectable<UploadedFiles>, 'storage_key'>>`DELETE FROM uploaded_files f
        WHERE f.id IN (
          SELECT u.id FROM uploaded_files u
           WHERE u.created_at < now() - make_interval(hours => ${graceHours})
             AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.user_id = u.owner_id AND strpos(a.answers::text, u.id::text) > 0)
             AND NOT EXISTS (SELECT 1 FROM users p WHERE p.id = u.owner_id AND strpos(p.profile::text, u.id::text) > 0)
             AND NOT EXISTS (SELECT 1 FROM organisations o WHERE o.user_id = u.owner_id AND strpos(o.answers::text, u.id::text) > 0)
             AND NOT EXISTS (SELECT 1 FROM scholarships s WHERE s.provider_id = u.owner_id AND strpos(s.details::text, u.id::text) > 0)
           LIMIT ${limit})
        RETURNING f.storage_key`.execute(kyselyFor(tx));
    return rows.map((row) => row.storage_key);
  }
}
