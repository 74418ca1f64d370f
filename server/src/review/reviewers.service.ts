import { Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { Caller } from '../auth/auth.decorators.js';
import type { SessionDto } from '../auth/dto/session.dto.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { Sessions } from '../auth/sessions.js';
import { ApiError } from '../common/error-body.js';
import { AppConfig } from '../config/app-config.js';
import { invalidAnswers } from '../forms/answer-intake.js';
import { FormsService } from '../forms/forms.service.js';
import { MAIL_UNAVAILABLE, Mailer } from '../mail/mailer.js';
import { UsersRepository } from '../users/users.repository.js';
import { ReviewersRepository } from './reviewers.repository.js';
import { MESSAGES } from '@scholarmatch/schemas';
import { escapeHtml } from '@scholarmatch/schemas/html';

export const REVIEWER_SIGNUP_FORM = 'reviewer-signup';
/** How long an invitation works (docs/review.md, "Reviewers"). */
export const INVITATION_DAYS = 7;

function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

const NOT_FOUND = () => new ApiError(404, 'This invitation does not exist or was already used.', { errorCode: 'INVITATION_NOT_FOUND' });
const EXPIRED = () => new ApiError(410, 'This invitation has expired. Please ask for a new one.', { errorCode: 'INVITATION_EXPIRED' });

/**
 * Reviewers of a provider's organisation (docs/review.md, "Reviewers"): invited by e-mail with a
 * single-use token (only its hash is stored), they sign up through the served reviewer-signup form.
 */
@Injectable()
export class ReviewersService {
  private readonly logger = new Logger(ReviewersService.name);

  constructor(
    private readonly reviewers: ReviewersRepository,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly forms: FormsService,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
  ) {}

  async invite(caller: Caller, email: string) {
    const address = email.trim();
    if (await this.reviewers.emailTaken(address)) throw new ApiError(409, MESSAGES.emailTaken, { errorCode: 'EMAIL_TAKEN' });
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
    const invitation = await this.reviewers.invite(caller.id, address, tokenHash(token), expiresAt);
    const details = await this.reviewers.findByToken(tokenHash(token));
    // An e-mail is read outside the product: the link carries the product's public address.
    const link = `${this.config.publicUrl}/app/invitation?token=${token}`;
    const organisation = details?.organisationName ?? 'A scholarship provider';
    await this.send({
      to: address,
      subject: `${organisation} invites you to review scholarship applications`,
      text: `${organisation} invites you to review applications on ScholarMatch. Accept within ${INVITATION_DAYS} days: ${link}`,
      html: `<p>${escapeHtml(organisation)} invites you to review applications on ScholarMatch.</p><p><a href="${link}">Accept the invitation</a> within ${INVITATION_DAYS} days.</p>`,
    });
    return invitation;
  }

  private async send(message: Parameters<Mailer['send']>[0]): Promise<void> {
    try {
      await this.mailer.send(message);
    } catch (error) {
      this.logger.warn(`Reviewer invitation not sent: ${(error as Error).message}`);
      throw new ApiError(503, MAIL_UNAVAILABLE, { errorCode: 'MAIL_UNAVAILABLE' });
    }
  }

  list(caller: Caller) {
    return this.reviewers.list(caller.id);
  }

  async remove(caller: Caller, id: string) {
    if (!(await this.reviewers.remove(caller.id, id))) throw new ApiError(404, 'There is no such reviewer or invitation.', { errorCode: 'REVIEWER_NOT_FOUND' });
    return { removed: true };
  }

  async invitation(token: string) {
    const row = await this.openInvitation(token);
    return { email: row.email, organisationName: row.organisationName, expiresAt: row.expiresAt };
  }

  async accept(token: string, data: Record<string, unknown>, clientIp: string): Promise<SessionDto> {
    const invitation = await this.openInvitation(token);
    const { errors, answers } = await this.forms.validate(REVIEWER_SIGNUP_FORM, data);
    if (errors.length) throw invalidAnswers(errors);
    // The e-mail's uniqueness makes a second acceptance of the same invitation fail here.
    const user = await this.users.create({
      email: invitation.email,
      passwordHash: await this.hasher.hash(answers.password as string),
      role: 'reviewer',
      applicantType: null,
      firstName: answers.firstName as string,
      lastName: answers.lastName as string,
      phone: null,
      consentedToContactAt: null,
      acceptedTermsAt: null,
    });
    await this.reviewers.transaction(async (manager) => {
      const locked = await this.reviewers.findByToken(tokenHash(token), manager, true);
      if (!locked || locked.acceptedAt) throw NOT_FOUND();
      await this.reviewers.accept(manager, locked.id, locked.providerId, user.id);
    });
    this.logger.log(`Reviewer ${user.id} joined organisation ${invitation.providerId}`);
    return this.sessions.start(user, clientIp);
  }

  private async openInvitation(token: string) {
    const row = token.length <= 100 ? await this.reviewers.findByToken(tokenHash(token)) : undefined;
    if (!row || row.acceptedAt) throw NOT_FOUND();
    if (row.expiresAt.getTime() <= Date.now()) throw EXPIRED();
    return row;
  }
}
