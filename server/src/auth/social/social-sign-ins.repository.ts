import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { deletedRows } from '../../jobs/periodic-sweep.js';
import type { PendingSignIn } from './identity-provider.js';

export type SocialProvider = 'google';

/** `social_sign_ins` (pending sign-ins, by the hash of their state) and `user_identities` (provider subjects linked to accounts). */
@Injectable()
export class SocialSignInsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async savePending(provider: SocialProvider, hashes: { state: Buffer; binding: Buffer }, pending: PendingSignIn, validMinutes: number): Promise<void> {
    await this.db.query(
      `INSERT INTO social_sign_ins (state_hash, binding_hash, provider, nonce, code_verifier, redirect_uri, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(mins => $7))`,
      [hashes.state, hashes.binding, provider, pending.nonce, pending.codeVerifier, pending.redirectUri, validMinutes],
    );
  }

  /**
   * Takes a pending sign-in (it works once) started by the browser holding `bindingHash`'s value;
   * undefined when unknown, expired or another browser's.
   */
  async takePending(provider: SocialProvider, hashes: { state: Buffer; binding: Buffer }): Promise<Omit<PendingSignIn, 'state'> | undefined> {
    const rows = (await this.db.query(
      `DELETE FROM social_sign_ins WHERE state_hash = $1 AND binding_hash = $2 AND provider = $3 AND expires_at > now()
       RETURNING nonce, code_verifier AS "codeVerifier", redirect_uri AS "redirectUri"`,
      [hashes.state, hashes.binding, provider],
    )) as unknown;
    return deletedRows<Omit<PendingSignIn, 'state'>>(rows)[0];
  }

  /** Deletes up to `limit` sign-ins nobody finished (the hourly sweep). */
  async deleteExpired(manager: EntityManager, limit: number): Promise<Buffer[]> {
    const rows = (await manager.query(
      `DELETE FROM social_sign_ins WHERE state_hash IN (SELECT state_hash FROM social_sign_ins WHERE expires_at <= now() LIMIT $1) RETURNING state_hash AS "stateHash"`,
      [limit],
    )) as unknown;
    return deletedRows<{ stateHash: Buffer }>(rows).map((row) => row.stateHash);
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
