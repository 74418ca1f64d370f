import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql, type Selectable } from 'kysely';
import type { DataSource } from 'typeorm';
import { sponsorSql } from '../common/sponsor-sql.js';
import type { Scholarships, Wishlist } from '../database/database-types.js';
import { kyselyOf } from '../database/kysely.js';
import { Statement } from '../database/statement.js';

/** A saved scholarship with what its wishlist card shows. */
export type SavedScholarshipRow = Pick<Selectable<Scholarships>, 'id' | 'title' | 'description' | 'amounts' | 'award'> & {
  recurrence_config: object;
  sponsor: string;
};

/** The applicant's ($1) saved scholarships that are not drafts, last saved first. */
const SAVED = new Statement<SavedScholarshipRow, readonly [userId: string]>(
  `SELECT s.id, s.title, s.description, s.amounts, s.award, s.recurrence_config, ${sponsorSql('provider')} AS sponsor
         FROM wishlist w
         JOIN scholarships s ON s.id = w.scholarship_id
         JOIN users provider ON provider.id = s.provider_id
        WHERE w.user_id = $1 AND s.status <> 'draft'
        ORDER BY w.created_at DESC`,
);

/** Saves for the applicant ($1) a scholarship ($2) that is not a draft; the row added, if any. */
const ADD = new Statement<Pick<Selectable<Wishlist>, 'scholarship_id'>, readonly [userId: string, scholarshipId: string]>(
  `INSERT INTO wishlist (user_id, scholarship_id)
       SELECT $1, id FROM scholarships WHERE id = $2 AND status <> 'draft'
       ON CONFLICT DO NOTHING
       RETURNING scholarship_id`,
);

/** The `wishlist` rows: which scholarships each applicant saved. */
@Injectable()
export class WishlistRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The applicant's saved scholarships that are not drafts, last saved first. */
  async findSaved(userId: string): Promise<SavedScholarshipRow[]> {
    return SAVED.rows(this.db, [userId]);
  }

  /** Saves a scholarship that is not a draft; false when nothing was added (already saved, or no such scholarship). */
  async add(userId: string, scholarshipId: string): Promise<boolean> {
    const inserted = await ADD.rows(this.db, [userId, scholarshipId]);
    return inserted.length > 0;
  }

  /** Whether a scholarship exists that may be saved (published or closed). */
  async isSaveable(scholarshipId: string): Promise<boolean> {
    const exists = await kyselyOf(this.db)
      .selectFrom('scholarships')
      .select(sql<number>`1`.as('one'))
      .where('id', '=', scholarshipId)
      .where('status', '<>', 'draft')
      .executeTakeFirst();
    return Boolean(exists);
  }

  async remove(userId: string, scholarshipId: string): Promise<void> {
    await kyselyOf(this.db).deleteFrom('wishlist').where('user_id', '=', userId).where('scholarship_id', '=', scholarshipId).execute();
  }
}
