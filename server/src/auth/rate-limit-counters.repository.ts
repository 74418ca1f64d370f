import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { deletedRows } from '../jobs/periodic-sweep.js';

/** One client's count on one route or group: hits so far, and milliseconds until the window ends. */
export interface RateLimitCount {
  current: number;
  ttl: number;
}

/**
 * The per-IP request counters in PostgreSQL, shared by every replica (docs/security.md, "Rate
 * limits"). A hit is one statement: it starts a window, or counts in the running one.
 */
@Injectable()
export class RateLimitCountersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async hit(key: string, windowMs: number): Promise<RateLimitCount> {
    const [row] = (await this.db.query(
      `INSERT INTO rate_limit_counters AS c (key, hits, window_ends)
       VALUES ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
       ON CONFLICT (key) DO UPDATE
         SET hits = CASE WHEN c.window_ends <= now() THEN 1 ELSE c.hits + 1 END,
             window_ends = CASE WHEN c.window_ends <= now() THEN EXCLUDED.window_ends ELSE c.window_ends END
       RETURNING hits, greatest(0, ceil(extract(epoch FROM window_ends - now()) * 1000))::int AS ttl`,
      [key, windowMs],
    )) as { hits: number; ttl: number }[];
    return { current: row.hits, ttl: row.ttl };
  }

  /** Windows over for a minute or more: their counts no longer matter. */
  async deleteExpired(manager: EntityManager, limit: number): Promise<string[]> {
    const rows = (await manager.query(
      `DELETE FROM rate_limit_counters
        WHERE key IN (SELECT key FROM rate_limit_counters WHERE window_ends < now() - interval '1 minute' LIMIT $1)
        RETURNING key`,
      [limit],
    )) as unknown;
    return deletedRows<{ key: string }>(rows).map((row) => row.key);
  }
}
