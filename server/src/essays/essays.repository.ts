import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { JsonValue } from '../database/database-types.js';
import { kyselyOf } from '../database/kysely.js';
import type { ApplicantRow } from './applicant-facts.js';

/** What an essay's prompt is built from: the applicant's profile and the scholarship. */
@Injectable()
export class EssaysRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The user's name and profile answers (a jsonb object, by field key); undefined when there is no such user. */
  async findApplicant(userId: string): Promise<ApplicantRow | undefined> {
    return kyselyOf(this.db)
      .selectFrom('users')
      .select(['first_name', 'last_name', 'profile'])
      .where('id', '=', userId)
      .$narrowType<{ profile: { [key: string]: JsonValue } }>()
      .executeTakeFirst();
  }

  /** A published or closed scholarship's title and description (HTML); undefined for a draft or none. */
  async findVisibleScholarship(id: string): Promise<{ title: string; description: string } | undefined> {
    return kyselyOf(this.db).selectFrom('scholarships').select(['title', 'description']).where('id', '=', id).where('status', '<>', 'draft').executeTakeFirst();
  }
}
