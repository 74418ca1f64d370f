import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Selectable, sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import type { IdempotencyKeys } from '../database/database-types.js';
import { kyselyFor, kyselyIn } from '../database/kysely.js';
import { Statement } from '../database/statement.js';

/** A key already claimed: by which request, and its answer once it has one. */
export interface ClaimedKey {
  requestHash: string;
  /** null while the first request is still running. */
  statusCode: number | null;
  responseBody: unknown;
}

type KeyRow = Pick<Selectable<IdempotencyKeys>, 'request_hash' | 'status_code' | 'response_body'> & { claimed: boolean };

/**
 * `synchronous_commit` off for the statement's own transaction (docs/api.md, "Idempotent
 * requests"): its commit does not wait for the disk. PostgreSQL writes its log in order, so the
 * work's own commit, which does wait, makes the claim durable with it; a claim lost in a crash
 * before any work committed is only a key a retry claims again. Written as a filter so it runs in
 * the one prepared round trip, and only when the statement writes a row.
 */
const ASYNC_COMMIT = `set_config('synchronous_commit', 'off', true) = 'off'`;

/**
 * Claims key $2 of caller $1 for request $3 in one statement: a new key, or one past its $4 hours,
 * or one still running after $5 minutes (its server stopped) is taken (`claimed`); otherwise the
 * claim that holds it is answered as it stands.
 */
const CLAIM = new Statement<KeyRow, readonly [callerId: string, key: string, requestHash: string, liveHours: number, abandonedMinutes: number]>(
  `WITH taken AS (
     INSERT INTO idempotency_keys AS k (caller_id, key, request_hash) VALUES ($1, $2, $3)
     ON CONFLICT (caller_id, key) DO UPDATE
       SET request_hash = EXCLUDED.request_hash, status_code = NULL, response_body = NULL, created_at = now(), completed_at = NULL
       WHERE k.created_at < now() - make_interval(hours => $4)
          OR (k.completed_at IS NULL AND k.created_at < now() - make_interval(mins => $5))
     RETURNING k.request_hash, k.status_code, k.response_body, true AS claimed
   )
   SELECT * FROM taken WHERE ${ASYNC_COMMIT}
   UNION ALL
   SELECT request_hash, status_code, response_body, false FROM idempotency_keys WHERE caller_id = $1 AND key = $2 AND NOT EXISTS (SELECT 1 FROM taken)`,
);

/** Claim $2 of caller $1 as it stands. */
const READ = new Statement<Omit<KeyRow, 'claimed'>, readonly [callerId: string, key: string]>(
  `SELECT request_hash, status_code, response_body FROM idempotency_keys WHERE caller_id = $1 AND key = $2`,
);

/**
 * Keeps answer $4 (status $3) of the request that holds key $2 of caller $1. Committed without
 * waiting for the disk too: the next commit of anything flushes it, and one lost in a crash leaves
 * the claim running, as a server stopped before it kept its answer does.
 */
const COMPLETE = new Statement<object, readonly [callerId: string, key: string, statusCode: number, responseBody: string]>(
  `UPDATE idempotency_keys SET status_code = $3, response_body = $4::jsonb, completed_at = now() WHERE caller_id = $1 AND key = $2 AND ${ASYNC_COMMIT}`,
);

/**
 * The callers' idempotency keys (docs/api.md, "Idempotent requests"). A claim is one statement
 * that either takes the key or answers who holds it; both statements run prepared, being on the
 * path of every keyed create.
 */
@Injectable()
export class IdempotencyKeysRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Takes the key for this request, or answers the claim that holds it. */
  async claim(callerId: string, key: string, requestHash: string, liveHours: number, abandonedMinutes: number): Promise<ClaimedKey | 'claimed'> {
    const [row] = await CLAIM.prepared(this.db, [callerId, key, requestHash, liveHours, abandonedMinutes]);
    if (row?.claimed) return 'claimed';
    // Released between the insert and the read (its request failed): answered as still running, the caller retries.
    if (!row) return { requestHash, statusCode: null, responseBody: null };
    return { requestHash: row.request_hash.trim(), statusCode: row.status_code, responseBody: row.response_body };
  }

  /** The claim that holds the key, as it stands; undefined once given back. */
  async read(callerId: string, key: string): Promise<ClaimedKey | undefined> {
    const [row] = await READ.prepared(this.db, [callerId, key]);
    return row && { requestHash: row.request_hash.trim(), statusCode: row.status_code, responseBody: row.response_body };
  }

  /** Keeps the answer of the request that holds the key. */
  async complete(callerId: string, key: string, statusCode: number, responseBody: unknown): Promise<void> {
    await COMPLETE.prepared(this.db, [callerId, key, statusCode, JSON.stringify(responseBody ?? null)]);
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
