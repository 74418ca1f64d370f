import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Requirement } from '@scholarmatch/schemas';
import { type NotNull, sql, type Selectable } from 'kysely';
import type { DataSource } from 'typeorm';
import type { Scholarships } from '../database/database-types.js';
import { kyselyOf } from '../database/kysely.js';
import { Statement } from '../database/statement.js';

export type PublicScholarshipRow = Pick<Selectable<Scholarships>, 'id' | 'title' | 'description' | 'amounts' | 'award' | 'published_at'> & {
  slug: string;
  deadline: string | null;
  status: 'published' | 'closed';
  requirements: Requirement[];
  provider_name: string;
  organisation: Record<string, unknown> | null;
};

/** A published scholarship, or one closed after publishing, by its web address ($1). */
const BY_SLUG = new Statement<PublicScholarshipRow, readonly [slug: string]>(
  `SELECT s.id, s.slug, s.title, s.description, s.amounts, s.award, to_char(s.deadline, 'YYYY-MM-DD') AS deadline, s.status,
              s.requirements, s.published_at, trim(p.first_name || ' ' || p.last_name) AS provider_name, o.answers AS organisation
         FROM scholarships s
         JOIN users p ON p.id = s.provider_id
         LEFT JOIN organisations o ON o.user_id = s.provider_id
        WHERE s.slug = $1 AND s.status IN ('published', 'closed') AND s.published_at IS NOT NULL`,
);

/** What anyone may read of a published scholarship (or one closed after publishing), by its web address. */
@Injectable()
export class PublicScholarshipsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A draft closed before it was ever published stays private (published_at is null). */
  async findBySlug(slug: string): Promise<PublicScholarshipRow | undefined> {
    const [row] = await BY_SLUG.rows(this.db, [slug]);
    return row;
  }

  /** Open published scholarships for the sitemap, newest first: their address and last change. */
  async listedForSitemap(limit: number): Promise<{ slug: string; lastmod: string }[]> {
    return kyselyOf(this.db)
      .selectFrom('scholarships')
      .select(['slug', sql<string>`to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD')`.as('lastmod')])
      .where('status', '=', 'published')
      .where('published_at', 'is not', null)
      .where('slug', 'is not', null)
      .where((eb) => eb.or([eb('deadline', 'is', null), eb('deadline', '>=', sql<Date>`CURRENT_DATE`)]))
      .orderBy('published_at', 'desc')
      .limit(limit)
      .$narrowType<{ slug: NotNull }>()
      .execute();
  }
}
