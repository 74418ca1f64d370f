import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import { kyselyFor, kyselyIn } from '../database/kysely.js';

/** A key already claimed: by which request, and its answer once it has one. */
export interface ClaimedKey {
  requestHash: string;
  /** null while the first request is still running. */
  statusCode: number | null;
  responseBody: unknown;
}

/**
 * The callers' idempotency keys (docs/api.md, "Idempotent requests"). A claim is one insert that
 * either takes the key or finds who holds it; claims older than `liveHours`, and running claims
 * older than `abandonedMinutes` (a server stopped mid-request), are taken over.
 */
@Injectable()
export class IdempotencyKeysRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Takes the key for this request, or answers the claim that holds it. */
  async claim(callerId: string, key: string, requestHash: string, liveHours: number, abandonedMinutes: number): Promise<ClaimedKey | 'claimed'> {
    const db = kyselyFor(this.db);
    const taken = await db
      .insertInto('idempotency_keys')
      .values({ caller_id: callerId, key, request_hash: requestHash })
      .onConflict((conflict) =>
        conflict.columns(['caller_id', 'key']).doUpdateSet({ request_hash: requestHash, status_code: null, response_body: null, created_at: sql`now()`, completed_at: null }).where((eb) =>
          eb.or([
            eb('idempotency_keys.created_at', '<', sql<Date>`now() - make_interval(hours => ${liveHours})`),
            eb.and([eb('idempotency_keys.completed_at', 'is', null), eb('idempotency_keys.created_at', '<', sql<Date>`now() - make_interval(mins => ${abandonedMinutes})`)]),
          ]),
        ),
      )
      .returning('key')
      .executeTakeFirst();
    if (taken) return 'claimed';
    const held = await db
      .selectFrom('idempotency_keys')
      .select(['request_hash', 'status_code', 'response_body'])
      .where('caller_id', '=', callerId)
      .where('key', '=', key)
      .executeTakeFirst();
    // Released between the two statements (its request failed): the caller may simply retry.
    if (!held) return { requestHash: requestHash, statusCode: null, responseBody: null };
    return { requestHash: held.request_hash.trim(), statusCode: held.status_code, responseBody: held.response_body };
  }

  /** Keeps the answer of the request that holds the key. */
  async complete(callerId: string, key: string, statusCode: number, responseBody: unknown): Promise<void> {
    await kyselyFor(this.db)
      .updateTable('idempotency_keys')
      .set({ status_code: statusCode, response_body: JSON.stringify(responseBody ?? null), completed_at: sql`now()` })
      .where('caller_id', '=', callerId)
      .where('key', '=', key)
      .execute();
  }

  /** Gives the key back: its request failed, so a retry does the work. */
  async release(callerId: string, key: string): Promise<void> {
    await kyselyFor(this.db).deleteFrom('idempotency_keys').where('caller_id', '=', callerId).where('key', '=', key).where('completed_at', 'is', null).execute();
  }

  /** Claims older than `liveHours`: they no longer count. */
  async deleteExpired(manager: EntityManager, liveHours: number, limit: number): Promise<string[]> {
    const rows = await kyselyIn(manager)
      .deleteFrom('idempotency_keys')
      .where('key', 'in', (eb) =>
        eb.selectFrom('idempotency_keys').select('key').where('created_at', '<', sql<Date>`now() - make_interval(hours => ${liveHours})`).limit(limit),
      )
      .where('created_at', '<', sql<Date>`now() - make_interval(hours => ${liveHours})`)
      .returning('key')
      .execute();
    return rows.map((row) => row.key);
  }
}
