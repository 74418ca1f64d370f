import { Logger } from '@nestjs/common';
import * as oidc from 'openid-client';
import { IdentityProvider, type PendingSignIn, type ProviderCallback, type VerifiedIdentity } from './identity-provider.js';

export interface OpenIdSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Plain HTTP is allowed for an issuer on this machine only (the tests' loopback provider). */
function isLoopback(url: URL): boolean {
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}

/**
 * Google (or any OpenID Connect provider) through openid-client: discovery once (again after a
 * failure), the authorization code flow with PKCE (S256), state and nonce, and the ID token's
 * checks done by the library.
 */
export class OpenIdIdentityProvider extends IdentityProvider {
  readonly configured = true;
  private readonly logger = new Logger('OpenIdIdentityProvider');
  private configuration?: Promise<oidc.Configuration>;

  constructor(private readonly settings: OpenIdSettings) {
    super();
  }

  private discovered(): Promise<oidc.Configuration> {
    const issuer = new URL(this.settings.issuer);
    this.configuration ??= oidc
      .discovery(issuer, this.settings.clientId, undefined, oidc.ClientSecretPost(this.settings.clientSecret), {
        execute: isLoopback(issuer) ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw error;
      });
    return this.configuration;
  }

  async authorizationUrl(pending: PendingSignIn): Promise<string> {
    const url = oidc.buildAuthorizationUrl(await this.discovered(), {
      redirect_uri: pending.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
      prompt: 'select_account',
    });
    return url.href;
  }

  async verify(pending: PendingSignIn, callback: ProviderCallback): Promise<VerifiedIdentity> {
    const returned = new URL(pending.redirectUri);
    returned.searchParams.set('code', callback.code);
    returned.searchParams.set('state', callback.state);
    const tokens = await oidc.authorizationCodeGrant(await this.discovered(), returned, {
      pkceCodeVerifier: pending.codeVerifier,
      expectedState: pending.state,
      expectedNonce: pending.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider sent no ID token');
    const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
    this.logger.log({ subject: claims.sub }, 'identity verified');
    const email = text(claims.email) || undefined;
    const emailVerified = claims.email_verified === true;
    return {
      subject: claims.sub,
      email,
      emailVerified,
      ownsEmail: emailVerified && (email?.toLowerCase().endsWith('@gmail.com') === true || text(claims.hd) !== ''),
      firstName: text(claims.given_name).slice(0, 100),
      lastName: text(claims.family_name).slice(0, 100),
    };
  }
}
