import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type Selectable, sql } from 'kysely';
import type { DataSource } from 'typeorm';
import type { ApiKeys } from '../../database/database-types.js';
import { kyselyIn, kyselyOf } from '../../database/kysely.js';
import { Statement } from '../../database/statement.js';

/** The channel every replica listens to: the payload is the secret hash of a key that changed (revoked). */
export const API_KEY_CHANGES_CHANNEL = 'api_keys_changed';

/** What the guard needs of a key, found by its secret's hash. */
export interface KeyGrant {
  id: string;
  ownerId: string;
  scopes: string[];
  expiresAt: Date | null;
  revoked: boolean;
}

/** A key as its owner sees it: never its secret nor its hash. */
export type ApiKeyRow = Pick<Selectable<ApiKeys>, 'id' | 'name' | 'scopes' | 'last4' | 'created_at' | 'expires_at' | 'last_used_at'>;

type GrantRow = Pick<Selectable<ApiKeys>, 'id' | 'owner_id' | 'scopes' | 'expires_at'> & { revoked: boolean };

/** The key whose secret hashes to $1; run prepared, being on the path of every request made with a key. */
const BY_HASH = new Statement<GrantRow, readonly [secretHash: string]>(
  `SELECT id, owner_id, scopes, expires_at, revoked_at IS NOT NULL AS revoked FROM api_keys WHERE secret_hash = $1`,
);

const LISTED = ['id', 'name', 'scopes', 'last4', 'created_at', 'expires_at', 'last_used_at'] as const;

/** The providers' API keys (docs/api.md, "API keys"). */
@Injectable()
export class ApiKeysRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async grantOf(hash: string): Promise<KeyGrant | undefined> {
    const [row] = await BY_HASH.prepared(this.db, [hash]);
    return row && { id: row.id, ownerId: row.owner_id, scopes: row.scopes, expiresAt: row.expires_at, revoked: row.revoked };
  }

  async create(key: { ownerId: string; name: string; scopes: string[]; secretHash: string; last4: string; expiresAt: Date | null }): Promise<ApiKeyRow> {
    return kyselyOf(this.db)
      .insertInto('api_keys')
      .values({ owner_id: key.ownerId, name: key.name, scopes: key.scopes, secret_hash: key.secretHash, last4: key.last4, expires_at: key.expiresAt })
      .returning(LISTED)
      .executeTakeFirstOrThrow();
  }

  /** The owner's keys not revoked, newest first. */
  async listOf(ownerId: string): Promise<ApiKeyRow[]> {
    return kyselyOf(this.db).selectFrom('api_keys').select(LISTED).where('owner_id', '=', ownerId).where('revoked_at', 'is', null).orderBy('created_at', 'desc').execute();
  }

  /**
   * Revokes the owner's key and, in the same transaction, tells every replica (its hash, at
   * commit); answers the key's secret hash, or undefined when the owner has no such live key.
   */
  async revoke(ownerId: string, id: string): Promise<string | undefined> {
    return this.db.transaction(async (tx) => {
      const db = kyselyIn(tx);
      const revoked = await db
        .updateTable('api_keys')
        .set({ revoked_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('owner_id', '=', ownerId)
        .where('revoked_at', 'is', null)
        .returning('secret_hash')
        .executeTakeFirst();
      if (!revoked) return undefined;
      await sql`SELECT pg_notify(${API_KEY_CHANGES_CHANNEL}, ${revoked.secret_hash})`.execute(db);
      return revoked.secret_hash;
    });
  }

  /** Notes a use; at most once a minute per key, however many replicas write. */
  async touch(id: string): Promise<void> {
    await kyselyOf(this.db)
      .updateTable('api_keys')
      .set({ last_used_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
      .execute();
  }
}
