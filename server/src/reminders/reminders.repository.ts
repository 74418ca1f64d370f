import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Selectable } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import { sponsorSql } from '../common/sponsor-sql.js';
import type { Reminders, Scholarships, Users } from '../database/database-types.js';
import { Statement } from '../database/statement.js';
import { type ReminderKind, REMINDER_WINDOWS } from './reminder-rules.js';

/** A reminder just claimed, with what its message says. */
export interface DueReminder {
  userId: Selectable<Reminders>['user_id'];
  scholarshipId: Selectable<Reminders>['scholarship_id'];
  firstName: Selectable<Users>['first_name'];
  title: Selectable<Scholarships>['title'];
  sponsor: string;
  /** YYYY-MM-DD */
  deadline: string;
  /** Whole days from the run's day to the deadline (0: the deadline is today). */
  daysLeft: number;
}

/**
 * Who is due each kind of reminder: `user_id`, `scholarship_id`, `deadline` of published
 * scholarships whose deadline is between $1 + $4 and $1 + $5 days (the partial index on published
 * deadlines finds them), before the `reminders` table is consulted.
 */
const CANDIDATES: Record<ReminderKind, string> = {
  // A Draft application: the applicant started and has not submitted.
  'deadline-7-days': draftsDue(),
  'deadline-1-day': draftsDue(),
  // A saved scholarship with no application at all (a Draft gets the deadline reminders instead).
  'closing-soon': `
    SELECT w.user_id, w.scholarship_id, s.deadline
      FROM scholarships s JOIN wishlist w ON w.scholarship_id = s.id
     WHERE s.status = 'published' AND s.deadline BETWEEN $1::date + $4::int AND $1::date + $5::int
       AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.user_id = w.user_id AND a.scholarship_id = w.scholarship_id)`,
};

function draftsDue(): string {
  return `
    SELECT a.user_id, a.scholarship_id, s.deadline
      FROM scholarships s JOIN applications a ON a.scholarship_id = s.id AND a.status = 'Draft'
     WHERE s.status = 'published' AND s.deadline BETWEEN $1::date + $4::int AND $1::date + $5::int`;
}

type ClaimDue = Statement<DueReminder, readonly [today: string, kind: ReminderKind, limit: number, fromDays: number, toDays: number]>;

/**
 * Records up to $3 due reminders of kind $2 on day $1 (a window of $4 to $5 days before the
 * deadline) and returns them with what their messages say.
 */
function claimDueStatement(kind: ReminderKind): ClaimDue {
  return new Statement(
    `WITH due AS (
         SELECT c.user_id, c.scholarship_id, c.deadline
           FROM (${CANDIDATES[kind]}) c
          WHERE NOT EXISTS (SELECT 1 FROM reminders r WHERE r.user_id = c.user_id AND r.scholarship_id = c.scholarship_id AND r.kind = $2::varchar)
          ORDER BY c.deadline, c.scholarship_id, c.user_id
          LIMIT $3
       ), claimed AS (
         INSERT INTO reminders (user_id, scholarship_id, kind, deadline)
         SELECT user_id, scholarship_id, $2::varchar, deadline FROM due
         ON CONFLICT DO NOTHING
         RETURNING user_id, scholarship_id, deadline
       )
       SELECT c.user_id AS "userId", c.scholarship_id AS "scholarshipId", u.first_name AS "firstName", s.title,
              ${sponsorSql('provider')} AS sponsor, c.deadline::text AS deadline, (c.deadline - $1::date) AS "daysLeft"
         FROM claimed c
         JOIN users u ON u.id = c.user_id
         JOIN scholarships s ON s.id = c.scholarship_id
         JOIN users provider ON provider.id = s.provider_id`,
  );
}

/** One statement per kind, made once. */
const CLAIM_DUE: Record<ReminderKind, ClaimDue> = {
  'deadline-7-days': claimDueStatement('deadline-7-days'),
  'deadline-1-day': claimDueStatement('deadline-1-day'),
  'closing-soon': claimDueStatement('closing-soon'),
};

/** The `reminders` table (docs/automation.md "Reminders"): which reminder went to whom, once each. */
@Injectable()
export class RemindersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /**
   * Records up to `limit` due reminders of one kind as sent, in the caller's transaction, and
   * returns them: the caller stores their messages in the same transaction. A reminder recorded
   * before (or being recorded by a concurrent run, which this insert waits for) is skipped by the
   * primary key, so each goes once even when two runs overlap.
   */
  async claimDue(manager: EntityManager, kind: ReminderKind, today: string, limit: number): Promise<DueReminder[]> {
    const { fromDays, toDays } = REMINDER_WINDOWS[kind];
    return CLAIM_DUE[kind].rows(manager, [today, kind, limit, fromDays, toDays]);
  }
}
