import { Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { Caller } from '../auth/auth.decorators.js';
import type { SessionDto } from '../auth/dto/session.dto.js';
import { AuthService } from '../auth/auth.service.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { Sessions } from '../auth/sessions.js';
import { ApiError } from '../common/error-body.js';
import { AppConfig } from '../config/app-config.js';
import { invalidAnswers } from '../forms/answer-intake.js';
import { FormsService } from '../forms/forms.service.js';
import { MAIL_UNAVAILABLE, Mailer } from '../mail/mailer.js';
import { UsersRepository } from '../users/users.repository.js';
import { ReviewersRepository, type AccountOfAddress } from './reviewers.repository.js';
import { escapeHtml } from '@scholarmatch/schemas/html';

export const REVIEWER_SIGNUP_FORM = 'reviewer-signup';
/** How long an invitation works (docs/review.md, "Reviewers"). */
export const INVITATION_DAYS = 7;

function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

const reviewsElsewhere = (email: string) =>
  new ApiError(409, `${email} already reviews for another organisation. A reviewer account reviews for one organisation: ask them for another e-mail address to review with.`, {
    errorCode: 'REVIEWER_OF_ANOTHER_ORGANISATION',
  });

/**
 * Which accounts an invitation cannot reach (docs/decisions.md, "Inviting an address that has an
 * account"): one account has one role, so an applicant's, a provider's or an admin's account
 * cannot become a reviewer's; and a reviewer reviews for one organisation. A reviewer account
 * without an organisation (one removed earlier) is invited.
 */
function refuseUninvitable(email: string, account: AccountOfAddress, providerId: string): void {
  if (account.role !== 'reviewer') {
    throw new ApiError(
      409,
      `${email} already has a ScholarMatch account, and it is not a reviewer's: one account has one role, so it cannot review too. Ask them for another e-mail address to review with.`,
      { errorCode: 'ACCOUNT_NOT_REVIEWER' },
    );
  }
  if (account.organisationId === providerId) throw new ApiError(409, `${email} already reviews for your organisation.`, { errorCode: 'ALREADY_REVIEWER' });
  if (account.organisationId) throw reviewsElsewhere(email);
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
    private readonly auth: AuthService,
  ) {}

  async invite(caller: Caller, email: string) {
    const address = email.trim();
    const account = await this.reviewers.accountOfAddress(address);
    if (account) refuseUninvitable(address, account, caller.id);
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
    const invitation = await this.reviewers.invite(caller.id, address, tokenHash(token), expiresAt);
    const details = await this.reviewers.findByToken(tokenHash(token));
    // An e-mail is read outside the product: the link carries the product's public address.
    const link = `${this.config.publicUrl}/app/invitation?token=${token}`;
    const organisation = details?.organisationName ?? 'A scholarship provider';
    // An existing reviewer account accepts with its password, not by signing up again.
    const how = account ? 'Log in with your reviewer account to accept' : 'Accept';
    await this.send({
      to: address,
      subject: `${organisation} invites you to review scholarship applications`,
      text: `${organisation} invites you to review applications on ScholarMatch. ${how} within ${INVITATION_DAYS} days: ${link}`,
      html: `<p>${escapeHtml(organisation)} invites you to review applications on ScholarMatch.</p><p><a href="${link}">${how}</a> within ${INVITATION_DAYS} days.</p>`,
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
    return { email: row.email, organisationName: row.organisationName, expiresAt: row.expiresAt, existingAccount: row.existingAccount };
  }

  async accept(token: string, data: Record<string, unknown>, clientIp: string): Promise<SessionDto> {
    const invitation = await this.openInvitation(token);
    if (invitation.existingAccount) {
      throw new ApiError(409, `${invitation.email} already has an account: log in with its password to accept this invitation.`, { errorCode: 'ACCOUNT_EXISTS' });
    }
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

  /**
   * An invitation to an address that already has a reviewer account: the account's
   * password proves it is theirs (the login's lockout applies), and the account joins the
   * organisation. The invitation is spent; the session is the login's.
   */
  async join(token: string, password: string, clientIp: string): Promise<SessionDto> {
    const invitation = await this.openInvitation(token);
    const account = await this.reviewers.accountOfAddress(invitation.email);
    if (!account) throw new ApiError(409, 'This address has no account yet: sign up with the form to accept the invitation.', { errorCode: 'NO_ACCOUNT' });
    refuseUninvitable(invitation.email, account, invitation.providerId);
    const session = await this.auth.login(invitation.email, password, clientIp);
    await this.reviewers.transaction(async (manager) => {
      const locked = await this.reviewers.findByToken(tokenHash(token), manager, true);
      if (!locked || locked.acceptedAt) throw NOT_FOUND();
      // A second invitation accepted meanwhile: the primary key of organisation_reviewers refuses it.
      if (!(await this.reviewers.joinOnce(manager, locked.id, locked.providerId, account.id))) throw reviewsElsewhere(invitation.email);
    });
    this.logger.log(`Reviewer ${account.id} joined organisation ${invitation.providerId} with an existing account`);
    return session;
  }

  private async openInvitation(token: string) {
    const row = token.length <= 100 ? await this.reviewers.findByToken(tokenHash(token)) : undefined;
    if (!row || row.acceptedAt) throw NOT_FOUND();
    if (row.expiresAt.getTime() <= Date.now()) throw EXPIRED();
    return row;
  }
}
