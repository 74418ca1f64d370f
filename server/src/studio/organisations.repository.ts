import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource } from 'typeorm';
import type { JsonValue } from '../database/database-types.js';
import { kyselyOf } from '../database/kysely.js';

export interface OrganisationRow {
  /** The form's answers by field key (a jsonb object). */
  answers: { [key: string]: JsonValue };
  updatedAt: Date;
}

/** The organisation behind a provider account: its served form's answers (docs/providers.md). */
@Injectable()
export class OrganisationsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async find(userId: string): Promise<OrganisationRow | undefined> {
    return kyselyOf(this.db)
      .selectFrom('organisations')
      .select(['answers', 'updated_at as updatedAt'])
      .where('user_id', '=', userId)
      .$narrowType<Pick<OrganisationRow, 'answers'>>()
      .executeTakeFirst();
  }

  /** Replaces the answers of the organisation form (its fields are the whole form). */
  async save(userId: string, answers: Record<string, unknown>): Promise<OrganisationRow> {
    return kyselyOf(this.db)
      .insertInto('organisations')
      .values({ user_id: userId, answers: JSON.stringify(answers) })
      .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ answers: (eb) => eb.ref('excluded.answers'), updated_at: sql<Date>`now()` }))
      .returning(['answers', 'updated_at as updatedAt'])
      .$narrowType<Pick<OrganisationRow, 'answers'>>()
      .executeTakeFirstOrThrow();
  }
}
