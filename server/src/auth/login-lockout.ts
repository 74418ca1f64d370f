import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { ApiError } from '../common/error-body.js';
import { AppConfig } from '../config/app-config.js';

/**
 * Locks one account for one IP after LOGIN_MAX_FAILURES failed logins within LOGIN_LOCK_MINUTES,
 * for LOGIN_LOCK_MINUTES, even with the right password. Keyed by (login, IP): an attacker cannot
 * lock the owner out from elsewhere, and guessing from many IPs runs into each one's limit.
 * Kept in PostgreSQL so every server instance applies the same count.
 */
@Injectable()
export class LoginLockout {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly config: AppConfig,
  ) {}

  async assertNotLocked(login: string, ip: string): Promise<void> {
    const [row] = (await this.db.query(
      `SELECT ceil(extract(epoch FROM locked_until - now()) / 60)::int AS minutes
         FROM login_failures WHERE login = $1 AND ip = $2 AND locked_until > now()`,
      [normalize(login), ip],
    )) as { minutes: number }[];
    if (row) {
      throw new ApiError(429, `Too many failed login attempts. Please try again in ${row.minutes} minute${row.minutes === 1 ? '' : 's'} or reset your password.`, {
        errorCode: 'LOGIN_LOCKED',
      });
    }
  }

  /** Counts a failure; failures older than the window, or from before an expired lock, start over. */
  async recordFailure(login: string, ip: string): Promise<void> {
    await this.db.query(
      `INSERT INTO login_failures AS f (login, ip, failures, last_failure_at, locked_until)
       VALUES ($1, $2, 1, now(), CASE WHEN $4 <= 1 THEN now() + make_interval(mins => $3) END)
       ON CONFLICT (login, ip) DO UPDATE SET
         failures = CASE WHEN f.last_failure_at < now() - make_interval(mins => $3) OR f.locked_until <= now()
                         THEN 1 ELSE f.failures + 1 END,
         last_failure_at = now(),
         locked_until = CASE WHEN f.last_failure_at >= now() - make_interval(mins => $3)
                              AND (f.locked_until IS NULL OR f.locked_until > now())
                              AND f.failures + 1 >= $4
                         THEN now() + make_interval(mins => $3) ELSE NULL END`,
      [normalize(login), ip, this.config.LOGIN_LOCK_MINUTES, this.config.LOGIN_MAX_FAILURES],
    );
  }

  async clear(login: string, ip: string): Promise<void> {
    await this.db.query(`DELETE FROM login_failures WHERE login = $1 AND ip = $2`, [normalize(login), ip]);
  }
}

function normalize(login: string): string {
  return login.trim().toLowerCase().slice(0, 320);
}
