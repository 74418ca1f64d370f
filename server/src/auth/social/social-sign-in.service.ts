import { createHash, randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import { MESSAGES } from '@scholarmatch/schemas';
import { ApiError } from '../../common/error-body.js';
import type { UserEntity } from '../../users/user.entity.js';
import { UsersRepository } from '../../users/users.repository.js';
import type { SessionDto } from '../dto/session.dto.js';
import { PasswordHasher } from '../password-hasher.js';
import { Sessions } from '../sessions.js';
import { IdentityProvider, socialSignInOff, type ProviderCallback, type VerifiedIdentity } from './identity-provider.js';
import { SocialSignInsRepository } from './social-sign-ins.repository.js';
import { Metrics } from '../../metrics/metrics.js';

/** How long the provider may take to send the browser back. */
const PENDING_MINUTES = 10;

/** The browser's page the provider sends it back to (web/src/pages/auth/GoogleCallbackPage.tsx). */
export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

const hashOf = (value: string) => createHash('sha256').update(value).digest();

function failed(): ApiError {
  return new ApiError(400, MESSAGES.googleLoginFailed, { errorCode: 'GOOGLE_LOGIN_FAILED' });
}

/**
 * Google sign-in (docs/chat.md, "Social sign-in"): starts a sign-in (state, nonce and PKCE kept
 * server-side, bound to the browser, used once), then turns the provider's answer into a session:
 * the account linked to that Google identity; else the account with the same e-mail, when Google
 * vouches that the person owns the address now (the link is made, and the account's password and
 * other sign-ins end); else a new applicant, who continues to the registration step.
 */
@Injectable()
export class SocialSignInService {
  private readonly logger = new Logger('SocialSignIn');

  constructor(
    private readonly provider: IdentityProvider,
    private readonly signIns: SocialSignInsRepository,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly metrics: Metrics,
  ) {}

  get configured(): boolean {
    return this.provider.configured;
  }

  /**
   * Starts a sign-in: the provider's page, and the binding value the browser keeps (session
   * storage) and sends back with the callback, so a callback made for another browser fails.
   */
  async start(origin: string): Promise<{ url: string; binding: string }> {
    const binding = randomBytes(32).toString('base64url');
    const pending = {
      state: oidc.randomState(),
      nonce: oidc.randomNonce(),
      codeVerifier: oidc.randomPKCECodeVerifier(),
      redirectUri: `${origin}${GOOGLE_CALLBACK_PATH}`,
    };
    const url = await this.provider.authorizationUrl(pending).catch((error: unknown) => {
      if (error instanceof ApiError) throw error;
      this.logger.error({ err: error }, 'the identity provider could not be reached');
      throw new ApiError(503, 'Google sign-in is unavailable right now. Please try again later.', { errorCode: 'IDENTITY_PROVIDER_UNAVAILABLE' });
    });
    await this.signIns.savePending('google', { state: hashOf(pending.state), binding: hashOf(binding) }, pending, PENDING_MINUTES);
    return { url, binding };
  }

  async finish(callback: ProviderCallback & { binding: string }, clientIp: string): Promise<{ session: SessionDto; isNewUser: boolean }> {
    if (!this.provider.configured) throw socialSignInOff();
    const pending = await this.signIns.takePending('google', { state: hashOf(callback.state), binding: hashOf(callback.binding) });
    if (!pending) throw failed();
    let identity: VerifiedIdentity;
    try {
      identity = await this.provider.verify({ ...pending, state: callback.state }, callback);
    } catch (error) {
      this.logger.warn({ err: error }, 'the identity provider refused the sign-in');
      throw failed();
    }
    const { user, isNewUser, linkedNow } = await this.accountOf(identity);
    // An account first opened through Google may have been made by someone else with this address
    // (sign-up does not prove an e-mail): their password and sign-ins end here.
    if (linkedNow) {
      await this.users.setPasswordHash(user.id, await this.hasher.hash(randomBytes(32).toString('base64url')));
      return { session: await this.sessions.restartAll(user, clientIp), isNewUser };
    }
    return { session: await this.sessions.start(user, clientIp), isNewUser };
  }

  private async accountOf(identity: VerifiedIdentity): Promise<{ user: UserEntity; isNewUser: boolean; linkedNow: boolean }> {
    const linked = await this.signIns.userOf('google', identity.subject);
    const known = linked && (await this.users.findById(linked));
    if (known) return { user: known, isNewUser: false, linkedNow: false };
    // An address Google does not vouch for could be anyone's: it neither opens an account nor makes one.
    if (!identity.email || !identity.emailVerified) {
      throw new ApiError(400, 'Your Google account has no verified e-mail address. Please sign up with your e-mail instead.', { errorCode: 'GOOGLE_EMAIL_UNVERIFIED' });
    }
    const existing = await this.users.findByEmail(identity.email);
    if (existing) {
      if (!identity.ownsEmail) {
        throw new ApiError(409, 'An account with this e-mail already exists. Please log in with its password.', { errorCode: 'GOOGLE_EMAIL_NOT_TRUSTED' });
      }
      await this.signIns.link('google', identity.subject, existing.id, identity.email);
      return { user: existing, isNewUser: false, linkedNow: true };
    }
    const now = new Date();
    // No password is chosen: one nobody knows, until the person sets one through Forgot password.
    const user = await this.users.create({
      email: identity.email,
      passwordHash: await this.hasher.hash(randomBytes(32).toString('base64url')),
      role: 'applicant',
      applicantType: 'STUDENT',
      firstName: identity.firstName,
      lastName: identity.lastName,
      // The sign-in button says that continuing accepts the Terms (web/src/pages/chat).
      acceptedTermsAt: now,
    });
    await this.signIns.link('google', identity.subject, user.id, identity.email);
    this.metrics.signups.inc();
    return { user, isNewUser: true, linkedNow: false };
  }
}
