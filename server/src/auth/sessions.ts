import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/error-body.js';
import { toUserDto } from '../users/dto/user.dto.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { AccessTokens, sessionEnded } from './access-tokens.js';
import type { RenewedSessionDto, SessionDto } from './dto/session.dto.js';
import { accessOf } from './permissions.js';
import { RefreshTokens } from './refresh-tokens.js';
import { SecondFactorPolicy } from './totp/second-factor-policy.js';

/** An admin locked the account (docs/staff-security.md, "Session control"): no sign-in of any kind until unlocked. */
export const accountLocked = () =>
  new ApiError(403, 'This account is locked. Please contact support to unlock it.', { errorCode: 'ACCOUNT_LOCKED' });

/** A sign-in that did not check the second factor of an account that has one on (a password reset, Google, the login chat). */
export const secondFactorRequired = () =>
  new ApiError(403, 'This account also needs an authentication code. Please log in with your password and code on the login page.', {
    errorCode: 'SECOND_FACTOR_REQUIRED',
  });

/** Starts, renews and ends sign-ins: an access token plus a refresh token of a new family. */
@Injectable()
export class Sessions {
  constructor(
    private readonly accessTokens: AccessTokens,
    private readonly refreshTokens: RefreshTokens,
    private readonly users: UsersRepository,
    private readonly secondFactor: SecondFactorPolicy,
  ) {}

  /**
   * A locked account gets no session (403 ACCOUNT_LOCKED): login, social sign-in and password reset
   * all start here. An account whose second factor is on gets one only when the caller checked the
   * code (`secondFactorPassed`), else 403 SECOND_FACTOR_REQUIRED: no way in skips it
   * (docs/staff-security.md, "Second factor").
   */
  async start(user: UserEntity, clientIp: string, options: { secondFactorPassed?: boolean } = {}): Promise<SessionDto> {
    if (user.lockedAt) throw accountLocked();
    const factor = await this.secondFactor.of(user);
    if (factor.enabled && !options.secondFactorPassed) throw secondFactorRequired();
    const [accessToken, refreshToken] = await Promise.all([
      this.accessTokens.sign({ id: user.id, role: user.role }, user.sessionVersion, { enrolmentOnly: factor.enrolmentOnly }),
      this.refreshTokens.issue(user.id),
    ]);
    return { user: toUserDto(user), accessToken, refreshToken, clientIp, access: accessOf(user.role) };
  }

  async renew(refreshToken: string): Promise<RenewedSessionDto> {
    const rotated = await this.refreshTokens.rotate(refreshToken);
    const user = await this.users.findById(rotated.userId);
    if (!user) throw new ApiError(401, 'Your session has ended. Please log in again.', { errorCode: 'TOKEN_INVALID' });
    if (user.lockedAt) throw sessionEnded();
    const { enrolmentOnly } = await this.secondFactor.of(user);
    return { accessToken: await this.accessTokens.sign({ id: user.id, role: user.role }, user.sessionVersion, { enrolmentOnly }), refreshToken: rotated.token, access: accessOf(user.role) };
  }

  end(refreshToken: string): Promise<void> {
    return this.refreshTokens.revokeFamilyOf(refreshToken);
  }

  /** After a password change or reset: every other device signs in again; this one gets a new session. */
  async restartAll(user: UserEntity, clientIp: string, options: { secondFactorPassed?: boolean } = {}): Promise<SessionDto> {
    await this.refreshTokens.revokeAllOf(user.id);
    return this.start(user, clientIp, options);
  }
}
