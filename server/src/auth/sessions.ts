import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/error-body.js';
import { toUserDto } from '../users/dto/user.dto.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { AccessTokens, sessionEnded } from './access-tokens.js';
import type { RenewedSessionDto, SessionDto } from './dto/session.dto.js';
import { accessOf } from './permissions.js';
import { RefreshTokens } from './refresh-tokens.js';

/** An admin locked the account (docs/security.md, "Session control"): no sign-in of any kind until unlocked. */
export const accountLocked = () =>
  new ApiError(403, 'This account is locked. Please contact support to unlock it.', { errorCode: 'ACCOUNT_LOCKED' });

/** Starts, renews and ends sign-ins: an access token plus a refresh token of a new family. */
@Injectable()
export class Sessions {
  constructor(
    private readonly accessTokens: AccessTokens,
    private readonly refreshTokens: RefreshTokens,
    private readonly users: UsersRepository,
  ) {}

  /** A locked account gets no session (403 ACCOUNT_LOCKED): login, social sign-in and password reset all start here. */
  async start(user: UserEntity, clientIp: string): Promise<SessionDto> {
    if (user.lockedAt) throw accountLocked();
    const [accessToken, refreshToken] = await Promise.all([
      this.accessTokens.sign({ id: user.id, role: user.role }, user.sessionVersion),
      this.refreshTokens.issue(user.id),
    ]);
    return { user: toUserDto(user), accessToken, refreshToken, clientIp, access: accessOf(user.role) };
  }

  async renew(refreshToken: string): Promise<RenewedSessionDto> {
    const rotated = await this.refreshTokens.rotate(refreshToken);
    const user = await this.users.findById(rotated.userId);
    if (!user) throw new ApiError(401, 'Your session has ended. Please log in again.', { errorCode: 'TOKEN_INVALID' });
    if (user.lockedAt) throw sessionEnded();
    return { accessToken: await this.accessTokens.sign({ id: user.id, role: user.role }, user.sessionVersion), refreshToken: rotated.token, access: accessOf(user.role) };
  }

  end(refreshToken: string): Promise<void> {
    return this.refreshTokens.revokeFamilyOf(refreshToken);
  }

  /** After a password change or reset: every other device signs in again; this one gets a new session. */
  async restartAll(user: UserEntity, clientIp: string): Promise<SessionDto> {
    await this.refreshTokens.revokeAllOf(user.id);
    return this.start(user, clientIp);
  }
}
