import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/error-body.js';
import { HealthRepository } from './health.repository.js';

/**
 * How long health waits for PostgreSQL. A host that hangs (rather than refusing connections)
 * would otherwise hold the probe as long as it hangs; a probe wants an answer in seconds.
 */
const HEALTH_DEADLINE_MS = 2_000;

function answersWithin<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

/** Liveness and readiness in one: up only when PostgreSQL answers within 2 s, otherwise a 503. */
@Injectable()
export class HealthService {
  constructor(private readonly database: HealthRepository) {}

  async check(): Promise<{ status: string; database: string }> {
    try {
      await answersWithin(this.database.ping(), HEALTH_DEADLINE_MS);
    } catch {
      throw new ApiError(503, 'The database is not reachable. Please try again in a moment.', { errorCode: 'DATABASE_DOWN' });
    }
    return { status: 'ok', database: 'up' };
  }
}
