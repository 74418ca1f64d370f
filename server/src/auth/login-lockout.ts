import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/error-body.js';
import { AppConfig } from '../config/app-config.js';
import { LoginFailuresRepository } from './login-failures.repository.js';

/**
 * Locks one account for one IP after LOGIN_MAX_FAILURES failed logins within LOGIN_LOCK_MINUTES,
 * for LOGIN_LOCK_MINUTES, even with the right password. Keyed by (login, IP): an attacker cannot
 * lock the owner out from elsewhere, and guessing from many IPs runs into each one's limit.
 * Kept in PostgreSQL so every server instance applies the same count.
 */
@Injectable()
export class LoginLockout {
  constructor(
    private readonly failures: LoginFailuresRepository,
    private readonly config: AppConfig,
  ) {}

  async assertNotLocked(login: string, ip: string): Promise<void> {
    const minutes = await this.failures.lockedMinutesLeft(normalize(login), ip);
    if (minutes !== undefined) {
      throw new ApiError(429, `Too many failed login attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'} or reset your password.`, {
        errorCode: 'LOGIN_LOCKED',
      });
    }
  }

  /** Counts a failure; failures older than the window, or from before an expired lock, start over. */
  async recordFailure(login: string, ip: string): Promise<void> {
    await this.failures.recordFailure(normalize(login), ip, this.config.LOGIN_LOCK_MINUTES, this.config.LOGIN_MAX_FAILURES);
  }

  async clear(login: string, ip: string): Promise<void> {
    await this.failures.clear(normalize(login), ip);
  }
}

function normalize(login: string): string {
  return login.trim().toLowerCase().slice(0, 320);
}
