import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SupportKind } from '@scholarmatch/schemas';
import type { DataSource, EntityManager } from 'typeorm';
import { deletedRows } from '../jobs/periodic-sweep.js';

export interface NewSupportRequest {
  kind: SupportKind;
  userId: string | null;
  name: string;
  email: string;
  phone: string | null;
  query: string | null;
  description: string;
  answers: Record<string, unknown>;
  clientIp: string;
}

export interface SupportRequestRow extends Omit<NewSupportRequest, 'clientIp'> {
  id: string;
  createdAt: Date;
  staffEmailedAt: Date | null;
  answerHtml: string | null;
  answeredAt: Date | null;
}

/** An e-mail the support desk owes: the staff's copy of a request, or a guest's answer. */
export interface PendingSupportMail extends SupportRequestRow {
  mail: 'staff' | 'answer';
}

const COLUMNS = `id, kind, user_id AS "userId", name, email, phone, query, description, answers, created_at AS "createdAt",
  staff_emailed_at AS "staffEmailedAt", answer_html AS "answerHtml", answered_at AS "answeredAt"`;

/** A claim older than this is a run that died: its mail is pending again (a send hanging longer may go twice). */
const CLAIM_MINUTES = 30;

/** `support_requests`: stored before any e-mail, answered by admins, e-mailed by SupportMailJob. */
@Injectable()
export class SupportRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(request: NewSupportRequest, manager: EntityManager = this.db.manager): Promise<string> {
    const [row] = (await manager.query(
      `INSERT INTO support_requests (kind, user_id, name, email, phone, query, description, answers, client_ip)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [request.kind, request.userId, request.name, request.email, request.phone, request.query, request.description, request.answers, request.clientIp],
    )) as { id: string }[];
    return row.id;
  }

  /** Newest first; `answered` filters by whether an admin has answered. */
  async list(filter: { answered?: boolean }, offset: number, limit: number): Promise<{ rows: SupportRequestRow[]; total: number }> {
    const where = filter.answered === undefined ? 'true' : filter.answered ? 'answered_at IS NOT NULL' : 'answered_at IS NULL';
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(`SELECT ${COLUMNS} FROM support_requests WHERE ${where} ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT $2`, [offset, limit]) as Promise<SupportRequestRow[]>,
      this.db.query(`SELECT count(*)::int AS total FROM support_requests WHERE ${where}`) as Promise<{ total: number }[]>,
    ]);
    return { rows, total };
  }

  /** `userId`'s own requests, newest first: what they asked and, once answered, the answer. */
  async listOwn(userId: string, offset: number, limit: number): Promise<{ rows: SupportRequestRow[]; total: number }> {
    const [rows, [{ total }]] = await Promise.all([
      this.db.query(`SELECT ${COLUMNS} FROM support_requests WHERE user_id = $1 ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3`, [userId, offset, limit]) as Promise<SupportRequestRow[]>,
      this.db.query(`SELECT count(*)::int AS total FROM support_requests WHERE user_id = $1`, [userId]) as Promise<{ total: number }[]>,
    ]);
    return { rows, total };
  }

  async find(id: string): Promise<SupportRequestRow | undefined> {
    const [row] = (await this.db.query(`SELECT ${COLUMNS} FROM support_requests WHERE id = $1`, [id])) as SupportRequestRow[];
    return row;
  }

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Records an admin's answer; undefined when the request does not exist or was answered already. */
  async answer(tx: EntityManager, id: string, html: string, adminId: string): Promise<SupportRequestRow | undefined> {
    const rows = (await tx.query(
      `UPDATE support_requests SET answer_html = $2, answered_at = now(), answered_by = $3
        WHERE id = $1 AND answered_at IS NULL RETURNING ${COLUMNS}`,
      [id, html, adminId],
    )) as unknown;
    return deletedRows<SupportRequestRow>(rows)[0];
  }

  /** Claims up to `limit` e-mails owed (the staff's copies, guests' answers), so another run does not send them too. */
  async claimPendingMail(limit: number): Promise<PendingSupportMail[]> {
    const rows = (await this.db.query(
      `UPDATE support_requests SET email_claimed_at = now()
        WHERE id IN (
          SELECT id FROM support_requests
           WHERE (staff_emailed_at IS NULL OR (answered_at IS NOT NULL AND user_id IS NULL AND answer_emailed_at IS NULL))
             AND (email_claimed_at IS NULL OR email_claimed_at < now() - make_interval(mins => $2))
           ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING ${COLUMNS}, CASE WHEN staff_emailed_at IS NULL THEN 'staff' ELSE 'answer' END AS mail`,
      [limit, CLAIM_MINUTES],
    )) as unknown;
    return deletedRows<PendingSupportMail>(rows);
  }

  async markEmailed(id: string, mail: PendingSupportMail['mail']): Promise<void> {
    const column = mail === 'staff' ? 'staff_emailed_at' : 'answer_emailed_at';
    await this.db.query(`UPDATE support_requests SET ${column} = now(), email_claimed_at = NULL WHERE id = $1`, [id]);
  }

  async releaseClaim(id: string): Promise<void> {
    await this.db.query(`UPDATE support_requests SET email_claimed_at = NULL WHERE id = $1`, [id]);
  }
}
