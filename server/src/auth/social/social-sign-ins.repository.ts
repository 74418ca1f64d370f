import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { deletedRows } from '../../jobs/periodic-sweep.js';
import type { PendingSignIn } from './identity-provider.js';

export type SocialProvider = 'google';

/** `social_sign_ins` (pending sign-ins, by the hash of their state) and `user_identities` (provider subjects linked to accounts). */
@Injectable()
export class SocialSignInsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async savePending(provider: SocialProvider, stateHash: Buffer, pending: PendingSignIn, validMinutes: number): Promise<void> {
    await this.db.query(
      `INSERT INTO social_sign_ins (state_hash, provider, nonce, code_verifier, redirect_uri, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(mins => $6))`,
      [stateHash, provider, pending.nonce, pending.codeVerifier, pending.redirectUri, validMinutes],
    );
  }

  /** Takes a pending sign-in (it works once); undefined when unknown or expired. Expired ones are cleared on the way. */
  async takePending(provider: SocialProvider, stateHash: Buffer): Promise<Omit<PendingSignIn, 'state'> | undefined> {
    await this.db.query(`DELETE FROM social_sign_ins WHERE expires_at <= now()`);
    const rows = (await this.db.query(
      `DELETE FROM social_sign_ins WHERE state_hash = $1 AND provider = $2 AND expires_at > now()
       RETURNING nonce, code_verifier AS "codeVerifier", redirect_uri AS "redirectUri"`,
      [stateHash, provider],
    )) as unknown;
    return deletedRows<Omit<PendingSignIn, 'state'>>(rows)[0];
  }

  /** The account a provider subject is linked to. */
  async userOf(provider: SocialProvider, subject: string): Promise<string | undefined> {
    const rows = (await this.db.query(
      `UPDATE user_identities SET last_used_at = now() WHERE provider = $1 AND subject = $2 RETURNING user_id AS "userId"`,
      [provider, subject],
    )) as unknown;
    return deletedRows<{ userId: string }>(rows)[0]?.userId;
  }

  async link(provider: SocialProvider, subject: string, userId: string, email: string | undefined): Promise<void> {
    await this.db.query(
      `INSERT INTO user_identities (provider, subject, user_id, email) VALUES ($1, $2, $3, $4)
       ON CONFLICT (provider, subject) DO NOTHING`,
      [provider, subject, userId, email ?? null],
    );
  }
}
