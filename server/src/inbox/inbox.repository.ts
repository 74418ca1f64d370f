import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { InboxMessageKind } from './inbox-message.js';

export interface StoredMessage {
  id: string;
  kind: InboxMessageKind;
  scholarshipId: string | null;
  applicationId: string | null;
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

const COLUMNS = `id, kind, scholarship_id AS "scholarshipId", application_id AS "applicationId", from_name AS "fromName", from_email AS "fromEmail", subject,
  body_html AS "bodyHtml", body_text AS "bodyText", sent_at AS "sentAt", created_at AS "createdAt", read_at AS "readAt"`;

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

/** The filter's conditions, numbered from `$first`, and their parameters. */
function filterSql({ search, scholarshipId }: MessageFilter, first: number): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const next = (value: unknown) => {
    params.push(value);
    return `$${first + params.length - 1}`;
  };
  if (search) conditions.push(`AND (search_vector @@ plainto_tsquery('simple', ${next(search)}) OR search_text LIKE ${next(likePattern(search))})`);
  if (scholarshipId) conditions.push(`AND scholarship_id = ${next(scholarshipId)}`);
  return { sql: conditions.join(' '), params };
}

/** The inbox's SQL (docs/inbox.md). */
@Injectable()
export class InboxRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Stores each message for its recipient, in the caller's transaction when given; the NOTIFY fires at commit. */
  async insert(entries: readonly { userId: string; message: NewMessage }[], manager?: EntityManager): Promise<void> {
    if (!entries.length) return;
    const runner = manager ?? this.db.manager;
    const column = <K extends keyof NewMessage>(key: K) => entries.map((entry) => entry.message[key]);
    await runner.query(
      `INSERT INTO inbox_messages (user_id, kind, scholarship_id, from_name, from_email, subject, body_html, body_text, application_id)
       SELECT * FROM unnest($1::uuid[], $2::varchar[], $3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::uuid[])`,
      [entries.map((entry) => entry.userId), column('kind'), column('scholarshipId'), column('fromName'), column('fromEmail'), column('subject'), column('bodyHtml'), column('bodyText'), column('applicationId')],
    );
    await notifyInboxMail(runner);
  }

  /**
   * A page of the recipient's messages, newest first, with the count of those matching. A search
   * matches whole words through the vector, or any part of the text through the trigram index;
   * `scholarshipId` keeps the messages about that scholarship.
   */
  async page(userId: string, filter: MessageFilter, offset: number, limit: number): Promise<{ messages: StoredMessage[]; total: number }> {
    const { sql, params } = filterSql(filter, 4);
    const rows = (await this.db.query(
      `SELECT ${COLUMNS}, count(*) OVER () AS total FROM inbox_messages
       WHERE user_id = $1 ${sql}
       ORDER BY sent_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset, ...params],
    )) as (StoredMessage & { total: string })[];
    const total = rows.length ? Number(rows[0].total) : offset > 0 ? await this.count(userId, filter) : 0;
    return { messages: rows.map(({ total: _total, ...message }) => message), total };
  }

  private async count(userId: string, filter: MessageFilter): Promise<number> {
    const { sql, params } = filterSql(filter, 2);
    const [row] = (await this.db.query(`SELECT count(*)::int AS n FROM inbox_messages WHERE user_id = $1 ${sql}`, [userId, ...params])) as { n: number }[];
    return row.n;
  }

  async unreadCount(userId: string): Promise<number> {
    const [row] = (await this.db.query(`SELECT count(*)::int AS n FROM inbox_messages WHERE user_id = $1 AND read_at IS NULL`, [userId])) as { n: number }[];
    return row.n;
  }

  async findOwn(userId: string, id: string): Promise<StoredMessage | undefined> {
    const [row] = (await this.db.query(`SELECT ${COLUMNS} FROM inbox_messages WHERE id = $1 AND user_id = $2`, [id, userId])) as StoredMessage[];
    return row;
  }

  /** Marks the recipient's message read (the first reading's time stays). */
  async markRead(userId: string, id: string): Promise<StoredMessage | undefined> {
    const [rows] = (await this.db.query(
      `UPDATE inbox_messages SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING ${COLUMNS}`,
      [id, userId],
    )) as [StoredMessage[], number];
    return rows[0];
  }

  /**
   * Claims up to `limit` messages whose e-mail has not gone out (nor is being sent by a live run),
   * with their recipient's address. SKIP LOCKED lets two runs share the work.
   */
  async claimPendingMail(limit: number): Promise<PendingMail[]> {
    const [rows] = (await this.db.query(
      `UPDATE inbox_messages m SET email_claimed_at = now()
       FROM users u
       WHERE m.id IN (
         SELECT id FROM inbox_messages
         WHERE emailed_at IS NULL AND (email_claimed_at IS NULL OR email_claimed_at < now() - interval '${STALE_CLAIM}')
         ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
         AND u.id = m.user_id
       RETURNING m.id, u.email AS "to", m.from_name AS "fromName", m.application_id IS NOT NULL AS conversation, m.subject, m.body_html AS "bodyHtml", m.body_text AS "bodyText"`,
      [limit],
    )) as [PendingMail[], number];
    return rows;
  }

  async markEmailed(ids: readonly string[]): Promise<void> {
    if (ids.length) await this.db.query(`UPDATE inbox_messages SET emailed_at = now() WHERE id = ANY($1::uuid[])`, [ids]);
  }

  /** Gives claimed messages back (their send failed): the next run tries them again. */
  async releaseClaims(ids: readonly string[]): Promise<void> {
    if (ids.length) await this.db.query(`UPDATE inbox_messages SET email_claimed_at = NULL WHERE id = ANY($1::uuid[]) AND emailed_at IS NULL`, [ids]);
  }
}
