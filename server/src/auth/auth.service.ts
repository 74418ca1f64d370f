import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/error-body.js';
import { Metrics } from '../metrics/metrics.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { notSignedIn } from './access-tokens.js';
import type { SessionDto } from './dto/session.dto.js';
import { LoginLockout } from './login-lockout.js';
import { PasswordHasher } from './password-hasher.js';
import { Sessions } from './sessions.js';
import { MfaChallenges } from './totp/mfa-challenges.js';
import { isStaff, SecondFactorPolicy } from './totp/second-factor-policy.js';
import type { MfaChallengeDto } from './totp/staff-totp.dto.js';

/**
 * Login. The two failures are told apart (errorCode EMAIL_NOT_FOUND / WRONG_PASSWORD) because the
 * chat sign-in offers different next steps for each (as in the original product); docs/security.md says
 * why that is acceptable and what limits guessing.
 */
@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly lockout: LoginLockout,
    private readonly sessions: Sessions,
    private readonly secondFactor: SecondFactorPolicy,
    private readonly challenges: MfaChallenges,
    private readonly metrics: Metrics,
  ) {}

  /**
   * The password login, for callers that need a session (the login chat, a reviewer joining with
   * an account). With `refuseStaff` (the chat) a staff account is refused after its password: staff
   * sign in on the login page, where the second factor is asked. An account whose second factor
   * is on gets no session here either (Sessions refuses it).
   */
  async login(userName: string, password: string, clientIp: string, options: { refuseStaff?: boolean } = {}): Promise<SessionDto> {
    const user = await this.checkPassword(userName, password, clientIp);
    if (options.refuseStaff && isStaff(user.role)) {
      throw new ApiError(403, 'Staff accounts sign in on the login page, not in the chat.', { errorCode: 'STAFF_USE_LOGIN_PAGE' });
    }
    await this.lockout.clear(userName, clientIp);
    return this.sessions.start(user, clientIp);
  }

  /**
   * The login form: a session, or for an account whose second factor is on a challenge to finish
   * with a code (POST /users/auth/login/totp). The attempt stays counted by the lock-out until the
   * code step succeeds.
   */
  async loginWithForm(userName: string, password: string, clientIp: string): Promise<SessionDto | MfaChallengeDto> {
    const user = await this.checkPassword(userName, password, clientIp);
    if ((await this.secondFactor.of(user)).enabled) return { mfaRequired: true, challenge: await this.challenges.issue(user) };
    await this.lockout.clear(userName, clientIp);
    return this.sessions.start(user, clientIp);
  }

  private async checkPassword(userName: string, password: string, clientIp: string): Promise<UserEntity> {
    // Counted before the password is checked: at most LOGIN_MAX_FAILURES are ever judged per window.
    try {
      await this.lockout.admitAttempt(userName, clientIp);
    } catch (error) {
      if (error instanceof ApiError && error.options.errorCode === 'LOGIN_LOCKED') this.metrics.login('locked');
      throw error;
    }
    const user = await this.users.findByEmailWithPassword(userName);
    if (!user) {
      // An unknown address is a wrong credential too, for the login metric.
      this.metrics.login('wrong_password');
      throw new ApiError(400, 'This email is not registered. Please sign up or try another email.', { errorCode: 'EMAIL_NOT_FOUND' });
    }
    if (!(await this.hasher.verify(user.passwordHash, password))) {
      this.metrics.login('wrong_password');
      throw new ApiError(400, 'Your password is incorrect. Please try again or reset it.', { errorCode: 'WRONG_PASSWORD' });
    }
    this.metrics.login('ok');
    if (this.hasher.needsRehash(user.passwordHash)) {
      await this.users.setPasswordHash(user.id, await this.hasher.hash(password));
    }
    return user;
  }

  /** The signed-in person's account; a token whose account is gone is not signed in (401). */
  async signedInUser(userId: string): Promise<UserEntity> {
    const user = await this.users.findById(userId);
    if (!user) throw notSignedIn();
    return user;
  }
}
