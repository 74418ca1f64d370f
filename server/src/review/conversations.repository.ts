import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource } from 'typeorm';
import { sponsorSql } from '../common/sponsor-sql.js';
import { kyselyOf } from '../database/kysely.js';
import { Statement } from '../database/statement.js';

/** Who wrote a message of a conversation. */
export type Author = 'provider' | 'applicant';

/** One message of a conversation, as stored. */
export interface ConversationRow {
  id: string;
  author: Author;
  subject: string;
  bodyHtml: string;
  bodyText: string;
  sentAt: Date;
  /** The provider's message read by the applicant, or the applicant's reply read by the provider. */
  read: boolean;
}

/** The application a conversation is about, with who may see it. */
export interface ConversationSubject {
  applicationId: string;
  /** Only a submitted application ('Received') has a conversation with the provider. */
  submitted: boolean;
  applicantId: string;
  firstName: string;
  lastName: string;
  scholarshipId: string;
  scholarshipTitle: string;
  providerId: string;
  /** Where the owner is told of an applicant's reply. */
  providerEmail: string;
  organisation: string;
  blindReview: boolean;
}

/** A line of the studio inbox: a conversation and its latest message. */
export interface ThreadRow extends ConversationSubject {
  lastAuthor: Author;
  lastSubject: string;
  lastText: string;
  lastAt: Date;
  unread: number;
}

/** The inbox message an applicant replies to, with the application it belongs to (when it still exists). */
export interface ReplyTarget {
  id: string;
  kind: string;
  subject: string;
  applicationId: string | null;
}

const SUBJECT_COLUMNS = `a.id AS "applicationId", a.status = 'Received' AS submitted, a.user_id AS "applicantId", u.first_name AS "firstName", u.last_name AS "lastName",
  s.id AS "scholarshipId", s.title AS "scholarshipTitle", s.provider_id AS "providerId", provider.email AS "providerEmail", ${sponsorSql('provider')} AS organisation,
  s.blind_review AS "blindReview"`;
const SUBJECT_FROM = `applications a JOIN users u ON u.id = a.user_id JOIN scholarships s ON s.id = a.scholarship_id JOIN users provider ON provider.id = s.provider_id`;

/** Every message of one application's conversation: the provider's (the applicant's inbox rows) and the applicant's replies. */
const MESSAGES_OF = (application: string) => `
  SELECT m.id, 'provider' AS author, m.subject, m.body_html AS "bodyHtml", m.body_text AS "bodyText", m.sent_at AS "sentAt", m.read_at IS NOT NULL AS read
    FROM inbox_messages m WHERE m.application_id = ${application} AND m.kind = 'provider'
  UNION ALL
  SELECT r.id, 'applicant', r.subject, r.body_html, r.body_text, r.created_at, r.read_at IS NOT NULL
    FROM applicant_replies r WHERE r.application_id = ${application}`;

/** The application's ($1) conversation subject. */
const SUBJECT = new Statement<ConversationSubject, readonly [applicationId: string]>(`SELECT ${SUBJECT_COLUMNS} FROM ${SUBJECT_FROM} WHERE a.id = $1`);

/** The application's ($1) conversation, oldest first. */
const MESSAGES = new Statement<ConversationRow, readonly [applicationId: string]>(`SELECT * FROM (${MESSAGES_OF('$1')}) conversation ORDER BY "sentAt", id`);

/** A page of the provider's ($1) conversations ($2 limit, $3 offset, $4 unread only), each with the count of all (a bigint, read as a string). */
const THREADS = new Statement<ThreadRow & { total: string }, readonly [providerId: string, limit: number, offset: number, unreadOnly: boolean]>(
  `SELECT ${SUBJECT_COLUMNS}, last.author AS "lastAuthor", last.subject AS "lastSubject", last."bodyText" AS "lastText", last."sentAt" AS "lastAt",
              (SELECT count(*)::int FROM applicant_replies r WHERE r.application_id = a.id AND r.read_at IS NULL) AS unread,
              count(*) OVER () AS total
         FROM ${SUBJECT_FROM}
         CROSS JOIN LATERAL (SELECT * FROM (${MESSAGES_OF('a.id')}) conversation ORDER BY "sentAt" DESC, id DESC LIMIT 1) last
        WHERE s.provider_id = $1
          AND ($4::boolean IS FALSE OR EXISTS (SELECT 1 FROM applicant_replies r WHERE r.application_id = a.id AND r.read_at IS NULL))
        ORDER BY last."sentAt" DESC, a.id DESC
        LIMIT $2 OFFSET $3`,
);

/** The SQL of conversations between applicants and providers (docs/inbox.md, "Conversations"). */
@Injectable()
export class ConversationsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The recipient's inbox message, or undefined when it is not theirs. */
  async replyTarget(userId: string, messageId: string): Promise<ReplyTarget | undefined> {
    return kyselyOf(this.db)
      .selectFrom('inbox_messages')
      .select(['id', 'kind', 'subject', 'application_id as applicationId'])
      .where('id', '=', messageId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async subject(applicationId: string): Promise<ConversationSubject | undefined> {
    const [row] = await SUBJECT.rows(this.db, [applicationId]);
    return row;
  }

  /** The conversation, oldest first. */
  async messages(applicationId: string): Promise<ConversationRow[]> {
    return MESSAGES.rows(this.db, [applicationId]);
  }

  async addReply(reply: { applicationId: string; inReplyTo: string; subject: string; bodyHtml: string; bodyText: string }): Promise<string> {
    const row = await kyselyOf(this.db)
      .insertInto('applicant_replies')
      .values({ application_id: reply.applicationId, in_reply_to: reply.inReplyTo, subject: reply.subject, body_html: reply.bodyHtml, body_text: reply.bodyText })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Marks the applicant's replies of the conversation read by the provider. */
  async markRepliesRead(applicationId: string): Promise<void> {
    await kyselyOf(this.db)
      .updateTable('applicant_replies')
      .set({ read_at: sql<Date>`now()` })
      .where('application_id', '=', applicationId)
      .where('read_at', 'is', null)
      .execute();
  }

  /** Unread replies to the provider's scholarships (the studio sidebar's badge). */
  async unreadForProvider(providerId: string): Promise<number> {
    const row = await kyselyOf(this.db)
      .selectFrom('applicant_replies as r')
      .innerJoin('applications as a', 'a.id', 'r.application_id')
      .innerJoin('scholarships as s', 's.id', 'a.scholarship_id')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
      .where('s.provider_id', '=', providerId)
      .where('r.read_at', 'is', null)
      .executeTakeFirstOrThrow();
    return row.n;
  }

  /**
   * A page of the provider's conversations, the latest message first: every application of its
   * scholarships the provider has written to. `unreadOnly` keeps those with unread replies.
   */
  async threads(providerId: string, unreadOnly: boolean, offset: number, limit: number): Promise<{ threads: ThreadRow[]; total: number }> {
    const rows = await THREADS.rows(this.db, [providerId, limit, offset, unreadOnly]);
    const total = rows.length ? Number(rows[0].total) : 0;
    return { threads: rows.map(({ total: _total, ...thread }) => thread), total };
  }
}
