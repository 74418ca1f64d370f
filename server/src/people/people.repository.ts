import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource } from 'typeorm';
import { kyselyOf } from '../database/kysely.js';

/** What the people list keeps: a name or e-mail containing `search` (`%` and `_` are characters), and one role. */
export interface PeopleFilter {
  search?: string;
  role?: string;
}

export interface PersonListRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
  createdAt: Date;
  lockedAt: Date | null;
  isActiveSubscription: boolean;
}

export interface PersonAccountRow extends PersonListRow {
  phone: string | null;
  applicantType: string | null;
  passwordChangedAt: Date;
  /** The end of the latest login lock-out on the e-mail still running (docs/security.md, "Login throttling"), else null. */
  loginLockedUntil: Date | null;
  /** When an admin erased the person (docs/privacy.md), else null. */
  erasedAt: Date | null;
}

export interface PersonApplicationRow {
  id: string;
  scholarshipId: string;
  title: string;
  status: string;
  createdAt: Date;
  submittedAt: Date | null;
  updatedAt: Date;
}

/** Escapes LIKE's wildcards so a search for "50%" means those characters. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The console's people (docs/console.md, "People"): accounts found by name or e-mail, and what a person page reads of its own. */
@Injectable()
export class PeopleRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async page(filter: PeopleFilter, offset: number, limit: number): Promise<{ rows: PersonListRow[]; total: number }> {
    const db = kyselyOf(this.db);
    let base = db.selectFrom('users');
    if (filter.role) base = base.where('role', '=', filter.role);
    if (filter.search) {
      const pattern = likePattern(filter.search);
      base = base.where((eb) => eb.or([eb('email', 'ilike', pattern), eb(sql<string>`first_name || ' ' || last_name`, 'ilike', pattern)]));
    }
    const [rows, { total }] = await Promise.all([
      base
        .select([
          'id',
          'first_name as firstName',
          'last_name as lastName',
          'email',
          'role',
          'created_at as createdAt',
          'locked_at as lockedAt',
          'is_active_subscription as isActiveSubscription',
        ])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      base.select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total };
  }

  account(id: string): Promise<PersonAccountRow | undefined> {
    return kyselyOf(this.db)
      .selectFrom('users as u')
      .select([
        'u.id',
        'u.first_name as firstName',
        'u.last_name as lastName',
        'u.email',
        'u.role',
        'u.created_at as createdAt',
        'u.locked_at as lockedAt',
        'u.is_active_subscription as isActiveSubscription',
        'u.phone',
        'u.applicant_type as applicantType',
        'u.password_changed_at as passwordChangedAt',
        'u.erased_at as erasedAt',
      ])
      .select(sql<Date | null>`(SELECT max(f.locked_until) FROM login_failures f WHERE f.login = lower(u.email) AND f.locked_until > now())`.as('loginLockedUntil'))
      .where('u.id', '=', id)
      .executeTakeFirst();
  }

  /** The person's applications, the latest change first (at most `limit`). */
  applications(userId: string, limit: number): Promise<PersonApplicationRow[]> {
    return kyselyOf(this.db)
      .selectFrom('applications as a')
      .innerJoin('scholarships as s', 's.id', 'a.scholarship_id')
      .select(['a.id', 'a.scholarship_id as scholarshipId', 's.title', 'a.status', 'a.created_at as createdAt', 'a.submitted_at as submittedAt', 'a.updated_at as updatedAt'])
      .where('a.user_id', '=', userId)
      .orderBy('a.updated_at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute();
  }
}
