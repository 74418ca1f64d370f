import { ApiError } from './error-body.js';
import type { CallCounter } from './per-caller-limit.js';

const ONE_MINUTE_MS = 60_000;
/** A replica tells the shared count what it counted at least this often. */
const SYNC_EVERY_MS = 1_000;

/** The standard headers (the IETF draft's `RateLimit-*`). */
interface HeaderReply {
  header(name: string, value: string | number): unknown;
}

/** One key's count as this replica knows it. */
interface KeyCount {
  /** The shared count at the last sync, this replica's hits included. */
  shared: number;
  /** Hits counted here since. */
  local: number;
  windowEnds: number;
  syncedAt: number;
  syncing?: Promise<void>;
}

/**
 * The per-key limit of requests made with an API key (docs/api.md, "API keys"): `max` a minute
 * per key, whatever the address, counted in the shared PostgreSQL counters so that every replica
 * counts toward one limit. A hit per request would cost a statement per request, so each replica
 * counts locally and adds its count to the shared one at least every second and, in the first half
 * of the limit, whenever its own count reaches half of what is left of that half; past half the
 * limit every request syncs, so the limit holds. A key well within its limit costs about one
 * statement a second per replica. Every such
 * request answers `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset`; past the limit
 * 429 with `Retry-After`.
 */
export class KeyRateLimit {
  private readonly counts = new Map<string, KeyCount>();

  constructor(
    private readonly counter: CallCounter,
    private readonly max: number,
  ) {}

  async take(keyId: string, reply: HeaderReply): Promise<void> {
    const now = Date.now();
    let count = this.counts.get(keyId);
    if (!count || count.windowEnds <= now) {
      if (this.counts.size >= 50_000) this.counts.clear();
      count = { shared: 0, local: 0, windowEnds: 0, syncedAt: 0 };
      this.counts.set(keyId, count);
    }
    count.local++;
    if (this.mustSync(count, now)) await this.sync(keyId, count);
    const used = count.shared + count.local;
    const reset = Math.max(1, Math.ceil((count.windowEnds - Date.now()) / 1000));
    reply.header('RateLimit-Limit', this.max);
    reply.header('RateLimit-Remaining', Math.max(0, this.max - used));
    reply.header('RateLimit-Reset', reset);
    if (used <= this.max) return;
    reply.header('Retry-After', reset);
    throw new ApiError(429, `This API key has made its ${this.max} requests for this minute. Please try again in ${reset} seconds.`, {
      errorCode: 'KEY_RATE_LIMITED',
    });
  }

  /**
   * Past half the limit every request syncs, so the limit holds exactly. Before, this replica may
   * count up to half of what is left of that first half on its own (two replicas together cannot
   * cross it unseen; more can by a few requests), and syncs at least every second.
   */
  private mustSync(count: KeyCount, now: number): boolean {
    const half = this.max / 2;
    if (count.syncedAt === 0 || now - count.syncedAt >= SYNC_EVERY_MS) return true;
    if (count.shared + count.local > half) return true;
    return count.local * 2 >= half - count.shared;
  }

  /** Adds this replica's hits to the shared count and reads it back; concurrent requests share one sync. */
  private async sync(keyId: string, count: KeyCount): Promise<void> {
    count.syncing ??= (async () => {
      const hits = count.local;
      count.local = 0;
      try {
        const { current, ttl } = await this.counter.hit(`api-key:${keyId}`, ONE_MINUTE_MS, hits);
        count.shared = current;
        count.windowEnds = Date.now() + ttl;
        count.syncedAt = Date.now();
      } catch (error) {
        count.local += hits;
        throw error;
      } finally {
        count.syncing = undefined;
      }
    })();
    await count.syncing;
  }
}
