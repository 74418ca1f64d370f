import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { ApiError } from '../common/error-body.js';
import { ROLES, type Role } from '../users/user.entity.js';
import type { Caller } from './auth.decorators.js';

export const TOKEN_ISSUER = 'scholarmatch';
export const TOKEN_AUDIENCE = 'scholarmatch-api';
/** The only algorithm accepted: a token claiming 'none' or RS256 with our key as HMAC secret fails. */
export const TOKEN_ALGORITHM = 'HS256';

/** A valid token whose user no longer exists (or never did): sign in again. */
export const notSignedIn = () => new ApiError(401, 'Please log in to continue.', { errorCode: 'TOKEN_INVALID' });

interface AccessClaims {
  sub: string;
  role: Role;
}

/** Short-lived JWT access tokens; issuer, audience, expiry and algorithm are all checked. */
@Injectable()
export class AccessTokens {
  constructor(private readonly jwt: JwtService) {}

  sign(caller: Caller): Promise<string> {
    return this.jwt.signAsync({ role: caller.role } satisfies Omit<AccessClaims, 'sub'>, { subject: caller.id });
  }

  async verify(token: string): Promise<Caller> {
    let claims: AccessClaims;
    try {
      claims = await this.jwt.verifyAsync<AccessClaims>(token);
    } catch (error) {
      const expired = (error as { name?: string }).name === 'TokenExpiredError';
      throw new ApiError(401, expired ? 'Your session has expired. Please log in again.' : 'Please log in to continue.', {
        errorCode: expired ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID',
      });
    }
    if (typeof claims.sub !== 'string' || !ROLES.includes(claims.role)) throw notSignedIn();
    return { id: claims.sub, role: claims.role };
  }
}
