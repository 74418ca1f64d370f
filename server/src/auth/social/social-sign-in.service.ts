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

/** How long the provider may take to send the browser back. */
const PENDING_MINUTES = 10;

/** The browser's page the provider sends it back to (web/src/pages/auth/GoogleCallbackPage.tsx). */
export const GOOGLE_CALLBACK_PATH = '/auth/google/callback';

const hashState = (state: string) => createHash('sha256').update(state).digest();

function failed(): ApiError {
  return new ApiError(400, MESSAGES.googleLoginFailed, { errorCode: 'GOOGLE_LOGIN_FAILED' });
}

/**
 * Google sign-in (docs/chat.md, "Social sign-in"): starts a sign-in (state, nonce and PKCE kept
 * server-side, used once), then turns the provider's answer into a session: the account linked to
 * that Google identity, else the account with the same e-mail (Google must vouch for the address;
 * the link is made), else a new applicant, who continues to the registration step.
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
  ) {}

  get configured(): boolean {
    return this.provider.configured;
  }

  async start(origin: string): Promise<string> {
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
    await this.signIns.savePending('google', hashState(pending.state), pending, PENDING_MINUTES);
    return url;
  }

  async finish(callback: ProviderCallback, clientIp: string): Promise<{ session: SessionDto; isNewUser: boolean }> {
    if (!this.provider.configured) throw socialSignInOff();
    const pending = await this.signIns.takePending('google', hashState(callback.state));
    if (!pending) throw failed();
    let identity: VerifiedIdentity;
    try {
      identity = await this.provider.verify({ ...pending, state: callback.state }, callback);
    } catch (error) {
      this.logger.warn({ err: error }, 'the identity provider refused the sign-in');
      throw failed();
    }
    const { user, isNewUser } = await this.accountOf(identity);
    return { session: await this.sessions.start(user, clientIp), isNewUser };
  }

  private async accountOf(identity: VerifiedIdentity): Promise<{ user: UserEntity; isNewUser: boolean }> {
    const linked = await this.signIns.userOf('google', identity.subject);
    const known = linked && (await this.users.findById(linked));
    if (known) return { user: known, isNewUser: false };
    // An address Google does not vouch for could be anyone's: it neither opens an account nor makes one.
    if (!identity.email || !identity.emailVerified) {
      throw new ApiError(400, 'Your Google account has no verified e-mail address. Please sign up with your e-mail instead.', { errorCode: 'GOOGLE_EMAIL_UNVERIFIED' });
    }
    const existing = await this.users.findByEmail(identity.email);
    if (existing) {
      await this.signIns.link('google', identity.subject, existing.id, identity.email);
      return { user: existing, isNewUser: false };
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
    return { user, isNewUser: true };
  }
}
