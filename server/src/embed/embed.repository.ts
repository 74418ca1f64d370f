import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EligibilityRule, Requirement } from '@scholarmatch/schemas';
import { sql } from 'kysely';
import type { DataSource } from 'typeorm';
import { kyselyOf } from '../database/kysely.js';

/** What the card shows of one scholarship, with the sites its organisation lets frame it. */
export interface EmbedCardRow {
  id: string;
  title: string;
  slug: string | null;
  status: string;
  amounts: number[];
  award: number | null;
  deadline: string | null;
  requirements: Requirement[];
  criteria: EligibilityRule[];
  organisation: Record<string, unknown> | null;
  provider_name: string;
  embed_origins: string[] | null;
}

/** One of the owner's scholarships on the embed settings page, with the applications its card brought. */
export interface EmbeddedScholarshipRow {
  id: string;
  title: string;
  status: string;
  embed_applications: number;
}

/** The organisation's embed settings and the card's data (docs/embedding.md). */
@Injectable()
export class EmbedRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Any scholarship by id (the service decides what a draft shows), or undefined. */
  async card(id: string): Promise<EmbedCardRow | undefined> {
    return kyselyOf(this.db)
      .selectFrom('scholarships as s')
      .innerJoin('users as p', 'p.id', 's.provider_id')
      .leftJoin('organisations as o', 'o.user_id', 's.provider_id')
      .select([
        's.id',
        's.title',
        's.slug',
        's.status',
        's.amounts',
        's.award',
        sql<string | null>`to_char(s.deadline, 'YYYY-MM-DD')`.as('deadline'),
        sql<Requirement[]>`s.requirements`.as('requirements'),
        sql<EligibilityRule[]>`s.criteria`.as('criteria'),
        sql<Record<string, unknown> | null>`o.answers`.as('organisation'),
        sql<string>`trim(p.first_name || ' ' || p.last_name)`.as('provider_name'),
        'o.embed_origins',
      ])
      .where('s.id', '=', id)
      .executeTakeFirst();
  }

  /** The sites the owner's organisation lets frame its cards ([] when it has no organisation row yet). */
  async origins(ownerId: string): Promise<string[]> {
    const row = await kyselyOf(this.db).selectFrom('organisations').select('embed_origins').where('user_id', '=', ownerId).executeTakeFirst();
    return row?.embed_origins ?? [];
  }

  /** Replaces the list; the organisation row is made if the owner has none yet. */
  async saveOrigins(ownerId: string, origins: string[]): Promise<string[]> {
    const row = await kyselyOf(this.db)
      .insertInto('organisations')
      .values({ user_id: ownerId, embed_origins: origins })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ embed_origins: origins, updated_at: sql<Date>`now()` }))
      .returning('embed_origins')
      .executeTakeFirstOrThrow();
    return row.embed_origins;
  }

  /** The owner's published and closed scholarships, newest first, each with its submitted applications that came through the card. */
  async embeddable(ownerId: string): Promise<EmbeddedScholarshipRow[]> {
    return kyselyOf(this.db)
      .selectFrom('scholarships as s')
      .select([
        's.id',
        's.title',
        's.status',
        sql<number>`(SELECT count(*)::int FROM applications a
                      WHERE a.scholarship_id = s.id AND a.referral_source = 'embed' AND a.status = 'Received')`.as('embed_applications'),
      ])
      .where('s.provider_id', '=', ownerId)
      .where('s.published_at', 'is not', null)
      .where('s.status', 'in', ['published', 'closed'])
      .orderBy('s.published_at', 'desc')
      .execute();
  }
}
