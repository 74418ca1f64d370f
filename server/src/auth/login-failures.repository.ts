import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** What counting one login attempt decided: it may be judged, or (login, IP) is locked. */
export type AttemptVerdict = { admitted: true } | { admitted: false; lockedMinutes: number };

/**
 * The `login_failures` rows: login attempts counted per (login, IP), and the lock they lead to.
 * An attempt is counted as a failure when it is made, before its password is checked; a
 * successful login deletes the row (docs/security.md, "Login throttling").
 */
@Injectable()
export class LoginFailuresRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Counts one attempt on (login, IP) and says whether it may be judged, in one statement, so
   * parallel attempts on any number of replicas are counted one after another on the row.
   *
   * Attempts older than `lockMinutes`, or from before an expired lock, start over. The
   * `maxFailures`th attempt within the window is still judged, and locks (login, IP) for
   * `lockMinutes` unless it succeeds (a success deletes the row). Any later attempt is refused
   * while the lock lasts; refused ones are counted only up to `maxFailures + 1`, which keeps the
   * column bounded and the lock's end where it was. The minutes left are counted from the clock,
   * not from now() (the transaction's start): an attempt that waited for the row while another
   * set the lock would otherwise be told one minute more than the lock lasts.
   */
  async countAttempt(login: string, ip: string, lockMinutes: number, maxFailures: number): Promise<AttemptVerdict> {
    const window = `make_interval(mins => $3)`;
    const startsOver = `(f.locked_until <= now() OR (f.locked_until IS NULL AND f.last_failure_at < now() - ${window}))`;
    const [row] = (await this.db.query(
      `INSERT INTO login_failures AS f (login, ip, failures, last_failure_at, locked_until)
       VALUES ($1, $2, 1, now(), CASE WHEN $4 <= 1 THEN now() + ${window} END)
       ON CONFLICT (login, ip) DO UPDATE SET
         failures = CASE WHEN ${startsOver} THEN 1 ELSE least(f.failures + 1, $4 + 1) END,
         last_failure_at = now(),
         locked_until = CASE WHEN ${startsOver} THEN CASE WHEN $4 <= 1 THEN now() + ${window} END
                             WHEN f.locked_until IS NOT NULL THEN f.locked_until
                             WHEN f.failures + 1 >= $4 THEN now() + ${window} END
       RETURNING failures, ceil(extract(epoch FROM locked_until - clock_timestamp()) / 60)::int AS "lockedMinutes"`,
      [login, ip, lockMinutes, maxFailures],
    )) as { failures: number; lockedMinutes: number | null }[];
    if (row.failures <= maxFailures) return { admitted: true };
    return { admitted: false, lockedMinutes: row.lockedMinutes ?? lockMinutes };
  }

  async clear(login: string, ip: string): Promise<void> {
    await this.db.query(`DELETE FROM login_failures WHERE login = $1 AND ip = $2`, [login, ip]);
  }
}
