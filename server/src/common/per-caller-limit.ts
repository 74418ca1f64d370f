import { ApiError } from './error-body.js';

/** One key's count: calls so far in its window, and milliseconds until the window ends. */
export interface CallCount {
  current: number;
  ttl: number;
}

/** Where the counts are kept: a shared store, so every replica counts the same calls (RateLimitCountersRepository). */
export interface CallCounter {
  /** Counts `hits` calls (one when not given) and answers the key's count so far. */
  hit(key: string, windowMs: number, hits?: number): Promise<CallCount>;
}

/**
 * At most `max` calls per signed-in person in a fixed window, counted in the shared store of the
 * per-IP limits (docs/security.md, "Rate limits across replicas"). The per-IP limit runs before
 * authentication and cannot tell people apart; this one runs in the handler, after the token is
 * verified, so one person cannot spread calls over many networks, and people sharing a network
 * do not share it.
 */
export class PerCallerLimit {
  constructor(
    private readonly counter: CallCounter,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly what: string,
  ) {}

  /** Counts one call by `callerId`, or refuses it with 429 when the window's calls are used up. */
  async take(callerId: string): Promise<void> {
    const { current, ttl } = await this.counter.hit(`caller:${this.what}:${callerId}`, this.windowMs);
    if (current > this.max) {
      const minutes = Math.max(1, Math.ceil(ttl / 60_000));
      throw new ApiError(429, `You have used your ${this.max} ${this.what} for now. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, {
        errorCode: 'RATE_LIMITED',
      });
    }
  }
}
