import { Injectable } from '@nestjs/common';
import { RateLimitCountersRepository } from '../auth/rate-limit-counters.repository.js';
import { PerCallerLimit } from '../common/per-caller-limit.js';

/** Per person, whatever network they call from: enough for a long evening of drafting. */
export const ESSAYS_PER_HOUR_PER_PERSON = 30;

/** The per-person limit on essay drafts, counted in the shared store of the rate limits. */
@Injectable()
export class EssayRequestLimit {
  private readonly perPerson: PerCallerLimit;

  constructor(counters: RateLimitCountersRepository) {
    this.perPerson = new PerCallerLimit(counters, ESSAYS_PER_HOUR_PER_PERSON, 60 * 60_000, 'essay requests');
  }

  /** Counts one request by the person, or refuses it with 429 when the hour's are used up. */
  take(userId: string): Promise<void> {
    return this.perPerson.take(userId);
  }
}
