import { Injectable } from '@nestjs/common';
import { ApiError } from '../../common/error-body.js';
import { UsersRepository } from '../../users/users.repository.js';
import type { Caller } from '../auth.decorators.js';
import type { SessionDto } from '../dto/session.dto.js';
import { LoginLockout } from '../login-lockout.js';
import { Sessions } from '../sessions.js';
import { MfaChallenges } from './mfa-challenges.js';
import { SecondFactorPolicy } from './second-factor-policy.js';
import type { RecoveryCodesDto, TotpEnrolmentDto, TotpStatusDto } from './staff-totp.dto.js';
import { StaffTotpRepository } from './staff-totp.repository.js';
import { TotpCodes } from './totp-codes.js';

const wrongCode = () => new ApiError(400, 'That code is not right. Please try again.', { errorCode: 'WRONG_CODE' });
const codeUsed = () => new ApiError(400, 'That code was already used. Please wait for the next one.', { errorCode: 'CODE_USED' });
const wrongRecoveryCode = () =>
  new ApiError(400, 'That recovery code is not right or was already used.', { errorCode: 'WRONG_RECOVERY_CODE' });

/**
 * The staff's second factor (docs/staff-security.md, "Second factor"): enrolment, turning it off, and
 * the login's code step, whose wrong codes count toward the same per-account lock-out as wrong
 * passwords.
 */
@Injectable()
export class StaffTotpService {
  constructor(
    private readonly totp: StaffTotpRepository,
    private readonly codes: TotpCodes,
    private readonly policy: SecondFactorPolicy,
    private readonly challenges: MfaChallenges,
    private readonly lockout: LoginLockout,
    private readonly sessions: Sessions,
    private readonly users: UsersRepository,
  ) {}

  async status(caller: Caller): Promise<TotpStatusDto> {
    const enabled = await this.totp.isEnabled(caller.id);
    return { enabled, required: this.policy.requiredFor(caller.role), recoveryCodesLeft: enabled ? await this.totp.recoveryCodesLeft(caller.id) : 0 };
  }

  /** A new secret, waiting for its first code; starting again replaces one still waiting. */
  async start(caller: Caller): Promise<TotpEnrolmentDto> {
    const user = await this.users.findById(caller.id);
    if (!user) throw new ApiError(401, 'Please log in to continue.', { errorCode: 'TOKEN_INVALID' });
    const secret = this.codes.newSecret();
    if (!(await this.totp.startEnrolment(caller.id, this.codes.seal(caller.id, secret)))) throw alreadyOn();
    return { otpauthUri: this.codes.uri(secret, user.email), secret: secret.base32 };
  }

  /** The first code turns it on; the ten recovery codes are answered this once. */
  async confirm(caller: Caller, code: string): Promise<RecoveryCodesDto> {
    const stored = await this.totp.find(caller.id);
    if (!stored) throw new ApiError(409, 'Start the set-up first.', { errorCode: 'TOTP_NOT_STARTED' });
    if (stored.enabled) throw alreadyOn();
    await this.acceptCode(caller.id, stored.secretSealed, code);
    const recoveryCodes = this.codes.newRecoveryCodes();
    if (!(await this.totp.enable(caller.id, recoveryCodes.map((c) => this.codes.recoveryHash(caller.id, c))))) throw alreadyOn();
    return { recoveryCodes };
  }

  /** Off with a current code; an admin who must have it cannot turn it off (409 TOTP_REQUIRED). */
  async disable(caller: Caller, code: string): Promise<void> {
    const stored = await this.totp.find(caller.id);
    if (!stored?.enabled) throw new ApiError(409, 'Two-step verification is not on.', { errorCode: 'TOTP_NOT_ON' });
    if (this.policy.requiredFor(caller.role)) {
      throw new ApiError(409, 'Admins must keep two-step verification on.', { errorCode: 'TOTP_REQUIRED' });
    }
    await this.acceptCode(caller.id, stored.secretSealed, code);
    await this.totp.disable(caller.id);
  }

  /** The login's second step: a code (once) or a recovery code (once), counted by the lock-out like a password. */
  async completeLogin(challenge: string, answer: { code?: string; recoveryCode?: string }, clientIp: string): Promise<SessionDto> {
    if (!answer.code === !answer.recoveryCode) {
      throw new ApiError(400, 'Enter the code from your authenticator app or a recovery code.', { errorCode: 'CODE_MISSING' });
    }
    const { userId, sessionVersion } = await this.challenges.verify(challenge);
    const user = await this.users.findById(userId);
    if (!user || user.sessionVersion !== sessionVersion) throw new ApiError(401, 'Your sign-in has expired. Please log in again.', { errorCode: 'CHALLENGE_INVALID' });
    await this.lockout.admitAttempt(user.email, clientIp);
    const stored = await this.totp.find(user.id);
    // Turned off since the password step: the password alone was enough then.
    if (stored?.enabled) {
      if (answer.code) await this.acceptCode(user.id, stored.secretSealed, answer.code);
      else if (!(await this.totp.spendRecoveryCode(user.id, this.codes.recoveryHash(user.id, answer.recoveryCode!)))) throw wrongRecoveryCode();
    }
    await this.lockout.clear(user.email, clientIp);
    return this.sessions.start(user, clientIp, { secondFactorPassed: true });
  }

  /** A right code of a step later than the last one accepted; the step is recorded in the same statement that checks it. */
  private async acceptCode(userId: string, sealed: Buffer, code: string): Promise<void> {
    const step = this.codes.stepOf(this.codes.open(userId, sealed), code);
    if (step === null) throw wrongCode();
    if (!(await this.totp.acceptStep(userId, step))) throw codeUsed();
  }
}

function alreadyOn() {
  return new ApiError(409, 'Two-step verification is already on.', { errorCode: 'TOTP_ALREADY_ON' });
}
