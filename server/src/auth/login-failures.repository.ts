import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The `login_failures` rows: failed logins counted per (login, IP), and the lock they lead to. */
@Injectable()
export class LoginFailuresRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Whole minutes (rounded up) until the lock on (login, IP) ends; undefined when it is not locked. */
  async lockedMinutesLeft(login: string, ip: string): Promise<number | undefined> {
    const [row] = (await this.db.query(
      `SELECT ceil(extract(epoch FROM locked_until - now()) / 60)::int AS minutes
         FROM login_failures WHERE login = $1 AND ip = $2 AND locked_until > now()`,
      [login, ip],
    )) as { minutes: number }[];
    return row?.minutes;
  }

  /**
   * Counts a failure: failures older than `lockMinutes`, or from before an expired lock, start
   * over; the `maxFailures`th within the window locks (login, IP) for `lockMinutes`.
   */
  async recordFailure(login: string, ip: string, lockMinutes: number, maxFailures: number): Promise<void> {
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
      [login, ip, lockMinutes, maxFailures],
    );
  }

  async clear(login: string, ip: string): Promise<void> {
    await this.db.query(`DELETE FROM login_failures WHERE login = $1 AND ip = $2`, [login, ip]);
  }
}
