import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** One demo scholarship as stored: published, its deadline `days` from today, recurring yearly. */
export interface DemoScholarshipRow {
  title: string;
  description: string;
  amounts: number[];
  award: number | null;
  days: number;
  criteria: unknown;
  requirements: unknown;
  slug: string;
}

/** The demo seeding's statements (demo-accounts.ts): what it adds beyond the accounts. */
@Injectable()
export class DemoDataRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The membership flag, for a member whose trial could not go through the sandbox. */
  async setMember(userId: string): Promise<void> {
    await this.db.query(`UPDATE users SET is_active_subscription = true WHERE id = $1`, [userId]);
  }

  /** One running sweepstakes, unless there is one already; whether it was added. */
  async addSweepstakesUnlessAny(): Promise<boolean> {
    const added = (await this.db.query(
      `INSERT INTO sweepstakes (title, description, ends_at)
       SELECT '$10,000 ScholarMatch Sweepstakes', 'Complete your free registration and enter the draw for a $10,000 scholarship. No purchase necessary; see the official rules.', now() + interval '180 days'
        WHERE NOT EXISTS (SELECT 1 FROM sweepstakes)
       RETURNING id`,
    )) as unknown[];
    return added.length > 0;
  }

  async scholarshipCountOf(providerId: string): Promise<number> {
    const [existing] = (await this.db.query(`SELECT count(*)::int AS n FROM scholarships WHERE provider_id = $1`, [providerId])) as { n: number }[];
    return existing.n;
  }

  async addPublishedScholarships(providerId: string, offers: DemoScholarshipRow[]): Promise<void> {
    await this.db.query(
      `INSERT INTO scholarships (provider_id, title, description, amounts, award, deadline, recurrence_config, status, criteria, requirements, published_at, slug)
       SELECT $1, o.title, o.description, ARRAY(SELECT jsonb_array_elements_text(o.amounts)::int), o.award,
              current_date + o.days, jsonb_build_object('deadline', to_char(current_date + o.days, 'YYYY-MM-DD'), 'repeat', 'yearly'),
              'published', o.criteria, o.requirements, now(), o.slug
         FROM jsonb_to_recordset($2::jsonb) AS o(title text, description text, amounts jsonb, award int, days int, criteria jsonb, requirements jsonb, slug text)`,
      [providerId, JSON.stringify(offers)],
    );
  }

  /** The provider's organisation answers, unless it has some already. */
  async addOrganisation(providerId: string, answers: Record<string, string>): Promise<void> {
    await this.db.query(`INSERT INTO organisations (user_id, answers) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [providerId, JSON.stringify(answers)]);
  }
}
