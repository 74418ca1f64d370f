import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/error-body.js';
import { AppConfig } from '../config/app-config.js';
import { LoginFailuresRepository } from './login-failures.repository.js';

/**
 * Locks one account for one IP after LOGIN_MAX_FAILURES failed logins within LOGIN_LOCK_MINUTES,
 * for LOGIN_LOCK_MINUTES, even with the right password. Keyed by (login, IP): an attacker cannot
 * lock the owner out from elsewhere, and guessing from many IPs runs into each one's limit.
 *
 * Every attempt is counted before its password is checked, and only the first LOGIN_MAX_FAILURES
 * of a window are judged: parallel guesses cannot all slip past the check before any failure is
 * written. Kept in PostgreSQL so every server instance applies the same count.
 */
@Injectable()
export class LoginLockout {
  constructor(
    private readonly failures: LoginFailuresRepository,
    private readonly config: AppConfig,
  ) {}

  /** Counts an attempt as a failure until `clear` says it succeeded; 429 LOGIN_LOCKED when it may not be judged. */
  async admitAttempt(login: string, ip: string): Promise<void> {
    const verdict = await this.failures.countAttempt(normalize(login), ip, this.config.LOGIN_LOCK_MINUTES, this.config.LOGIN_MAX_FAILURES);
    if (!verdict.admitted) {
      const minutes = verdict.lockedMinutes;
      throw new ApiError(429, `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'} or reset your password.`, {
        errorCode: 'LOGIN_LOCKED',
      });
    }
  }

  /** After a successful login: the attempts counted so far are forgotten. */
  async clear(login: string, ip: string): Promise<void> {
    await this.failures.clear(normalize(login), ip);
  }

  /** An admin unlocks the account: its failures from every IP are forgotten. */
  async clearEverywhere(login: string): Promise<void> {
    await this.failures.clearLogin(normalize(login));
  }
}

function normalize(login: string): string {
  return login.trim().toLowerCase().slice(0, 320);
}
