import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql, type Selectable } from 'kysely';
import type { DataSource } from 'typeorm';
import type { Sweepstakes } from '../database/database-types.js';
import { kyselyOf } from '../database/kysely.js';
import { Statement } from '../database/statement.js';

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

/** Adds one running sweepstakes unless there is one already; the row added, if any. */
const ADD_SWEEPSTAKES_UNLESS_ANY = new Statement<Pick<Selectable<Sweepstakes>, 'id'>, readonly []>(
  `INSERT INTO sweepstakes (title, description, ends_at)
       SELECT '$10,000 ScholarMatch Sweepstakes', 'Complete your free registration and enter the draw for a $10,000 scholarship. No purchase necessary; see the official rules.', now() + interval '180 days'
        WHERE NOT EXISTS (SELECT 1 FROM sweepstakes)
       RETURNING id`,
);

/** The demo seeding's statements (demo-accounts.ts): what it adds beyond the accounts. */
@Injectable()
export class DemoDataRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The membership flag, for a member whose trial could not go through the sandbox. */
  async setMember(userId: string): Promise<void> {
    await kyselyOf(this.db).updateTable('users').set({ is_active_subscription: true }).where('id', '=', userId).execute();
  }

  /** One running sweepstakes, unless there is one already; whether it was added. */
  async addSweepstakesUnlessAny(): Promise<boolean> {
    const added = await ADD_SWEEPSTAKES_UNLESS_ANY.rows(this.db, []);
    return added.length > 0;
  }

  async scholarshipCountOf(providerId: string): Promise<number> {
    const existing = await kyselyOf(this.db)
      .selectFrom('scholarships')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
      .where('provider_id', '=', providerId)
      .executeTakeFirstOrThrow();
    return existing.n;
  }

  async addPublishedScholarships(providerId: string, offers: DemoScholarshipRow[]): Promise<void> {
    await sql`INSERT INTO scholarships (provider_id, title, description, amounts, award, deadline, recurrence_config, status, criteria, requirements, published_at, slug)
       SELECT ${providerId}, o.title, o.description, ARRAY(SELECT jsonb_array_elements_text(o.amounts)::int), o.award,
              current_date + o.days, jsonb_build_object('deadline', to_char(current_date + o.days, 'YYYY-MM-DD'), 'repeat', 'yearly'),
              'published', o.criteria, o.requirements, now(), o.slug
         FROM jsonb_to_recordset(${JSON.stringify(offers)}::jsonb) AS o(title text, description text, amounts jsonb, award int, days int, criteria jsonb, requirements jsonb, slug text)`.execute(
      kyselyOf(this.db),
    );
  }

  /** The provider's organisation answers, unless it has some already. */
  async addOrganisation(providerId: string, answers: Record<string, string>): Promise<void> {
    await kyselyOf(this.db)
      .insertInto('organisations')
      .values({ user_id: providerId, answers: JSON.stringify(answers) })
      .onConflict((conflict) => conflict.column('user_id').doNothing())
      .execute();
  }
}
