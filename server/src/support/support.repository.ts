import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SupportKind, SupportStatus } from '@scholarmatch/schemas';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import type { DB } from '../database/database-types.js';
import { kyselyFor, kyselyIn, kyselyOf } from '../database/kysely.js';

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
  /** Where it stands in the staff's queue (docs/console.md, "Support queue"). */
  status: SupportStatus;
  solvedAt: Date | null;
  /** The staff member it is assigned to, if any. */
  assignedTo: string | null;
}

/** An e-mail the support desk owes: the staff's copy of a request, or a guest's answer. */
export interface PendingSupportMail extends SupportRequestRow {
  mail: 'staff' | 'answer';
}

/**
 * A request's columns under the names SupportRequestRow gives them. Rows read with them are typed
 * with `$castTo`: the answers are jsonb (JsonValue), which the form's record type cannot narrow,
 * and they are what insert wrote.
 */
export const COLUMNS = [
  'id',
  'kind',
  'user_id as userId',
  'name',
  'email',
  'phone',
  'query',
  'description',
  'answers',
  'created_at as createdAt',
  'staff_emailed_at as staffEmailedAt',
  'answer_html as answerHtml',
  'answered_at as answeredAt',
  'status',
  'solved_at as solvedAt',
  'assigned_to as assignedTo',
] as const;

/** A claim older than this is a run that died: its mail is pending again (a send hanging longer may go twice). */
const CLAIM_MINUTES = 30;

/** Which requests a list shows: one person's (the staff's queue has its own, SupportQueueRepository). */
interface RequestFilter {
  userId: string;
}

/** The requests the filter keeps. */
function filtered<O>(query: SelectQueryBuilder<DB, 'support_requests', O>, { userId }: RequestFilter): SelectQueryBuilder<DB, 'support_requests', O> {
  return query.where('user_id', '=', userId);
}

/** `support_requests`: stored before any e-mail, answered by staff, e-mailed by SupportMailJob. */
@Injectable()
export class SupportRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(request: NewSupportRequest, manager: EntityManager = this.db.manager): Promise<string> {
    const row = await kyselyFor(manager)
      .insertInto('support_requests')
      .values({
        kind: request.kind,
        user_id: request.userId,
        name: request.name,
        email: request.email,
        phone: request.phone,
        query: request.query,
        description: request.description,
        answers: JSON.stringify(request.answers),
        client_ip: request.clientIp,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** `userId`'s own requests, newest first: what they asked and, once answered, the answer. */
  async listOwn(userId: string, offset: number, limit: number): Promise<{ rows: SupportRequestRow[]; total: number }> {
    return this.page({ userId }, offset, limit);
  }

  /** A page of the requests the filter keeps, newest first, and how many it keeps. */
  private async page(filter: RequestFilter, offset: number, limit: number): Promise<{ rows: SupportRequestRow[]; total: number }> {
    const db = kyselyOf(this.db);
    const [rows, { total }] = await Promise.all([
      filtered(db.selectFrom('support_requests').select(COLUMNS), filter).orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).$castTo<SupportRequestRow>().execute(),
      filtered(db.selectFrom('support_requests').select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('total')), filter).executeTakeFirstOrThrow(),
    ]);
    return { rows, total };
  }

  async find(id: string): Promise<SupportRequestRow | undefined> {
    return kyselyOf(this.db).selectFrom('support_requests').select(COLUMNS).where('id', '=', id).$castTo<SupportRequestRow>().executeTakeFirst();
  }

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Records an admin's answer; undefined when the request does not exist or was answered already. */
  async answer(tx: EntityManager, id: string, html: string, adminId: string): Promise<SupportRequestRow | undefined> {
    return kyselyIn(tx)
      .updateTable('support_requests')
      // An open request becomes answered; a solved one stays solved (docs/console.md, "Support queue").
      .set({ answer_html: html, answered_at: sql<Date>`now()`, answered_by: adminId, status: sql<string>`CASE WHEN status = 'open' THEN 'answered' ELSE status END` })
      .where('id', '=', id)
      .where('answered_at', 'is', null)
      .returning(COLUMNS)
      .$castTo<SupportRequestRow>()
      .executeTakeFirst();
  }

  /** Claims up to `limit` e-mails owed (the staff's copies, guests' answers), so another run does not send them too. */
  async claimPendingMail(limit: number): Promise<PendingSupportMail[]> {
    const db = kyselyOf(this.db);
    const owed = db
      .selectFrom('support_requests')
      .select('id')
      .where(sql<boolean>`(staff_emailed_at IS NULL OR (answered_at IS NOT NULL AND user_id IS NULL AND answer_emailed_at IS NULL))`)
      .where(sql<boolean>`(email_claimed_at IS NULL OR email_claimed_at < now() - make_interval(mins => ${CLAIM_MINUTES}))`)
      .orderBy('created_at')
      .limit(limit)
      .forUpdate()
      .skipLocked();
    return db
      .updateTable('support_requests')
      .set({ email_claimed_at: sql<Date>`now()` })
      .where('id', 'in', owed)
      .returning(COLUMNS)
      .returning(sql<PendingSupportMail['mail']>`CASE WHEN staff_emailed_at IS NULL THEN 'staff' ELSE 'answer' END`.as('mail'))
      .$castTo<PendingSupportMail>()
      .execute();
  }

  async markEmailed(id: string, mail: PendingSupportMail['mail']): Promise<void> {
    const column = mail === 'staff' ? 'staff_emailed_at' : 'answer_emailed_at';
    await kyselyOf(this.db)
      .updateTable('support_requests')
      .set({ [column]: sql<Date>`now()`, email_claimed_at: null })
      .where('id', '=', id)
      .execute();
  }

  async releaseClaim(id: string): Promise<void> {
    await kyselyOf(this.db).updateTable('support_requests').set({ email_claimed_at: null }).where('id', '=', id).execute();
  }
}
