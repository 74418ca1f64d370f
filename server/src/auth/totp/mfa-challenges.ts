import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ApiError } from '../../common/error-body.js';
import type { UserEntity } from '../../users/user.entity.js';
import { TOKEN_ISSUER } from '../access-tokens.js';

/** Its own audience: a challenge is never an access token, and an access token is never a challenge. */
const CHALLENGE_AUDIENCE = 'scholarmatch-mfa';
export const CHALLENGE_TTL_SECONDS = 300;

const challengeInvalid = () =>
  new ApiError(401, 'Your sign-in has expired. Please log in again.', { errorCode: 'CHALLENGE_INVALID' });

/**
 * The proof that a login's password step passed, for an account that also needs a code: a JWT
 * (HS256, the access tokens' key) with its own audience, valid 5 minutes, carrying the account's
 * session version, so an end of sessions or a lock in between voids it.
 */
@Injectable()
export class MfaChallenges {
  constructor(private readonly jwt: JwtService) {}

  issue(user: Pick<UserEntity, 'id' | 'sessionVersion'>): Promise<string> {
    return this.jwt.signAsync({ sv: user.sessionVersion }, { subject: user.id, audience: CHALLENGE_AUDIENCE, expiresIn: CHALLENGE_TTL_SECONDS });
  }

  /** The account and session version the challenge was issued for; 401 CHALLENGE_INVALID when it is not one of ours or expired. */
  async verify(challenge: string): Promise<{ userId: string; sessionVersion: number }> {
    try {
      const claims = await this.jwt.verifyAsync<{ sub?: unknown; sv?: unknown }>(challenge, { audience: CHALLENGE_AUDIENCE, issuer: TOKEN_ISSUER });
      if (typeof claims.sub !== 'string' || typeof claims.sv !== 'number') throw challengeInvalid();
      return { userId: claims.sub, sessionVersion: claims.sv };
    } catch {
      throw challengeInvalid();
    }
  }
}
