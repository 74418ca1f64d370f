import { LRUCache } from 'lru-cache';
import { ApiError } from './error-body.js';

interface Window {
  count: number;
  resetsAt: number;
}

/**
 * At most `max` calls per signed-in person in a fixed window, counted in this instance's memory
 * (as the per-IP limits are; docs/security.md). The per-IP limit runs before authentication and
 * cannot tell people apart; this one runs in the handler, after the token is verified, so one
 * person cannot spread calls over many networks, and people sharing a network do not share it.
 */
export class PerCallerLimit {
  private readonly windows: LRUCache<string, Window>;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly what: string,
  ) {
    this.windows = new LRUCache<string, Window>({ max: 100_000, ttl: windowMs });
  }

  /** Counts one call by `callerId`, or refuses it with 429 when the window's calls are used up. */
  take(callerId: string, now = Date.now()): void {
    let window = this.windows.get(callerId);
    if (!window || window.resetsAt <= now) {
      window = { count: 0, resetsAt: now + this.windowMs };
      this.windows.set(callerId, window);
    }
    if (window.count >= this.max) {
      const minutes = Math.ceil((window.resetsAt - now) / 60_000);
      throw new ApiError(429, `You have used your ${this.max} ${this.what} for now. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
        errorCode: 'RATE_LIMITED',
      });
    }
    window.count++;
  }
}
