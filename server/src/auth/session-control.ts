import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Role } from '../users/user.entity.js';
import { LoginLockout } from './login-lockout.js';
import { RefreshTokensRepository } from './refresh-tokens.repository.js';
import { type SessionChange, SessionStateRepository } from './session-state.repository.js';
import { SessionVersions } from './session-versions.js';

/**
 * What an admin does to a person's sessions (docs/staff-security.md, "Session control"). Each change
 * raises the account's session version in one transaction (with the refresh tokens revoked where
 * it says), and answers once every replica was told: the person's next request, anywhere, is
 * refused with 401 SESSION_ENDED. Each returns false when no account has the id. `also` runs in
 * the change's transaction once the account's row changed (the caller's audit log row): both
 * commit or neither does.
 */
/** More work for the change's transaction. */
export type AlsoInTransaction = (tx: EntityManager) => Promise<void>;

@Injectable()
export class SessionControl {
  constructor(
    private readonly state: SessionStateRepository,
    private readonly refreshTokens: RefreshTokensRepository,
    private readonly versions: SessionVersions,
    private readonly lockout: LoginLockout,
  ) {}

  /** Every access token stops working and every refresh token is revoked: the person signs in again. */
  endSessions(userId: string, also?: AlsoInTransaction): Promise<boolean> {
    return this.raise(userId, {}, true, also);
  }

  /**
   * No login, no token, no refresh until unlocked. `first` runs in the transaction before the
   * account's row is locked: a lock the caller's later work needs and others take in that order.
   */
  lock(userId: string, also?: AlsoInTransaction, first?: AlsoInTransaction): Promise<boolean> {
    return this.raise(userId, { locked: true }, true, also, first);
  }

  /** Logins work again, and the login lock-out's failures on the account's e-mail are forgotten. */
  async unlock(userId: string, email: string, also?: AlsoInTransaction): Promise<boolean> {
    const changed = await this.raise(userId, { locked: false }, false, also);
    if (changed) await this.lockout.clearEverywhere(email);
    return changed;
  }

  /**
   * The new role applies at the next request: the access token (which carries the role) is
   * refused, and a refresh gives one with the new role and its permissions.
   */
  setRole(userId: string, role: Role, also?: AlsoInTransaction): Promise<boolean> {
    return this.raise(userId, { role }, false, also);
  }

  private raise(userId: string, change: SessionChange, revokeRefreshTokens: boolean, also?: AlsoInTransaction, first?: AlsoInTransaction): Promise<boolean> {
    return this.versions.change(userId, () =>
      this.state.transaction(async (tx) => {
        await first?.(tx);
        // The user's row first, as every refresh-token revocation takes it.
        if (revokeRefreshTokens) await this.refreshTokens.revokeAllOfUserIn(tx, userId);
        const changed = await this.state.raise(tx, userId, change);
        if (changed) await also?.(tx);
        return changed;
      }),
    );
  }
}
