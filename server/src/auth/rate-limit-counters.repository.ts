import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql, type Selectable } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import type { RateLimitCounters } from '../database/database-types.js';
import { kyselyIn } from '../database/kysely.js';
import { Statement } from '../database/statement.js';

/** One client's count on one route or group: hits so far, and milliseconds until the window ends. */
export interface RateLimitCount {
  current: number;
  ttl: number;
}

/** Counts $3 hits on key $1 with a window of $2 milliseconds: starts a window, or counts in the running one. */
const HIT = new Statement<Pick<Selectable<RateLimitCounters>, 'hits'> & { ttl: number }, readonly [key: string, windowMs: number, hits: number]>(
  `INSERT INTO rate_limit_counters AS c (key, hits, window_ends)
       VALUES ($1, $3, now() + make_interval(secs => $2::double precision / 1000))
       ON CONFLICT (key) DO UPDATE
         SET hits = CASE WHEN c.window_ends <= now() THEN $3 ELSE c.hits + $3 END,
             window_ends = CASE WHEN c.window_ends <= now() THEN EXCLUDED.window_ends ELSE c.window_ends END
       RETURNING hits, greatest(0, ceil(extract(epoch FROM window_ends - now()) * 1000))::int AS ttl`,
);

/**
 * The per-IP request counters in PostgreSQL, shared by every replica (docs/security.md, "Rate
 * limits"). A hit is one statement: it starts a window, or counts in the running one.
 */
@Injectable()
export class RateLimitCountersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Counts `hits` (default one; API keys count several at once, common/key-rate-limit.ts). */
  async hit(key: string, windowMs: number, hits = 1): Promise<RateLimitCount> {
    const [row] = await HIT.prepared(this.db, [key, windowMs, hits]);
    return { current: row.hits, ttl: row.ttl };
  }

  /** Windows over for a minute or more: their counts no longer matter. */
  async deleteExpired(manager: EntityManager, limit: number): Promise<string[]> {
    const rows = await kyselyIn(manager)
      .deleteFrom('rate_limit_counters')
      .where('key', 'in', (eb) =>
        eb.selectFrom('rate_limit_counters').select('key').where('window_ends', '<', sql<Date>`now() - interval '1 minute'`).limit(limit),
      )
      .returning('key')
      .execute();
    return rows.map((row) => row.key);
  }
}
