import { Injectable, Logger } from '@nestjs/common';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { AuditActor } from '../audit/audit-entry.js';
import { AuditLog } from '../audit/audit-log.service.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { ServerSecrets } from '../auth/server-secrets.js';
import { Sessions } from '../auth/sessions.js';
import type { SessionDto } from '../auth/dto/session.dto.js';
import { ApiError } from '../common/error-body.js';
import { MAIL_UNAVAILABLE, Mailer } from '../mail/mailer.js';
import type { UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { PasswordResetCodesRepository } from './password-reset-codes.repository.js';

/** The one-time code's rules (docs/security.md). */
export const RESET_CODE_RULES = { digits: 6, validMinutes: 10, maxWrongTries: 5, resendAfterSeconds: 60 } as const;

const NOT_REGISTERED = new ApiError(400, 'This email is not registered. Please sign up or try another email.', {
  errorCode: 'EMAIL_NOT_FOUND',
});

type CodeVerdict = 'ok' | 'OTP_EXPIRED' | 'OTP_LOCKED' | 'OTP_INCORRECT';

const VERDICT_DESCRIPTIONS: Record<Exclude<CodeVerdict, 'ok'>, string> = {
  OTP_EXPIRED: 'This OTP has expired or was already used. Please request a new OTP.',
  OTP_LOCKED: 'Too many wrong tries: this OTP no longer works. Please request a new OTP.',
  OTP_INCORRECT: 'Entered OTP is incorrect. Please check the e-mail and try again.',
};

/**
 * Password recovery by e-mail (as in the original product): a 6-digit code from a CSPRNG, stored as an HMAC, valid
 * 10 minutes, single use, void after 5 wrong tries, re-sent at most once a minute.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger('PasswordReset');

  constructor(
    private readonly codes: PasswordResetCodesRepository,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly mailer: Mailer,
    private readonly secrets: ServerSecrets,
    private readonly audit: AuditLog,
  ) {}

  async sendCode(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) throw NOT_REGISTERED;
    const code = newCode();
    // One statement decides "too soon", so two simultaneous requests cannot both send a code.
    const stored = await this.codes.storeUnlessTooSoon(user.id, this.hashOf(code), RESET_CODE_RULES.validMinutes, RESET_CODE_RULES.resendAfterSeconds);
    if (!stored) {
      throw new ApiError(429, `Please wait a minute before requesting a new OTP.`, { errorCode: 'OTP_RESEND_TOO_SOON' });
    }
    try {
      await this.mailer.send(resetCodeMessage(user, code));
    } catch (error) {
      this.logger.error({ err: error }, 'could not send the reset code');
      await this.codes.remove(user.id);
      throw new ApiError(503, MAIL_UNAVAILABLE, { errorCode: 'MAIL_UNAVAILABLE' });
    }
  }

  /**
   * Staff send a person the same code the forgot-password page sends (docs/console.md, "People"):
   * the code, its audit row and the e-mail in one transaction, so a code whose e-mail could not be
   * sent is not stored and no row says it was sent. The person then resets on /forgot-password.
   */
  async sendCodeByStaff(userId: string, actor: AuditActor): Promise<{ email: string; sentAt: string }> {
    const user = await this.users.findById(userId);
    if (!user) throw new ApiError(404, 'There is no such person.', { errorCode: 'USER_NOT_FOUND' });
    const code = newCode();
    await this.codes.transaction(async (tx) => {
      if (!(await this.codes.storeUnlessTooSoon(user.id, this.hashOf(code), RESET_CODE_RULES.validMinutes, RESET_CODE_RULES.resendAfterSeconds, tx))) {
        throw new ApiError(429, `Please wait a minute before requesting a new OTP.`, { errorCode: 'OTP_RESEND_TOO_SOON' });
      }
      await this.audit.record({ actor, action: 'account.password_reset_sent', targetType: 'user', targetId: user.id, before: null, after: { email: user.email } }, tx);
      try {
        await this.mailer.send(resetCodeMessage(user, code));
      } catch (error) {
        this.logger.error({ err: error }, 'could not send the reset code');
        throw new ApiError(503, MAIL_UNAVAILABLE, { errorCode: 'MAIL_UNAVAILABLE' });
      }
    });
    return { email: user.email, sentAt: new Date().toISOString() };
  }

  /** Checks a code without using it up (the OTP step of the page); wrong tries count. */
  async checkCode(email: string, code: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user) throw NOT_REGISTERED;
    this.throwUnlessOk(await this.judge(user.id, code, false));
  }

  /** Sets the new password with a valid code, ends every other sign-in, and signs this one in. */
  async reset(email: string, code: string, newPassword: string, clientIp: string): Promise<SessionDto> {
    const user = await this.users.findByEmail(email);
    if (!user) throw NOT_REGISTERED;
    const passwordHash = await this.hasher.hash(newPassword);
    this.throwUnlessOk(await this.judge(user.id, code, true, passwordHash));
    return this.sessions.restartAll(user, clientIp);
  }

  /**
   * Judges a code under a row lock; a wrong try is counted and committed before the error is
   * thrown. With `consume`, a right code is spent and the new password stored in the same transaction.
   */
  private judge(userId: string, code: string, consume: boolean, newPasswordHash?: string): Promise<CodeVerdict> {
    return this.codes.transaction(async (tx) => {
      const row = await this.codes.findForUpdate(tx, userId);
      if (!row || row.spent) return 'OTP_EXPIRED';
      if (row.failed_tries >= RESET_CODE_RULES.maxWrongTries) return 'OTP_LOCKED';
      if (!timingSafeEqual(Buffer.from(row.code_hash, 'hex'), Buffer.from(this.hashOf(code), 'hex'))) {
        await this.codes.countWrongTry(tx, userId);
        return row.failed_tries + 1 >= RESET_CODE_RULES.maxWrongTries ? 'OTP_LOCKED' : 'OTP_INCORRECT';
      }
      if (consume) await this.codes.spendAndSetPassword(tx, userId, newPasswordHash);
      return 'ok';
    });
  }

  private throwUnlessOk(verdict: CodeVerdict): void {
    if (verdict !== 'ok') throw new ApiError(400, VERDICT_DESCRIPTIONS[verdict], { errorCode: verdict });
  }

  private hashOf(code: string): string {
    return createHmac('sha256', this.secrets.codeKey).update(code).digest('hex');
  }
}

function newCode(): string {
  return String(randomInt(0, 10 ** RESET_CODE_RULES.digits)).padStart(RESET_CODE_RULES.digits, '0');
}

function resetCodeMessage(user: UserEntity, code: string) {
  const minutes = RESET_CODE_RULES.validMinutes;
  return {
    to: user.email,
    subject: 'Your ScholarMatch password reset code',
    text:
      `Hello ${user.firstName},\n\nYour one-time password (OTP) is ${code}.\n` +
      `It works once, for ${minutes} minutes. If you did not ask to reset your password, ignore this e-mail: ` +
      `your password stays the same.\n\nScholarMatch`,
    html:
      `<p>Hello ${escapeHtml(user.firstName)},</p><p>Your one-time password (OTP) is <strong>${code}</strong>.</p>` +
      `<p>It works once, for ${minutes} minutes. If you did not ask to reset your password, ignore this e-mail: ` +
      `your password stays the same.</p><p>ScholarMatch</p>`,
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
