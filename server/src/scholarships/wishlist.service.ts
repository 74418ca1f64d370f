import { Injectable } from '@nestjs/common';
import { descriptionPreview } from '@scholarmatch/schemas/html';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { totalAmountOf } from './scholarship.entity.js';
import { WishlistRepository } from './wishlist.repository.js';

export interface WishlistItem {
  scholarshipId: string;
  isLiked: true;
  scholarship: { id: string; title: string; description: string; totalAmount: number; recurrenceConfig: { deadline?: string; repeat?: string }; user: { firstName: string } };
}

/** The applicant's saved scholarships. Adding and removing are idempotent (the hearts are optimistic). */
@Injectable()
export class WishlistService {
  constructor(private readonly wishlist: WishlistRepository) {}

  async list(caller: Caller): Promise<WishlistItem[]> {
    const rows = await this.wishlist.findSaved(caller.id);
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
    if (!(await this.wishlist.add(caller.id, scholarshipId)) && !(await this.wishlist.isSaveable(scholarshipId))) {
      throw new ApiError(404, 'There is no such scholarship.', { errorCode: 'SCHOLARSHIP_NOT_FOUND' });
    }
  }

  async remove(caller: Caller, scholarshipId: string): Promise<void> {
    await this.wishlist.remove(caller.id, scholarshipId);
  }
}
