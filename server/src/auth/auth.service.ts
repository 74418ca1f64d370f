import { Injectable } from '@nestjs/common';
import { ApiError } from '../common/error-body.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { notSignedIn } from './access-tokens.js';
import type { SessionDto } from './dto/session.dto.js';
import { LoginLockout } from './login-lockout.js';
import { PasswordHasher } from './password-hasher.js';
import { Sessions } from './sessions.js';

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
  ) {}

  async login(userName: string, password: string, clientIp: string): Promise<SessionDto> {
    // Counted before the password is checked: at most LOGIN_MAX_FAILURES are ever judged per window.
    await this.lockout.admitAttempt(userName, clientIp);
    const user = await this.users.findByEmailWithPassword(userName);
    if (!user) {
      throw new ApiError(400, 'This email is not registered. Please sign up or try another email.', { errorCode: 'EMAIL_NOT_FOUND' });
    }
    if (!(await this.hasher.verify(user.passwordHash, password))) {
      throw new ApiError(400, 'Your password is incorrect. Please try again or reset it.', { errorCode: 'WRONG_PASSWORD' });
    }
    await this.lockout.clear(userName, clientIp);
    if (this.hasher.needsRehash(user.passwordHash)) {
      await this.users.setPasswordHash(user.id, await this.hasher.hash(password));
    }
    return this.sessions.start(user, clientIp);
  }

  /** The signed-in person's account; a token whose account is gone is not signed in (401). */
  async signedInUser(userId: string): Promise<UserEntity> {
    const user = await this.users.findById(userId);
    if (!user) throw notSignedIn();
    return user;
  }
}
