import { Injectable } from '@nestjs/common';
import { MESSAGES } from '@scholarmatch/schemas';
import { PasswordHasher } from '../auth/password-hasher.js';
import { Sessions } from '../auth/sessions.js';
import type { SessionDto } from '../auth/dto/session.dto.js';
import type { Caller } from '../auth/auth.decorators.js';
import { notSignedIn } from '../auth/access-tokens.js';
import { ApiError } from '../common/error-body.js';
import { invalidAnswers } from '../forms/answer-intake.js';
import { FormsService } from '../forms/forms.service.js';
import { ConversionTracker, LEAD_VALUE_CENTS } from '../tracking/conversion-tracker.js';
import { UsersRepository } from '../users/users.repository.js';
import { PaymentGateway } from '../payments/payment-gateway.js';
import { MembershipsRepository } from '../subscriptions/memberships.repository.js';
import type { SignUpDto } from './dto/sign-up.dto.js';
import type { MinimalProfileDto } from './dto/minimal-profile.dto.js';
import { Metrics } from '../metrics/metrics.js';

/** The fields of the original sign-up payload; the sign-up form's other fields are checked only when sent. */
const SEED_SIGNUP_PAYLOAD = new Set(['firstName', 'lastName', 'email', 'phone', 'password']);

/** The applicant's account: sign-up, password change, the minimal profile. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly forms: FormsService,
    private readonly conversions: ConversionTracker,
    private readonly memberships: MembershipsRepository,
    private readonly gateway: PaymentGateway,
    private readonly metrics: Metrics,
  ) {}

  async signUp(body: SignUpDto, clientIp: string): Promise<SessionDto> {
    const answers = await this.signUpAnswers(body);
    const now = new Date();
    const { fields } = await this.forms.getForm('signup');
    const profile = Object.fromEntries(fields.filter((field) => field.target === 'profile' && field.key in answers).map((field) => [field.key, answers[field.key]]));
    const user = await this.users.create({
      email: answers.email as string,
      passwordHash: await this.hasher.hash(answers.password as string),
      role: 'applicant',
      applicantType: body.applicantType ?? 'STUDENT',
      firstName: answers.firstName as string,
      lastName: answers.lastName as string,
      phone: answers.phone as string,
      consentedToContactAt: answers.consentToContact === true ? now : null,
      acceptedTermsAt: answers.acceptTerms === true ? now : null,
      profile,
    });
    // A sign-up is a lead for the affiliate and ad trackers (docs/payments.md, "Conversions").
    this.metrics.signups.inc();
    await this.conversions.track({ kind: 'lead', userId: user.id, amountCents: LEAD_VALUE_CENTS, dedupeKey: `lead:${user.id}` });
    return this.sessions.start(user, clientIp);
  }

  /**
   * The payload judged by the served `signup` form, with the browser's validator and words. The
   * original payload carries no confirmation nor consents: a field of the form outside the original
   * payload is checked only when it is sent (docs/decisions.md, "Sign-up is the served form").
   */
  private async signUpAnswers(body: SignUpDto): Promise<Record<string, unknown>> {
    const { answers: others, ...named } = body;
    const data: Record<string, unknown> = { ...others, ...named, phone: named.phone.startsWith('+') ? named.phone : `+${named.phone}` };
    const { errors, answers } = await this.forms.validate('signup', data);
    const sent = (path: string) => SEED_SIGNUP_PAYLOAD.has(path.split('.')[0]) || data[path.split('.')[0]] !== undefined;
    const relevant = errors.filter((error) => sent(error.path));
    if (relevant.length) throw invalidAnswers(relevant);
    return answers;
  }

  /** Only the owner; the old password must match. Ends every other sign-in and renews this one. */
  async changePassword(caller: Caller, userId: string, lastPwd: string, password: string, clientIp: string): Promise<SessionDto> {
    if (caller.id !== userId) {
      throw new ApiError(403, 'You can only change your own password.', { errorCode: 'NOT_OWNER' });
    }
    const currentHash = await this.users.passwordHashOf(userId);
    if (!currentHash || !(await this.hasher.verify(currentHash, lastPwd))) {
      throw new ApiError(400, MESSAGES.oldPasswordNotMatched, { errorCode: 'OLD_PASSWORD_MISMATCH' });
    }
    await this.users.setPasswordHash(userId, await this.hasher.hash(password));
    const user = (await this.users.findById(userId))!;
    // Signed in already: a session with a second factor passed it at login.
    return this.sessions.restartAll(user, clientIp, { secondFactorPassed: true });
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
      // The payment provider's customer, once the applicant has checked out (docs/payments.md). No
      // provider we use has a separate address id: the address travels with the customer.
      providerUserId: await this.memberships.customerIdOf(user.id, this.gateway.name),
      providerAddressId: null,
    };
  }
}

