import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Requirement } from '@scholarmatch/schemas';
import { type Selectable, sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import type { Scholarships } from '../database/database-types.js';
import { kyselyFor, kyselyIn, kyselyOf } from '../database/kysely.js';
import { type NewMessage, notifyInboxMail } from '../inbox/inbox.repository.js';

/** A cycle opened whose last cycle's applicants have not been invited yet. */
export interface OpenedCycle {
  id: string;
  previousId: string;
  title: string;
  cycle: number;
  deadline: string | null;
  requirements: Requirement[];
}

/** A received application of the cycle before, to carry into the new one. */
export interface PreviousApplication {
  userId: string;
  answers: Record<string, unknown>;
  /** The member has automatic application on: a complete application is sent again at once. */
  autoApply: boolean;
}

/** What the new cycle gets from one previous application. */
export interface CarriedApplication {
  userId: string;
  status: 'Draft' | 'Received';
  answers: Record<string, unknown>;
}

/** A scholarship that repeats yearly and is not a draft, as index scholarships_recurring states it (on the query's one scholarships row). */
const RECURRING = sql<boolean>`recurrence_config->>'repeat' = 'yearly' AND status <> 'draft'`;

/** A scholarship's id. */
type IdRow = Pick<Selectable<Scholarships>, 'id'>;

/**
 * Recurring scholarships' SQL (docs/automation.md, "Recurring scholarships"): which cycles are due
 * to reopen, the opening itself, and the carried applications with their messages.
 */
@Injectable()
export class RecurringCyclesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Yearly scholarships (published or closed) whose deadline has passed and that have no next cycle: up to `limit` ids. */
  async dueToReopen(today: string, limit: number): Promise<string[]> {
    const rows = await kyselyOf(this.db)
      .selectFrom('scholarships as s')
      .select('s.id')
      .where(RECURRING)
      .where('s.deadline', '<', sql<Date>`${today}::date`)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('scholarships as next').select(sql`1`.as('one')).whereRef('next.previous_cycle_id', '=', 's.id'))))
      .orderBy('s.deadline')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Opens the next cycle of `previousId` in one transaction: a copy of the scholarship, published,
   * numbered one more, with the first yearly deadline on or after today; the previous cycle is
   * closed and hands over its public address, its rubric copy and the wishlist entries. Returns
   * the new id, or null when another run opened it first (the unique next-cycle index) or it is no
   * longer due.
   */
  async openNextCycle(previousId: string, today: string): Promise<string | null> {
    return this.db.transaction(async (tx) => {
      const db = kyselyIn(tx);
      const previous = await db
        .selectFrom('scholarships')
        .select(['id', 'slug'])
        .where('id', '=', previousId)
        .where(RECURRING)
        .where('deadline', '<', sql<Date>`${today}::date`)
        .where((eb) => eb.not(eb.exists(eb.selectFrom('scholarships as next').select(sql`1`.as('one')).where('next.previous_cycle_id', '=', previousId))))
        .forUpdate()
        .executeTakeFirst();
      if (!previous) return null;
      await db.updateTable('scholarships').set({ status: 'closed', slug: null }).where('id', '=', previousId).execute();
      const {
        rows: [next],
      } = await sql<IdRow>`WITH next_deadline AS (
           SELECT min(day)::date AS day
             FROM scholarships s, generate_series(s.deadline + interval '1 year', ${today}::date + interval '1 year', interval '1 year') AS day
            WHERE s.id = ${previousId} AND day >= ${today}::date
         )
         INSERT INTO scholarships (provider_id, title, description, amounts, award, deadline, recurrence_config, status, criteria, requirements,
                                   slug, details, published_at, blind_review, cycle, previous_cycle_id)
         SELECT s.provider_id, s.title, s.description, s.amounts, s.award, d.day,
                jsonb_set(s.recurrence_config, '{deadline}', to_jsonb(to_char(d.day, 'YYYY-MM-DD'))), 'published', s.criteria, s.requirements,
                ${previous.slug}, s.details, now(), s.blind_review, s.cycle + 1, s.id
           FROM scholarships s, next_deadline d
          WHERE s.id = ${previousId}
         ON CONFLICT (previous_cycle_id) WHERE previous_cycle_id IS NOT NULL DO NOTHING
         RETURNING id`.execute(db);
      if (!next) return null;
      await sql`INSERT INTO rank_criteria (scholarship_id, position, name, description, weight, max_points, extra)
         SELECT ${next.id}, position, name, description, weight, max_points, extra FROM rank_criteria WHERE scholarship_id = ${previousId}`.execute(db);
      await sql`INSERT INTO wishlist (user_id, scholarship_id) SELECT user_id, ${next.id} FROM wishlist WHERE scholarship_id = ${previousId} ON CONFLICT DO NOTHING`.execute(db);
      await db.deleteFrom('wishlist').where('scholarship_id', '=', previousId).execute();
      return next.id;
    });
  }

  /** Opened cycles whose applicants are still to be invited (a run that died between the two steps). */
  async toInvite(limit: number): Promise<OpenedCycle[]> {
    return kyselyOf(this.db)
      .selectFrom('scholarships')
      .select((eb) => [
        'id',
        eb.ref('previous_cycle_id').$notNull().as('previousId'),
        'title',
        'cycle',
        eb.cast<string | null>('deadline', 'text').as('deadline'),
        eb.ref('requirements').$castTo<Requirement[]>().as('requirements'),
      ])
      .where('previous_cycle_id', 'is not', null)
      .where('cycle_invited_at', 'is', null)
      .orderBy('created_at')
      .limit(limit)
      .execute();
  }

  /** Claims the cycle's invitation in the caller's transaction: false when another run has it or did it. */
  async claimInvitation(tx: EntityManager, cycleId: string): Promise<boolean> {
    const rows = await kyselyFor(tx)
      .updateTable('scholarships')
      .set({ cycle_invited_at: sql<Date>`now()` })
      .where((eb) =>
        eb('id', '=', eb.selectFrom('scholarships').select('id').where('id', '=', cycleId).where('cycle_invited_at', 'is', null).forUpdate().skipLocked()),
      )
      .returning('id')
      .execute();
    return rows.length > 0;
  }

  /** The received applications of the cycle before, with whether each applicant has automatic application on (and a membership). */
  async previousApplications(tx: EntityManager, previousId: string): Promise<PreviousApplication[]> {
    return kyselyFor(tx)
      .selectFrom('applications as a')
      .innerJoin('users as u', (join) => join.onRef('u.id', '=', 'a.user_id').on('u.role', '=', 'applicant'))
      .select((eb) => [
        'a.user_id as userId',
        eb.ref('a.answers').$castTo<Record<string, unknown>>().as('answers'),
        eb.and([eb.ref('u.auto_apply'), eb.ref('u.is_active_subscription')]).$castTo<boolean>().as('autoApply'),
      ])
      .where('a.scholarship_id', '=', previousId)
      .where('a.status', '=', 'Received')
      .execute();
  }

  /**
   * The carried applications and one message each (by status), in the caller's transaction; an
   * applicant who already has an application to the new cycle keeps it and gets no message.
   */
  async carry(tx: EntityManager, cycleId: string, formVersion: string, carried: CarriedApplication[], messages: Record<CarriedApplication['status'], NewMessage>): Promise<number> {
    if (!carried.length) return 0;
    const inserted = JSON.stringify(carried);
    const told = JSON.stringify(Object.entries(messages).map(([status, message]) => ({ status, ...message })));
    const { rows } = await sql<{ n: number }>`WITH inserted AS (
         INSERT INTO applications (user_id, scholarship_id, status, form_version, answers, submitted_at, applied_automatically)
         SELECT item."userId", ${cycleId}::uuid, item.status, ${formVersion}::varchar, item.answers, CASE WHEN item.status = 'Received' THEN now() END, item.status = 'Received'
           FROM jsonb_to_recordset(${inserted}::jsonb) AS item ("userId" uuid, status varchar, answers jsonb)
         ON CONFLICT (user_id, scholarship_id) DO NOTHING
         RETURNING user_id, status
       ),
       told AS (
         INSERT INTO inbox_messages (user_id, kind, scholarship_id, from_name, from_email, subject, body_html, body_text)
         SELECT i.user_id, m.kind, ${cycleId}::uuid, m."fromName", m."fromEmail", m.subject, m."bodyHtml", m."bodyText"
           FROM inserted i JOIN jsonb_to_recordset(${told}::jsonb) AS m (status varchar, kind varchar, "fromName" text, "fromEmail" text, subject text, "bodyHtml" text, "bodyText" text)
             ON m.status = i.status
       )
       SELECT count(*)::int AS n FROM inserted`.execute(kyselyFor(tx));
    await notifyInboxMail(tx);
    return rows[0].n;
  }
}
