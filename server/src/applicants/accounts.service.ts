import { Injectable } from '@nestjs/common';
import { PasswordHasher } from '../auth/password-hasher.js';
import { Sessions } from '../auth/sessions.js';
import type { SessionDto } from '../auth/dto/session.dto.js';
import type { Caller } from '../auth/auth.decorators.js';
import { notSignedIn } from '../auth/access-tokens.js';
import { ApiError } from '../common/error-body.js';
import { UsersRepository } from '../users/users.repository.js';
import type { SignUpDto } from './dto/sign-up.dto.js';
import type { MinimalProfileDto } from './dto/minimal-profile.dto.js';

/** The applicant's account: sign-up, password change, the minimal profile. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: Sessions,
  ) {}

  async signUp(body: SignUpDto, clientIp: string): Promise<SessionDto> {
    const now = new Date();
    const user = await this.users.create({
      email: body.email,
      passwordHash: await this.hasher.hash(body.password),
      role: 'applicant',
      applicantType: body.applicantType ?? 'STUDENT',
      firstName: body.firstName,
      lastName: body.lastName,
      phone: body.phone.startsWith('+') ? body.phone : `+${body.phone}`,
      consentedToContactAt: body.consentToContact ? now : null,
      acceptedTermsAt: body.acceptTerms ? now : null,
    });
    return this.sessions.start(user, clientIp);
  }

  /** Only the owner; the old password must match. Ends every other sign-in and renews this one. */
  async changePassword(caller: Caller, userId: string, lastPwd: string, password: string, clientIp: string): Promise<SessionDto> {
    if (caller.id !== userId) {
      throw new ApiError(403, 'You can only change your own password.', { errorCode: 'NOT_OWNER' });
    }
    const currentHash = await this.users.passwordHashOf(userId);
    if (!currentHash || !(await this.hasher.verify(currentHash, lastPwd))) {
      throw new ApiError(400, 'Old Password Not Matched', { errorCode: 'OLD_PASSWORD_MISMATCH' });
    }
    await this.users.setPasswordHash(userId, await this.hasher.hash(password));
    const user = (await this.users.findById(userId))!;
    return this.sessions.restartAll(user, clientIp);
  }

  async minimalProfile(caller: Caller): Promise<MinimalProfileDto> {
    const user = await this.users.findById(caller.id);
    if (!user) throw notSignedIn();
    const answer = (key: string) => (typeof user.profile[key] === 'string' ? (user.profile[key] as string) : null);
    return {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      country: answer('country'),
      zipcode: answer('zipCode'),
      // The payment provider's customer and address ids arrive with memberships.
      providerUserId: null,
      providerAddressId: null,
    };
  }
}

