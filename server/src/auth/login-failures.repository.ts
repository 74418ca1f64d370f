import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Selectable } from 'kysely';
import type { DataSource } from 'typeorm';
import type { LoginFailures } from '../database/database-types.js';
import { kyselyOf } from '../database/kysely.js';
import { Statement } from '../database/statement.js';

/** What counting one login attempt decided: it may be judged, or (login, IP) is locked. */
export type AttemptVerdict = { admitted: true } | { admitted: false; lockedMinutes: number };

/** The lock's window: `$3` minutes. */
const WINDOW = `make_interval(mins => $3)`;
/** The row's attempts start over: the lock is over, or the last attempt is older than the window. */
const STARTS_OVER = `(f.locked_until <= now() OR (f.locked_until IS NULL AND f.last_failure_at < now() - ${WINDOW}))`;

/** Counts one attempt on ($1 login, $2 IP) with a window of $3 minutes and $4 failures (LoginFailuresRepository.countAttempt). */
const COUNT_ATTEMPT = new Statement<
  Pick<Selectable<LoginFailures>, 'failures'> & { lockedMinutes: number | null },
  readonly [login: string, ip: string, lockMinutes: number, maxFailures: number]
>(
  `INSERT INTO login_failures AS f (login, ip, failures, last_failure_at, locked_until)
       VALUES ($1, $2, 1, now(), CASE WHEN $4 <= 1 THEN now() + ${WINDOW} END)
       ON CONFLICT (login, ip) DO UPDATE SET
         failures = CASE WHEN ${STARTS_OVER} THEN 1 ELSE least(f.failures + 1, $4 + 1) END,
         last_failure_at = now(),
         locked_until = CASE WHEN ${STARTS_OVER} THEN CASE WHEN $4 <= 1 THEN now() + ${WINDOW} END
                             WHEN f.locked_until IS NOT NULL THEN f.locked_until
                             WHEN f.failures + 1 >= $4 THEN now() + ${WINDOW} END
       RETURNING failures, ceil(extract(epoch FROM locked_until - clock_timestamp()) / 60)::int AS "lockedMinutes"`,
);

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
    const [row] = await COUNT_ATTEMPT.rows(this.db, [login, ip, lockMinutes, maxFailures]);
    if (row.failures <= maxFailures) return { admitted: true };
    return { admitted: false, lockedMinutes: row.lockedMinutes ?? lockMinutes };
  }

  async clear(login: string, ip: string): Promise<void> {
    await kyselyOf(this.db).deleteFrom('login_failures').where('login', '=', login).where('ip', '=', ip).execute();
  }

  /** Forgets the attempts on this login from every IP (an admin unlocks the account). */
  async clearLogin(login: string): Promise<void> {
    await kyselyOf(this.db).deleteFrom('login_failures').where('login', '=', login).execute();
  }
}
