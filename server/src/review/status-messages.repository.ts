import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import type { ReviewStatus } from '@scholarmatch/schemas';
import { kyselyFor } from '../database/kysely.js';

/** A move the applicant has not been told of yet (migrations/…-QueueStatusMessages). */
export interface PendingStatusMessage {
  /** What the applicant was last told: the status an undo restores. */
  fromStatus: ReviewStatus;
  /** The status the message will announce. */
  toStatus: ReviewStatus;
  /** The newest status event before the first untold move (a bigint, as text). */
  lastEventId: string;
  dueAt: Date;
}

/** A submitted application, locked for a move of its status. */
export interface LockedApplication {
  userId: string;
  status: ReviewStatus;
  /** Its newest status event (a bigint, as text; '0' when none). */
  lastEventId: string;
}

/** A message whose time has come, taken off the queue in the transaction that delivers it. */
export interface DueStatusMessage {
  applicationId: string;
  scholarshipId: string;
  userId: string;
  toStatus: ReviewStatus;
  /** The application's status now (it equals toStatus unless something moved it without the queue). */
  currentStatus: ReviewStatus;
  applicationStatus: string;
  changedBy: string;
}

/**
 * The status a person sees of their own application `a`: the one they were last told of, while a
 * provider's newer move waits to be announced (docs/review.md, "Status").
 */
export const TOLD_REVIEW_STATUS_SQL = (a: string) =>
  `coalesce((SELECT p.from_status FROM pending_status_messages p WHERE p.application_id = ${a}.id), ${a}.review_status)`;

/** The status events a person sees of their own application `a`: none of an untold move. */
export const TOLD_EVENTS_SQL = (a: string, e: string) =>
  `NOT EXISTS (SELECT 1 FROM pending_status_messages p WHERE p.application_id = ${a}.id AND ${e}.id > p.last_event_id)`;

/**
 * The queue of status messages (docs/review.md, "Status"): moves and their pending message in one
 * transaction, undos that cancel them, and the delivery of those that are due.
 */
@Injectable()
export class StatusMessagesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Locks a submitted application of the scholarship (moves and undos of one application take turns). */
  async lock(manager: EntityManager, scholarshipId: string, applicationId: string): Promise<LockedApplication | undefined> {
    return kyselyFor(manager)
      .selectFrom('applications as a')
      .select((eb) => [
        'a.user_id as userId',
        'a.review_status as status',
        eb
          .cast<string>(
            eb
              .selectFrom('application_status_events as e')
              .select((sub) => sub.fn.coalesce(sub.fn.max('e.id'), sql.lit(0)).as('id'))
              .whereRef('e.application_id', '=', 'a.id'),
            'text',
          )
          .as('lastEventId'),
      ])
      .$narrowType<{ status: ReviewStatus }>()
      .where('a.id', '=', applicationId)
      .where('a.scholarship_id', '=', scholarshipId)
      .where('a.status', '=', 'Received')
      .forUpdate()
      .executeTakeFirst();
  }

  /**
   * The application's untold move, locked: a delivery that has taken it is waited for (and then
   * there is none, the applicant having been told).
   */
  async pending(manager: EntityManager, applicationId: string): Promise<PendingStatusMessage | undefined> {
    return kyselyFor(manager)
      .selectFrom('pending_status_messages')
      .select((eb) => ['from_status as fromStatus', 'to_status as toStatus', eb.cast<string>('last_event_id', 'text').as('lastEventId'), 'due_at as dueAt'])
      .$narrowType<{ fromStatus: ReviewStatus; toStatus: ReviewStatus }>()
      .where('application_id', '=', applicationId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Sets the review status (the tracker's trigger records the event). */
  async setReviewStatus(manager: EntityManager, applicationId: string, status: ReviewStatus): Promise<void> {
    await kyselyFor(manager).updateTable('applications').set({ review_status: status, updated_at: sql<Date>`now()` }).where('id', '=', applicationId).execute();
  }

  /** Queues (or re-aims and postpones) the application's message; answers the queued move. */
  async queue(
    manager: EntityManager,
    move: { applicationId: string; scholarshipId: string; fromStatus: ReviewStatus; toStatus: ReviewStatus; lastEventId: string; changedBy: string; delaySeconds: number },
  ): Promise<PendingStatusMessage> {
    return kyselyFor(manager)
      .insertInto('pending_status_messages')
      .values({
        application_id: move.applicationId,
        scholarship_id: move.scholarshipId,
        from_status: move.fromStatus,
        to_status: move.toStatus,
        last_event_id: move.lastEventId,
        changed_by: move.changedBy,
        due_at: sql<Date>`now() + make_interval(secs => ${move.delaySeconds})`,
      })
      .onConflict((oc) =>
        oc.column('application_id').doUpdateSet((eb) => ({
          to_status: eb.ref('excluded.to_status'),
          changed_by: eb.ref('excluded.changed_by'),
          changed_at: sql<Date>`now()`,
          due_at: eb.ref('excluded.due_at'),
        })),
      )
      .returning((eb) => ['from_status as fromStatus', 'to_status as toStatus', eb.cast<string>('last_event_id', 'text').as('lastEventId'), 'due_at as dueAt'])
      .$narrowType<{ fromStatus: ReviewStatus; toStatus: ReviewStatus }>()
      .executeTakeFirstOrThrow();
  }

  /**
   * Cancels the application's message and removes the status events of the moves it would have
   * announced (the applicant never heard of them; docs/review.md, "Undo").
   */
  async withdraw(manager: EntityManager, applicationId: string, lastEventId: string): Promise<void> {
    const db = kyselyFor(manager);
    await db.deleteFrom('pending_status_messages').where('application_id', '=', applicationId).execute();
    await db.deleteFrom('application_status_events').where('application_id', '=', applicationId).where('id', '>', lastEventId).execute();
  }

  /** Drops the queued messages of these applications (a winners decision tells them itself). */
  async forget(manager: EntityManager, applicationIds: readonly string[]): Promise<void> {
    if (applicationIds.length) await kyselyFor(manager).deleteFrom('pending_status_messages').where('application_id', '=', sql<string>`ANY(${applicationIds}::uuid[])`).execute();
  }

  /** Takes up to `limit` due messages off the queue (skipping those a move or an undo holds), in the caller's transaction. */
  async takeDue(manager: EntityManager, limit: number): Promise<DueStatusMessage[]> {
    const { rows } = await sql<DueStatusMessage>`WITH due AS (
         SELECT application_id FROM pending_status_messages WHERE due_at <= now() ORDER BY due_at LIMIT ${limit} FOR UPDATE SKIP LOCKED
       ), taken AS (
         DELETE FROM pending_status_messages p USING due WHERE p.application_id = due.application_id
         RETURNING p.application_id, p.scholarship_id, p.to_status, p.changed_by
       )
       SELECT taken.application_id AS "applicationId", taken.scholarship_id AS "scholarshipId", a.user_id AS "userId",
              taken.to_status AS "toStatus", a.review_status AS "currentStatus", a.status AS "applicationStatus", taken.changed_by AS "changedBy"
         FROM taken JOIN applications a ON a.id = taken.application_id`.execute(kyselyFor(manager));
    return rows;
  }
}
