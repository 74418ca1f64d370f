import { descriptionPreview } from '@scholarmatch/schemas/html';
import { LRUCache } from 'lru-cache';
import type { EligibleScholarshipDto } from './dto/eligible-scholarships.dto.js';
import { totalAmountOf } from './scholarship.entity.js';

/** The columns a scholarship card is made from (lists, wishlist-like views, My Scholarships). */
export interface CardRow {
  id: string;
  title: string;
  description: string;
  amounts: number[];
  award: number | null;
  recurrence_config: { deadline?: string; repeat?: string };
  requirement_count: number;
  sponsor: string;
  created_at: Date;
  /** The scholarship's own last change: the preview's version. */
  scholarship_updated_at: Date;
  is_liked: boolean;
}

/**
 * List previews by scholarship version: cutting HTML to text takes an HTML parser, and the same
 * few thousand scholarships fill everyone's first pages.
 */
const previews = new LRUCache<string, string>({ max: 50_000 });

function previewOf(row: CardRow): string {
  const key = `${row.id}@${row.scholarship_updated_at.getTime()}`;
  let preview = previews.get(key);
  if (preview === undefined) {
    preview = descriptionPreview(row.description);
    previews.set(key, preview);
  }
  return preview;
}

/** One card: the original scholarship fields with the 150-character preview and the USD total. */
export function toCard(row: CardRow): EligibleScholarshipDto {
  return {
    id: row.id,
    title: row.title,
    description: previewOf(row),
    amounts: row.amounts,
    award: row.award,
    totalAmount: totalAmountOf(row),
    recurrenceConfig: row.recurrence_config,
    user: { firstName: row.sponsor },
    requirementCount: row.requirement_count,
    isLiked: row.is_liked,
    createdAt: row.created_at,
  };
}
