import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { ReviewStatus } from '@scholarmatch/schemas';

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
    const [row] = (await manager.query(
      `SELECT a.user_id AS "userId", a.review_status AS status,
              (SELECT coalesce(max(e.id), 0) FROM application_status_events e WHERE e.application_id = a.id)::text AS "lastEventId"
         FROM applications a
        WHERE a.id = $2 AND a.scholarship_id = $1 AND a.status = 'Received'
          FOR UPDATE`,
      [scholarshipId, applicationId],
    )) as LockedApplication[];
    return row;
  }

  /**
   * The application's untold move, locked: a delivery that has taken it is waited for (and then
   * there is none, the applicant having been told).
   */
  async pending(manager: EntityManager, applicationId: string): Promise<PendingStatusMessage | undefined> {
    const [row] = (await manager.query(
      `SELECT from_status AS "fromStatus", to_status AS "toStatus", last_event_id::text AS "lastEventId", due_at AS "dueAt"
         FROM pending_status_messages WHERE application_id = $1 FOR UPDATE`,
      [applicationId],
    )) as PendingStatusMessage[];
    return row;
  }

  /** Sets the review status (the tracker's trigger records the event). */
  async setReviewStatus(manager: EntityManager, applicationId: string, status: ReviewStatus): Promise<void> {
    await manager.query(`UPDATE applications SET review_status = $2, updated_at = now() WHERE id = $1`, [applicationId, status]);
  }

  /** Queues (or re-aims and postpones) the application's message; answers the queued move. */
  async queue(
    manager: EntityManager,
    move: { applicationId: string; scholarshipId: string; fromStatus: ReviewStatus; toStatus: ReviewStatus; lastEventId: string; changedBy: string; delaySeconds: number },
  ): Promise<PendingStatusMessage> {
    const [row] = (await manager.query(
      `INSERT INTO pending_status_messages (application_id, scholarship_id, from_status, to_status, last_event_id, changed_by, due_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))
       ON CONFLICT (application_id) DO UPDATE
         SET to_status = EXCLUDED.to_status, changed_by = EXCLUDED.changed_by, changed_at = now(), due_at = EXCLUDED.due_at
       RETURNING from_status AS "fromStatus", to_status AS "toStatus", last_event_id::text AS "lastEventId", due_at AS "dueAt"`,
      [move.applicationId, move.scholarshipId, move.fromStatus, move.toStatus, move.lastEventId, move.changedBy, move.delaySeconds],
    )) as PendingStatusMessage[];
    return row;
  }

  /**
   * Cancels the application's message and removes the status events of the moves it would have
   * announced (the applicant never heard of them; docs/review.md, "Undo").
   */
  async withdraw(manager: EntityManager, applicationId: string, lastEventId: string): Promise<void> {
    await manager.query(`DELETE FROM pending_status_messages WHERE application_id = $1`, [applicationId]);
    await manager.query(`DELETE FROM application_status_events WHERE application_id = $1 AND id > $2`, [applicationId, lastEventId]);
  }

  /** Drops the queued messages of these applications (a winners decision tells them itself). */
  async forget(manager: EntityManager, applicationIds: readonly string[]): Promise<void> {
    if (applicationIds.length) await manager.query(`DELETE FROM pending_status_messages WHERE application_id = ANY($1::uuid[])`, [applicationIds]);
  }

  /** Takes up to `limit` due messages off the queue (skipping those a move or an undo holds), in the caller's transaction. */
  async takeDue(manager: EntityManager, limit: number): Promise<DueStatusMessage[]> {
    return (await manager.query(
      `WITH due AS (
         SELECT application_id FROM pending_status_messages WHERE due_at <= now() ORDER BY due_at LIMIT $1 FOR UPDATE SKIP LOCKED
       ), taken AS (
         DELETE FROM pending_status_messages p USING due WHERE p.application_id = due.application_id
         RETURNING p.application_id, p.scholarship_id, p.to_status, p.changed_by
       )
       SELECT taken.application_id AS "applicationId", taken.scholarship_id AS "scholarshipId", a.user_id AS "userId",
              taken.to_status AS "toStatus", a.review_status AS "currentStatus", a.status AS "applicationStatus", taken.changed_by AS "changedBy"
         FROM taken JOIN applications a ON a.id = taken.application_id`,
      [limit],
    )) as DueStatusMessage[];
  }
}
