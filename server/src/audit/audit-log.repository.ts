import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { SelectQueryBuilder } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import type { DB } from '../database/database-types.js';
import { kyselyFor, kyselyOf } from '../database/kysely.js';
import type { AuditEntry, AuditFilter, AuditRecord } from './audit-entry.js';

const COLUMNS = [
  'id',
  'at',
  'actor_id as actorId',
  'actor_role as actorRole',
  'action',
  'target_type as targetType',
  'target_id as targetId',
  'before',
  'after',
  'ip',
] as const;

/** The rows the filter keeps (each bound, never spliced). */
function filtered<O>(query: SelectQueryBuilder<DB, 'audit_log', O>, filter: AuditFilter): SelectQueryBuilder<DB, 'audit_log', O> {
  let kept = query;
  if (filter.actorId !== undefined) kept = kept.where('actor_id', '=', filter.actorId);
  if (filter.targetType !== undefined) kept = kept.where('target_type', '=', filter.targetType);
  if (filter.targetId !== undefined) kept = kept.where('target_id', '=', filter.targetId);
  if (filter.action !== undefined) kept = kept.where('action', '=', filter.action);
  if (filter.from !== undefined) kept = kept.where('at', '>=', filter.from);
  if (filter.to !== undefined) kept = kept.where('at', '<', filter.to);
  return kept;
}

/** A JSON value as a jsonb parameter (undefined: SQL NULL). */
const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** `audit_log`: rows are inserted and read, never changed (the table's triggers refuse it). */
@Injectable()
export class AuditLogRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Writes one row; inside `manager`'s transaction when given, so it commits or rolls back with the change. */
  async insert(entry: AuditEntry, manager?: EntityManager): Promise<void> {
    await kyselyFor(manager ?? this.db)
      .insertInto('audit_log')
      .values({
        actor_id: entry.actor.id,
        actor_role: entry.actor.role,
        action: entry.action,
        target_type: entry.targetType,
        target_id: String(entry.targetId),
        before: json(entry.before),
        after: json(entry.after),
        ip: entry.actor.ip ?? null,
      })
      .execute();
  }

  /** A page of the rows the filter keeps, newest first, and how many it keeps. */
  async page(filter: AuditFilter, offset: number, limit: number): Promise<{ rows: AuditRecord[]; total: number }> {
    const db = kyselyOf(this.db);
    const [rows, { total }] = await Promise.all([
      filtered(db.selectFrom('audit_log').select(COLUMNS), filter).orderBy('at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute(),
      filtered(db.selectFrom('audit_log').select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('total')), filter).executeTakeFirstOrThrow(),
    ]);
    return { rows, total };
  }
}
