import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { sponsorSql } from '../common/sponsor-sql.js';

/** A saved scholarship with what its wishlist card shows. */
export interface SavedScholarshipRow {
  id: string;
  title: string;
  description: string;
  amounts: number[];
  award: number | null;
  recurrence_config: object;
  sponsor: string;
}

/** The `wishlist` rows: which scholarships each applicant saved. */
@Injectable()
export class WishlistRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The applicant's saved scholarships that are not drafts, last saved first. */
  async findSaved(userId: string): Promise<SavedScholarshipRow[]> {
    return (await this.db.query(
      `SELECT s.id, s.title, s.description, s.amounts, s.award, s.recurrence_config, ${sponsorSql('provider')} AS sponsor
         FROM wishlist w
         JOIN scholarships s ON s.id = w.scholarship_id
         JOIN users provider ON provider.id = s.provider_id
        WHERE w.user_id = $1 AND s.status <> 'draft'
        ORDER BY w.created_at DESC`,
      [userId],
    )) as SavedScholarshipRow[];
  }

  /** Saves a scholarship that is not a draft; false when nothing was added (already saved, or no such scholarship). */
  async add(userId: string, scholarshipId: string): Promise<boolean> {
    const inserted = (await this.db.query(
      `INSERT INTO wishlist (user_id, scholarship_id)
       SELECT $1, id FROM scholarships WHERE id = $2 AND status <> 'draft'
       ON CONFLICT DO NOTHING
       RETURNING scholarship_id`,
      [userId, scholarshipId],
    )) as unknown[];
    return inserted.length > 0;
  }

  /** Whether a scholarship exists that may be saved (published or closed). */
  async isSaveable(scholarshipId: string): Promise<boolean> {
    const [exists] = (await this.db.query(`SELECT 1 FROM scholarships WHERE id = $1 AND status <> 'draft'`, [scholarshipId])) as unknown[];
    return Boolean(exists);
  }

  async remove(userId: string, scholarshipId: string): Promise<void> {
    await this.db.query(`DELETE FROM wishlist WHERE user_id = $1 AND scholarship_id = $2`, [userId, scholarshipId]);
  }
}
