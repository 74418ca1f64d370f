import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Requirement } from '@scholarmatch/schemas';
import type { DataSource } from 'typeorm';

export interface PublicScholarshipRow {
  id: string;
  slug: string;
  title: string;
  description: string;
  amounts: number[];
  award: number | null;
  deadline: string | null;
  status: 'published' | 'closed';
  requirements: Requirement[];
  published_at: Date | null;
  provider_name: string;
  organisation: Record<string, unknown> | null;
}

/** What anyone may read of a published scholarship (or one closed after publishing), by its web address. */
@Injectable()
export class PublicScholarshipsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A draft closed before it was ever published stays private (published_at is null). */
  async findBySlug(slug: string): Promise<PublicScholarshipRow | undefined> {
    const [row] = (await this.db.query(
      `SELECT s.id, s.slug, s.title, s.description, s.amounts, s.award, to_char(s.deadline, 'YYYY-MM-DD') AS deadline, s.status,
              s.requirements, s.published_at, trim(p.first_name || ' ' || p.last_name) AS provider_name, o.answers AS organisation
         FROM scholarships s
         JOIN users p ON p.id = s.provider_id
         LEFT JOIN organisations o ON o.user_id = s.provider_id
        WHERE s.slug = $1 AND s.status IN ('published', 'closed') AND s.published_at IS NOT NULL`,
      [slug],
    )) as PublicScholarshipRow[];
    return row;
  }

  /** Open published scholarships for the sitemap, newest first: their address and last change. */
  async listedForSitemap(limit: number): Promise<{ slug: string; lastmod: string }[]> {
    return (await this.db.query(
      `SELECT slug, to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS lastmod
         FROM scholarships
        WHERE status = 'published' AND published_at IS NOT NULL AND slug IS NOT NULL
          AND (deadline IS NULL OR deadline >= CURRENT_DATE)
        ORDER BY published_at DESC
        LIMIT $1`,
      [limit],
    )) as { slug: string; lastmod: string }[];
  }
}
