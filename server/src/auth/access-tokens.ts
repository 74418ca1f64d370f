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

/** The account's sessions were ended (by an admin, a lock or a role change) after this token was issued. */
export const sessionEnded = () =>
  new ApiError(401, 'Your session has ended. Please log in again.', { errorCode: 'SESSION_ENDED' });

interface AccessClaims {
  sub: string;
  role: Role;
  /** The account's session version when the token was issued (docs/staff-security.md, "Session control"); absent: 0. */
  sv?: number;
  /** 'enrol': an admin who must turn on the second factor first; the token reaches the enrolment routes only. */
  mfa?: 'enrol';
}

/** A verified token: who calls, and the session version it carries. */
export interface VerifiedToken {
  caller: Caller;
  sessionVersion: number;
  /** Reaches only the routes marked @DuringEnrolment() (docs/staff-security.md, "Second factor"). */
  enrolmentOnly: boolean;
}

/** Short-lived JWT access tokens; issuer, audience, expiry and algorithm are all checked. */
@Injectable()
export class AccessTokens {
  constructor(private readonly jwt: JwtService) {}

  sign(caller: Caller, sessionVersion: number, options: { enrolmentOnly?: boolean } = {}): Promise<string> {
    const claims: Omit<AccessClaims, 'sub'> = { role: caller.role, sv: sessionVersion, ...(options.enrolmentOnly ? { mfa: 'enrol' as const } : {}) };
    return this.jwt.signAsync(claims, { subject: caller.id });
  }

  async verify(token: string): Promise<VerifiedToken> {
    let claims: AccessClaims;
    try {
      claims = await this.jwt.verifyAsync<AccessClaims>(token);
    } catch (error) {
      const expired = (error as { name?: string }).name === 'TokenExpiredError';
      throw new ApiError(401, expired ? 'Your session has expired. Please log in again.' : 'Please log in to continue.', {
        errorCode: expired ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID',
      });
    }
    const sessionVersion = claims.sv ?? 0;
    if (typeof claims.sub !== 'string' || !ROLES.includes(claims.role) || !Number.isSafeInteger(sessionVersion)) throw notSignedIn();
    return { caller: { id: claims.sub, role: claims.role }, sessionVersion, enrolmentOnly: claims.mfa === 'enrol' };
  }
}
