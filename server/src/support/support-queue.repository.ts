import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SupportKind, SupportStatus } from '@scholarmatch/schemas';
import { sql, type SelectQueryBuilder } from 'kysely';
import type { DataSource } from 'typeorm';
import type { DB } from '../database/database-types.js';
import { kyselyOf } from '../database/kysely.js';
import { COLUMNS, type SupportRequestRow } from './support.repository.js';
import { likePattern } from '../database/like-pattern.js';

/** What the staff's queue shows (docs/console.md, "Support queue"). */
export interface QueueFilter {
  status?: SupportStatus;
  /** The older filter: answered (true) or not (false). */
  answered?: boolean;
  kind?: SupportKind;
  /** Only requests waiting more than this many hours: since they were sent, or since the person's reply that reopened them. */
  olderThanHours?: number;
  /** Found in the name, the e-mail, the query or the message; `%` and `_` are characters. */
  search?: string;
}

/** newest: newest first (the list's order before the queue); waiting: open first, then answered, then solved, the longest waiting first in each. */
export type QueueSort = 'newest' | 'waiting';

export interface QueueRow extends SupportRequestRow {
  assigneeName: string | null;
}

export interface SupportNoteRow {
  id: string;
  text: string;
  createdAt: Date;
  authorId: string | null;
  authorName: string | null;
}

export interface StaffMember {
  id: string;
  name: string;
  email: string;
}

/** The account a request came from, beside it in the console. */
export interface PersonRow {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  role: string;
  createdAt: Date;
  requestCount: number;
}

function filtered<O>(query: SelectQueryBuilder<DB, 'support_requests', O>, filter: QueueFilter): SelectQueryBuilder<DB, 'support_requests', O> {
  let kept = query;
  if (filter.status !== undefined) kept = kept.where('support_requests.status', '=', filter.status);
  if (filter.answered !== undefined) kept = kept.where('support_requests.answered_at', filter.answered ? 'is not' : 'is', null);
  if (filter.kind !== undefined) kept = kept.where('support_requests.kind', '=', filter.kind);
  if (filter.olderThanHours !== undefined) {
    kept = kept.where('support_requests.waiting_since', '<', sql<Date>`now() - make_interval(hours => ${filter.olderThanHours})`);
  }
  if (filter.search) {
    const pattern = likePattern(filter.search);
    kept = kept.where((eb) =>
      eb.or([
        eb('support_requests.name', 'ilike', pattern),
        eb('support_requests.email', 'ilike', pattern),
        eb('support_requests.query', 'ilike', pattern),
        eb('support_requests.description', 'ilike', pattern),
      ]),
    );
  }
  return kept;
}

const QUEUE_COLUMNS = COLUMNS.map((column) => `support_requests.${column}` as const);

/** The staff's side of `support_requests`: the queue, a request's status and assignee, and its internal notes. */
@Injectable()
export class SupportQueueRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async page(filter: QueueFilter, sort: QueueSort, offset: number, limit: number): Promise<{ rows: QueueRow[]; total: number }> {
    const db = kyselyOf(this.db);
    let rows = filtered(
      db
        .selectFrom('support_requests')
        .leftJoin('users as assignee', 'assignee.id', 'support_requests.assigned_to')
        .select(QUEUE_COLUMNS)
        .select(sql<string | null>`nullif(trim(assignee.first_name || ' ' || assignee.last_name), '')`.as('assigneeName')),
      filter,
    );
    if (sort === 'waiting') {
      // All statuses: ranked, read off the index on this very expression (support_requests_waiting).
      // One status kept (the console's default, the open ones): the rank is the same for every row, and
      // (status, waiting_since, id) gives the order as it is; ranking anyway would sort every kept row
      // first, or walk the other statuses' rows in the ranked index (docs/console.md, "Support queue").
      if (filter.status === undefined) rows = rows.orderBy(sql`CASE support_requests.status WHEN 'open' THEN 0 WHEN 'answered' THEN 1 ELSE 2 END`);
      rows = rows.orderBy('support_requests.waiting_since', 'asc').orderBy('support_requests.id', 'asc');
    } else {
      rows = rows.orderBy('support_requests.created_at', 'desc').orderBy('support_requests.id', 'desc');
    }
    const [page, { total }] = await Promise.all([
      rows.offset(offset).limit(limit).$castTo<QueueRow>().execute(),
      filtered(db.selectFrom('support_requests').select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('total')), filter).executeTakeFirstOrThrow(),
    ]);
    return { rows: page, total };
  }

  /** Open requests waiting more than `hours` (since sent, or since the person's reply): the ones past the reply the site promises. */
  async countOpenOlderThan(hours: number): Promise<number> {
    const row = await kyselyOf(this.db)
      .selectFrom('support_requests')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('count'))
      .where('status', '=', 'open')
      .where('waiting_since', '<', sql<Date>`now() - make_interval(hours => ${hours})`)
      .executeTakeFirstOrThrow();
    return row.count;
  }

  async find(id: string): Promise<QueueRow | undefined> {
    return kyselyOf(this.db)
      .selectFrom('support_requests')
      .leftJoin('users as assignee', 'assignee.id', 'support_requests.assigned_to')
      .select(QUEUE_COLUMNS)
      .select(sql<string | null>`nullif(trim(assignee.first_name || ' ' || assignee.last_name), '')`.as('assigneeName'))
      .where('support_requests.id', '=', id)
      .$castTo<QueueRow>()
      .executeTakeFirst();
  }

  /** Marks it solved; undefined when it does not exist or is solved already. */
  async solve(id: string): Promise<SupportRequestRow | undefined> {
    return kyselyOf(this.db)
      .updateTable('support_requests')
      .set({ status: 'solved', solved_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where('status', '<>', 'solved')
      .returning(COLUMNS)
      .$castTo<SupportRequestRow>()
      .executeTakeFirst();
  }

  /** Back in the queue: answered when it has an answer, else open; undefined when it does not exist or is not solved. */
  async reopen(id: string): Promise<SupportRequestRow | undefined> {
    return kyselyOf(this.db)
      .updateTable('support_requests')
      .set({ status: sql<string>`CASE WHEN answered_at IS NULL THEN 'open' ELSE 'answered' END`, solved_at: null })
      .where('id', '=', id)
      .where('status', '=', 'solved')
      .returning(COLUMNS)
      .$castTo<SupportRequestRow>()
      .executeTakeFirst();
  }

  /** Sets (or clears) the assignee; undefined when the request does not exist. */
  async assign(id: string, staffId: string | null): Promise<SupportRequestRow | undefined> {
    return kyselyOf(this.db)
      .updateTable('support_requests')
      .set({ assigned_to: staffId })
      .where('id', '=', id)
      .returning(COLUMNS)
      .$castTo<SupportRequestRow>()
      .executeTakeFirst();
  }

  /** The people whose role is one of `roles` (the roles that answer support), by name. */
  async staff(roles: readonly string[]): Promise<StaffMember[]> {
    if (!roles.length) return [];
    return kyselyOf(this.db)
      .selectFrom('users')
      .select(['id', 'email', sql<string>`trim(first_name || ' ' || last_name)`.as('name')])
      .where('role', 'in', roles)
      .orderBy('first_name')
      .orderBy('last_name')
      .orderBy('id')
      .execute();
  }

  async isStaff(userId: string, roles: readonly string[]): Promise<boolean> {
    if (!roles.length) return false;
    const row = await kyselyOf(this.db).selectFrom('users').select('id').where('id', '=', userId).where('role', 'in', roles).executeTakeFirst();
    return Boolean(row);
  }

  async notes(requestId: string): Promise<SupportNoteRow[]> {
    return kyselyOf(this.db)
      .selectFrom('support_request_notes as n')
      .leftJoin('users as author', 'author.id', 'n.author_id')
      .select(['n.id', 'n.text', 'n.created_at as createdAt', 'n.author_id as authorId'])
      .select(sql<string | null>`nullif(trim(author.first_name || ' ' || author.last_name), '')`.as('authorName'))
      .where('n.request_id', '=', requestId)
      .orderBy('n.created_at')
      .orderBy('n.id')
      .execute();
  }

  /** Adds an internal note; undefined when the request does not exist. */
  async addNote(requestId: string, authorId: string, text: string): Promise<string | undefined> {
    const row = await kyselyOf(this.db)
      .insertInto('support_request_notes')
      .columns(['request_id', 'author_id', 'text'])
      .expression((eb) => eb.selectFrom('support_requests').select([eb.val(requestId).as('request_id'), eb.val(authorId).as('author_id'), eb.val(text).as('text')]).where('id', '=', requestId))
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** The account beside a request: who they are and how many requests they sent. */
  async person(userId: string): Promise<PersonRow | undefined> {
    const db = kyselyOf(this.db);
    const user = await db
      .selectFrom('users')
      .select(['id', 'email', 'phone', 'role', 'created_at as createdAt', sql<string>`trim(first_name || ' ' || last_name)`.as('name')])
      .select((eb) => eb.selectFrom('support_requests').select(eb.cast<number>(eb.fn.countAll(), 'integer').as('n')).where('support_requests.user_id', '=', userId).as('requestCount'))
      .where('id', '=', userId)
      .executeTakeFirst();
    return user && { ...user, requestCount: user.requestCount ?? 0 };
  }
}
