import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Requirement } from '@scholarmatch/schemas';
import type { DataSource, EntityManager } from 'typeorm';
import { type NewMessage, notifyInboxMail } from '../inbox/inbox.repository.js';
import { deletedRows } from '../jobs/periodic-sweep.js';

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
    const rows = (await this.db.query(
      `SELECT s.id FROM scholarships s
        WHERE s.recurrence_config->>'repeat' = 'yearly' AND s.status <> 'draft' AND s.deadline < $1::date
          AND NOT EXISTS (SELECT 1 FROM scholarships next WHERE next.previous_cycle_id = s.id)
        ORDER BY s.deadline LIMIT $2`,
      [today, limit],
    )) as { id: string }[];
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
      const [previous] = (await tx.query(
        `SELECT id, slug FROM scholarships
          WHERE id = $1 AND recurrence_config->>'repeat' = 'yearly' AND status <> 'draft' AND deadline < $2::date
            AND NOT EXISTS (SELECT 1 FROM scholarships next WHERE next.previous_cycle_id = $1)
          FOR UPDATE`,
        [previousId, today],
      )) as { id: string; slug: string | null }[];
      if (!previous) return null;
      await tx.query(`UPDATE scholarships SET status = 'closed', slug = NULL WHERE id = $1`, [previousId]);
      const [next] = (await tx.query(
        `WITH next_deadline AS (
           SELECT min(day)::date AS day
             FROM scholarships s, generate_series(s.deadline + interval '1 year', $2::date + interval '1 year', interval '1 year') AS day
            WHERE s.id = $1 AND day >= $2::date
         )
         INSERT INTO scholarships (provider_id, title, description, amounts, award, deadline, recurrence_config, status, criteria, requirements,
                                   slug, details, published_at, blind_review, cycle, previous_cycle_id)
         SELECT s.provider_id, s.title, s.description, s.amounts, s.award, d.day,
                jsonb_set(s.recurrence_config, '{deadline}', to_jsonb(to_char(d.day, 'YYYY-MM-DD'))), 'published', s.criteria, s.requirements,
                $3, s.details, now(), s.blind_review, s.cycle + 1, s.id
           FROM scholarships s, next_deadline d
          WHERE s.id = $1
         ON CONFLICT (previous_cycle_id) WHERE previous_cycle_id IS NOT NULL DO NOTHING
         RETURNING id`,
        [previousId, today, previous.slug],
      )) as { id: string }[];
      if (!next) return null;
      await tx.query(
        `INSERT INTO rank_criteria (scholarship_id, position, name, description, weight, max_points, extra)
         SELECT $2, position, name, description, weight, max_points, extra FROM rank_criteria WHERE scholarship_id = $1`,
        [previousId, next.id],
      );
      await tx.query(
        `INSERT INTO wishlist (user_id, scholarship_id) SELECT user_id, $2 FROM wishlist WHERE scholarship_id = $1 ON CONFLICT DO NOTHING`,
        [previousId, next.id],
      );
      await tx.query(`DELETE FROM wishlist WHERE scholarship_id = $1`, [previousId]);
      return next.id;
    });
  }

  /** Opened cycles whose applicants are still to be invited (a run that died between the two steps). */
  async toInvite(limit: number): Promise<OpenedCycle[]> {
    return (await this.db.query(
      `SELECT id, previous_cycle_id AS "previousId", title, cycle, deadline::text AS deadline, requirements
         FROM scholarships WHERE previous_cycle_id IS NOT NULL AND cycle_invited_at IS NULL
        ORDER BY created_at LIMIT $1`,
      [limit],
    )) as OpenedCycle[];
  }

  /** Claims the cycle's invitation in the caller's transaction: false when another run has it or did it. */
  async claimInvitation(tx: EntityManager, cycleId: string): Promise<boolean> {
    const rows = (await tx.query(
      `UPDATE scholarships SET cycle_invited_at = now()
        WHERE id = (SELECT id FROM scholarships WHERE id = $1 AND cycle_invited_at IS NULL FOR UPDATE SKIP LOCKED)
        RETURNING id`,
      [cycleId],
    )) as unknown;
    return deletedRows(rows).length > 0;
  }

  /** The received applications of the cycle before, with whether each applicant has automatic application on (and a membership). */
  async previousApplications(tx: EntityManager, previousId: string): Promise<PreviousApplication[]> {
    return (await tx.query(
      `SELECT a.user_id AS "userId", a.answers, (u.auto_apply AND u.is_active_subscription) AS "autoApply"
         FROM applications a JOIN users u ON u.id = a.user_id AND u.role = 'applicant'
        WHERE a.scholarship_id = $1 AND a.status = 'Received'`,
      [previousId],
    )) as PreviousApplication[];
  }

  /**
   * The carried applications and one message each (by status), in the caller's transaction; an
   * applicant who already has an application to the new cycle keeps it and gets no message.
   */
  async carry(tx: EntityManager, cycleId: string, formVersion: string, carried: CarriedApplication[], messages: Record<CarriedApplication['status'], NewMessage>): Promise<number> {
    if (!carried.length) return 0;
    const rows = (await tx.query(
      `WITH inserted AS (
         INSERT INTO applications (user_id, scholarship_id, status, form_version, answers, submitted_at, applied_automatically)
         SELECT item."userId", $1::uuid, item.status, $2::varchar, item.answers, CASE WHEN item.status = 'Received' THEN now() END, item.status = 'Received'
           FROM jsonb_to_recordset($3::jsonb) AS item ("userId" uuid, status varchar, answers jsonb)
         ON CONFLICT (user_id, scholarship_id) DO NOTHING
         RETURNING user_id, status
       ),
       told AS (
         INSERT INTO inbox_messages (user_id, kind, scholarship_id, from_name, from_email, subject, body_html, body_text)
         SELECT i.user_id, m.kind, $1::uuid, m."fromName", m."fromEmail", m.subject, m."bodyHtml", m."bodyText"
           FROM inserted i JOIN jsonb_to_recordset($4::jsonb) AS m (status varchar, kind varchar, "fromName" text, "fromEmail" text, subject text, "bodyHtml" text, "bodyText" text)
             ON m.status = i.status
       )
       SELECT count(*)::int AS n FROM inserted`,
      [cycleId, formVersion, JSON.stringify(carried), JSON.stringify(Object.entries(messages).map(([status, message]) => ({ status, ...message })))],
    )) as { n: number }[];
    await notifyInboxMail(tx);
    return rows[0].n;
  }
}
