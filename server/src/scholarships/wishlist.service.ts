import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { descriptionPreview } from '@scholarmatch/schemas/html';
import type { DataSource } from 'typeorm';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { totalAmountOf } from './scholarship.entity.js';

export interface WishlistItem {
  scholarshipId: string;
  isLiked: true;
  scholarship: { id: string; title: string; description: string; totalAmount: number; recurrenceConfig: { deadline?: string; repeat?: string }; user: { firstName: string } };
}

/** The applicant's saved scholarships. Adding and removing are idempotent (the hearts are optimistic). */
@Injectable()
export class WishlistService {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async list(caller: Caller): Promise<WishlistItem[]> {
    const rows = (await this.db.query(
      `SELECT s.id, s.title, s.description, s.amounts, s.award, s.recurrence_config, provider.first_name AS sponsor
         FROM wishlist w
         JOIN scholarships s ON s.id = w.scholarship_id
         JOIN users provider ON provider.id = s.provider_id
        WHERE w.user_id = $1 AND s.status <> 'draft'
        ORDER BY w.created_at DESC`,
      [caller.id],
    )) as { id: string; title: string; description: string; amounts: number[]; award: number | null; recurrence_config: object; sponsor: string }[];
    return rows.map((row) => ({
      scholarshipId: row.id,
      isLiked: true,
      scholarship: {
        id: row.id,
        title: row.title,
        description: descriptionPreview(row.description),
        totalAmount: totalAmountOf(row),
        recurrenceConfig: row.recurrence_config,
        user: { firstName: row.sponsor },
      },
    }));
  }

  /** Saves a published or closed scholarship (a draft is nobody's to save: 404). */
  async add(caller: Caller, scholarshipId: string): Promise<void> {
    const inserted = (await this.db.query(
      `INSERT INTO wishlist (user_id, scholarship_id)
       SELECT $1, id FROM scholarships WHERE id = $2 AND status <> 'draft'
       ON CONFLICT DO NOTHING
       RETURNING scholarship_id`,
      [caller.id, scholarshipId],
    )) as unknown[];
    if (!inserted.length) {
      const [exists] = (await this.db.query(`SELECT 1 FROM scholarships WHERE id = $1 AND status <> 'draft'`, [scholarshipId])) as unknown[];
      if (!exists) throw new ApiError(404, 'There is no such scholarship.', { errorCode: 'SCHOLARSHIP_NOT_FOUND' });
    }
  }

  async remove(caller: Caller, scholarshipId: string): Promise<void> {
    await this.db.query(`DELETE FROM wishlist WHERE user_id = $1 AND scholarship_id = $2`, [caller.id, scholarshipId]);
  }
}
