import { Injectable } from '@nestjs/common';
import type { Caller } from '../auth/auth.decorators.js';
import { ApiError } from '../common/error-body.js';
import { ReviewRepository, type ReviewedScholarship } from './review.repository.js';

const NOT_FOUND = 'There is no such scholarship.';

/**
 * Who may review a scholarship (docs/review.md, "Who may call"): its owner, and the reviewers of
 * the owner's organisation. Everyone else gets the 404 of a scholarship that does not exist.
 */
@Injectable()
export class ReviewAccess {
  constructor(private readonly review: ReviewRepository) {}

  /** The owner or one of its reviewers. */
  async reviewable(caller: Caller, scholarshipId: string): Promise<ReviewedScholarship> {
    const scholarship = await this.review.scholarshipFor(scholarshipId, caller.id);
    if (!scholarship || !(scholarship.isOwner || scholarship.isReviewer)) {
      throw new ApiError(404, NOT_FOUND, { errorCode: 'SCHOLARSHIP_NOT_FOUND' });
    }
    return scholarship;
  }

  /** The owner only; its reviewers get 403 (they know it exists). */
  async owned(caller: Caller, scholarshipId: string): Promise<ReviewedScholarship> {
    const scholarship = await this.reviewable(caller, scholarshipId);
    if (!scholarship.isOwner) throw new ApiError(403, 'Only the scholarship’s provider may do this.', { errorCode: 'OWNER_ONLY' });
    return scholarship;
  }
}
