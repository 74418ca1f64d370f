import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import type { DB } from '../database/database-types.js';
import { kyselyFor, kyselyOf, type Db } from '../database/kysely.js';
import { Statement } from '../database/statement.js';
import type { InboxMessageKind } from './inbox-message.js';

export interface StoredMessage {
  id: string;
  kind: InboxMessageKind;
  scholarshipId: string | null;
  applicationId: string | null;
  supportRequestId: string | null;
  fromName: string;
  fromEmail: string;
  subject: string;
  bodyHtml: string;
  bodyText: string;
  sentAt: Date;
  createdAt: Date;
  readAt: Date | null;
}

export interface NewMessage {
  kind: InboxMessageKind;
  scholarshipId: string | null;
  applicationId: string | null;
  supportRequestId: string | null;
  fromName: string;
  fromEmail: string;
  subject: string;
  bodyHtml: string;
  bodyText: string;
}

/** A message whose e-mail a run of the mail job has claimed. */
export interface PendingMail {
  id: string;
  to: string;
  /** The sender's name the e-mail shows (the organisation, or the product). */
  fromName: string;
  /** A provider's message of a conversation: the e-mail links to the message, where the reply box is. */
  conversation: boolean;
  subject: string;
  bodyHtml: string;
  bodyText: string;
}

/** A stored message's columns under the names StoredMessage gives them. */
const COLUMNS = [
  'id',
  'kind',
  'scholarship_id as scholarshipId',
  'application_id as applicationId',
  'support_request_id as supportRequestId',
  'from_name as fromName',
  'from_email as fromEmail',
  'subject',
  'body_html as bodyHtml',
  'body_text as bodyText',
  'sent_at as sentAt',
  'created_at as createdAt',
  'read_at as readAt',
] as const;

/** Sent when messages wait for their e-mail; delivered at the sender's commit (InboxMailListener). */
export const INBOX_MAIL_CHANNEL = 'inbox_mail_pending';

/** Tells every instance's mail job that messages wait: delivered at the caller's commit (InboxMailListener). */
export async function notifyInboxMail(runner: { query(sql: string): Promise<unknown> }): Promise<void> {
  await runner.query(`SELECT pg_notify('${INBOX_MAIL_CHANNEL}', '')`);
}

/** A claim older than this is a run that died: its messages are sent again. */
const STALE_CLAIM = '10 minutes';

/** Escapes LIKE's wildcards so a search for "50%" means the characters. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Which of the recipient's messages a list shows: those matching the search, about one scholarship. */
export interface MessageFilter {
  search: string;
  scholarshipId?: string;
}

/** The recipient's messages the filter keeps. */
function filtered<O>(query: SelectQueryBuilder<DB, 'inbox_messages', O>, userId: string, { search, scholarshipId }: MessageFilter): SelectQueryBuilder<DB, 'inbox_messages', O> {
  let kept = query.where('user_id', '=', userId);
  if (search) {
    kept = kept.where((eb: ExpressionBuilder<DB, 'inbox_messages'>) =>
      eb.or([eb('search_vector', '@@', sql<string>`plainto_tsquery('simple', ${search})`), eb('search_text', 'like', likePattern(search))]),
    );
  }
  if (scholarshipId) kept = kept.where('scholarship_id', '=', scholarshipId);
  return kept;
}

/** A page of the recipient's messages, newest first, each with the count of those matching (docs/inbox.md). */
export function inboxPageQuery(db: Db, userId: string, filter: MessageFilter, offset: number, limit: number) {
  return filtered(db.selectFrom('inbox_messages').select(COLUMNS).select(sql<string>`count(*) OVER ()`.as('total')), userId, filter)
    .$narrowType<{ kind: InboxMessageKind }>()
    .orderBy('sent_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset);
}

/**
 * The unread badge, asked by every signed-in page: fixed text, prepared once per connection, not
 * built by the query builder per request (docs/architecture.md, "Data access").
 */
const UNREAD_COUNT = new Statement<{ n: number }, [string]>(`SELECT count(*)::int AS n FROM inbox_messages WHERE user_id = $1 AND read_at IS NULL`);

/** The inbox's SQL (docs/inbox.md). */
@Injectable()
export class InboxRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Stores each message for its recipient, in the caller's transaction when given; the NOTIFY fires at commit. */
  async insert(entries: readonly { userId: string; message: NewMessage }[], manager?: EntityManager): Promise<void> {
    if (!entries.length) return;
    const runner = manager ?? this.db.manager;
    const column = <K extends keyof NewMessage>(key: K) => entries.map((entry) => entry.message[key]);
    const userIds = entries.map((entry) => entry.userId);
    await sql`INSERT INTO inbox_messages (user_id, kind, scholarship_id, from_name, from_email, subject, body_html, body_text, application_id, support_request_id)
       SELECT * FROM unnest(${userIds}::uuid[], ${column('kind')}::varchar[], ${column('scholarshipId')}::uuid[], ${column('fromName')}::text[], ${column('fromEmail')}::text[],
                            ${column('subject')}::text[], ${column('bodyHtml')}::text[], ${column('bodyText')}::text[], ${column('applicationId')}::uuid[], ${column('supportRequestId')}::uuid[])`.execute(kyselyFor(runner));
    await notifyInboxMail(runner);
  }

  /**
   * A page of the recipient's messages, newest first, with the count of those matching. A search
   * matches whole words through the vector, or any part of the text through the trigram index;
   * `scholarshipId` keeps the messages about that scholarship.
   */
  async page(userId: string, filter: MessageFilter, offset: number, limit: number): Promise<{ messages: StoredMessage[]; total: number }> {
    const rows = await inboxPageQuery(kyselyOf(this.db), userId, filter, offset, limit).execute();
    const total = rows.length ? Number(rows[0].total) : offset > 0 ? await this.count(userId, filter) : 0;
    return { messages: rows.map(({ total: _total, ...message }) => message), total };
  }

  private async count(userId: string, filter: MessageFilter): Promise<number> {
    const query = kyselyOf(this.db).selectFrom('inbox_messages').select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'));
    return (await filtered(query, userId, filter).executeTakeFirstOrThrow()).n;
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = await UNREAD_COUNT.prepared(this.db, [userId]);
    return row.n;
  }

  async findOwn(userId: string, id: string): Promise<StoredMessage | undefined> {
    return kyselyOf(this.db)
      .selectFrom('inbox_messages')
      .select(COLUMNS)
      .$narrowType<{ kind: InboxMessageKind }>()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Marks the recipient's message read (the first reading's time stays). */
  async markRead(userId: string, id: string): Promise<StoredMessage | undefined> {
    return kyselyOf(this.db)
      .updateTable('inbox_messages')
      .set({ read_at: sql<Date>`coalesce(read_at, now())` })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .returning(COLUMNS)
      .$narrowType<{ kind: InboxMessageKind }>()
      .executeTakeFirst();
  }

  /**
   * Claims up to `limit` messages whose e-mail has not gone out (nor is being sent by a live run),
   * with their recipient's address. SKIP LOCKED lets two runs share the work.
   */
  async claimPendingMail(limit: number): Promise<PendingMail[]> {
    const { rows } = await sql<PendingMail>`UPDATE inbox_messages m SET email_claimed_at = now()
       FROM users u
       WHERE m.id IN (
         SELECT id FROM inbox_messages
         WHERE emailed_at IS NULL AND (email_claimed_at IS NULL OR email_claimed_at < now() - interval '${sql.raw(STALE_CLAIM)}')
         ORDER BY created_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
         AND u.id = m.user_id
       RETURNING m.id, u.email AS "to", m.from_name AS "fromName", (m.application_id IS NOT NULL OR m.support_request_id IS NOT NULL) AS conversation, m.subject, m.body_html AS "bodyHtml", m.body_text AS "bodyText"`.execute(kyselyOf(this.db));
    return rows;
  }

  async markEmailed(ids: readonly string[]): Promise<void> {
    if (ids.length) await kyselyOf(this.db).updateTable('inbox_messages').set({ emailed_at: sql<Date>`now()` }).where('id', '=', sql<string>`ANY(${ids}::uuid[])`).execute();
  }

  /** Gives claimed messages back (their send failed): the next run tries them again. */
  async releaseClaims(ids: readonly string[]): Promise<void> {
    if (ids.length) {
      await kyselyOf(this.db)
        .updateTable('inbox_messages')
        .set({ email_claimed_at: null })
        .where('id', '=', sql<string>`ANY(${ids}::uuid[])`)
        .where('emailed_at', 'is', null)
        .execute();
    }
  }
}
