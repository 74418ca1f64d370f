import { ApiError } from '../../common/error-body.js';

/** Who the identity provider says signed in (docs/chat.md, "Social sign-in"). */
export interface VerifiedIdentity {
  /** The provider's own, stable id of the person (the ID token's `sub`). */
  subject: string;
  email: string | undefined;
  /** The provider vouches that the person controls that e-mail address. */
  emailVerified: boolean;
  /**
   * The address may open an existing account: Google vouches for its owner now (a Gmail address,
   * or a Workspace account's, `hd`), not only that it was verified once (Google's advice).
   */
  ownsEmail: boolean;
  firstName: string;
  lastName: string;
}

/** A sign-in on its way through the provider: what the callback must match. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

/** What the provider sent the browser back with. */
export interface ProviderCallback {
  code: string;
  state: string;
}

export function socialSignInOff(): ApiError {
  return new ApiError(404, 'Google sign-in is not configured on this server.', { errorCode: 'SOCIAL_SIGN_IN_OFF' });
}

/**
 * The port to an OpenID Connect provider (Google): where to send the browser, and the identity
 * behind the code it comes back with, checked (signature, issuer, audience, nonce, PKCE). The
 * embedded default is none: social sign-in is offered only when a provider is configured.
 */
export abstract class IdentityProvider {
  abstract readonly configured: boolean;
  abstract authorizationUrl(pending: PendingSignIn): Promise<string>;
  abstract verify(pending: PendingSignIn, callback: ProviderCallback): Promise<VerifiedIdentity>;
}

/** No provider configured (GOOGLE_CLIENT_ID unset): the routes answer 404 and the browser hides the option. */
export class NoIdentityProvider extends IdentityProvider {
  readonly configured = false;

  authorizationUrl(): Promise<string> {
    return Promise.reject(socialSignInOff());
  }

  verify(): Promise<VerifiedIdentity> {
    return Promise.reject(socialSignInOff());
  }
}
