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
  /** Since when it waits for staff: when it was sent, or the person's reply that reopened it (the 24-hour promise counts from here). */
  waitingSince: Date;
}

/** One message of a request's thread after the request itself: a staff answer or a reply of the person (docs/support.md, "The thread"). */
export interface SupportMessageRow {
  id: string;
  author: 'staff' | 'person';
  authorId: string | null;
  authorName: string | null;
  bodyHtml: string;
  createdAt: Date;
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
  'waiting_since as waitingSince',
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

  /**
   * The request, locked until `tx` ends: a staff answer and a reply of the person to the same
   * request take turns, so each sees the status the other left.
   */
  async lock(tx: EntityManager, id: string): Promise<SupportRequestRow | undefined> {
    return kyselyIn(tx).selectFrom('support_requests').select(COLUMNS).where('id', '=', id).forUpdate().$castTo<SupportRequestRow>().executeTakeFirst();
  }

  /**
   * Records a staff answer as the request's latest (`answerHtml`, which the person's list shows) and
   * as a new message of its thread. An open request becomes answered; a solved one stays solved
   * (docs/console.md, "Support queue"). Undefined when the request does not exist.
   */
  async answer(tx: EntityManager, id: string, html: string, staffId: string): Promise<SupportRequestRow | undefined> {
    const row = await kyselyIn(tx)
      .updateTable('support_requests')
      .set({ answer_html: html, answered_at: sql<Date>`now()`, answered_by: staffId, status: sql<string>`CASE WHEN status = 'open' THEN 'answered' ELSE status END` })
      .where('id', '=', id)
      .returning(COLUMNS)
      .$castTo<SupportRequestRow>()
      .executeTakeFirst();
    if (row) await this.addMessage(tx, id, 'staff', staffId, html);
    return row;
  }

  /**
   * The person's reply to their own request (`userId`'s: anyone else's is undefined, as is an
   * unknown id). It waits for staff again: an answered or solved request is open from the reply's
   * time; one already open keeps the time it has waited since, so a second reply does not put off
   * the promised answer.
   */
  async reply(tx: EntityManager, id: string, userId: string, html: string): Promise<SupportRequestRow | undefined> {
    const row = await kyselyIn(tx)
      .updateTable('support_requests')
      .set({ status: 'open', solved_at: null, waiting_since: sql<Date>`CASE WHEN status = 'open' THEN waiting_since ELSE now() END` })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning(COLUMNS)
      .$castTo<SupportRequestRow>()
      .executeTakeFirst();
    if (row) await this.addMessage(tx, id, 'person', userId, html);
    return row;
  }

  private async addMessage(tx: EntityManager, requestId: string, author: SupportMessageRow['author'], authorId: string, html: string): Promise<void> {
    await kyselyIn(tx).insertInto('support_messages').values({ request_id: requestId, author, author_id: authorId, body_html: html }).execute();
  }

  /** `userId`'s own request; undefined for anyone else's, or an unknown id. */
  async findOwn(id: string, userId: string): Promise<SupportRequestRow | undefined> {
    return kyselyOf(this.db).selectFrom('support_requests').select(COLUMNS).where('id', '=', id).where('user_id', '=', userId).$castTo<SupportRequestRow>().executeTakeFirst();
  }

  /** The answers and replies of a request, oldest first, with their authors' names. */
  async thread(requestId: string): Promise<SupportMessageRow[]> {
    return kyselyOf(this.db)
      .selectFrom('support_messages as m')
      .leftJoin('users as author', 'author.id', 'm.author_id')
      .select(['m.id', 'm.author', 'm.author_id as authorId', 'm.body_html as bodyHtml', 'm.created_at as createdAt'])
      .select(sql<string | null>`nullif(trim(author.first_name || ' ' || author.last_name), '')`.as('authorName'))
      .where('m.request_id', '=', requestId)
      .orderBy('m.created_at')
      .orderBy('m.id')
      .$castTo<SupportMessageRow>()
      .execute();
  }

  /** Claims up to `limit` e-mails owed (the staff's copies, guests' answers), so another run does not send them too. */
  async claimPendingMail(limit: number): Promise<PendingSupportMail[]> {
    const db = kyselyOf(this.db);
    const owed = db
      .selectFrom('support_requests')
      .select('id')
      // A guest is owed each answer: the latest one is owed while it is newer than the last one e-mailed.
      .where(sql<boolean>`(staff_emailed_at IS NULL OR (answered_at IS NOT NULL AND user_id IS NULL AND (answer_emailed_at IS NULL OR answer_emailed_at < answered_at)))`)
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

  /**
   * Marks what was sent. A guest's answer is marked with the time of the answer that went, not the
   * time of sending: an answer given while this one was on its way stays owed. The time read back
   * has milliseconds and the column microseconds, so the column's own value is kept when it is that answer.
   */
  async markEmailed(sent: Pick<PendingSupportMail, 'id' | 'mail' | 'answeredAt'>): Promise<void> {
    const set =
      sent.mail === 'staff'
        ? { staff_emailed_at: sql<Date>`now()` }
        : { answer_emailed_at: sql<Date>`CASE WHEN date_trunc('milliseconds', answered_at) = ${sent.answeredAt}::timestamptz THEN answered_at ELSE ${sent.answeredAt}::timestamptz END` };
    await kyselyOf(this.db)
      .updateTable('support_requests')
      .set({ ...set, email_claimed_at: null })
      .where('id', '=', sent.id)
      .execute();
  }

  async releaseClaim(id: string): Promise<void> {
    await kyselyOf(this.db).updateTable('support_requests').set({ email_claimed_at: null }).where('id', '=', id).execute();
  }
}
