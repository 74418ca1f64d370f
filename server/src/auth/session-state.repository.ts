import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import { kyselyIn, kyselyOf } from '../database/kysely.js';
import type { Role } from '../users/user.entity.js';

/** The channel every replica listens to: the payload is the id of the account whose sessions changed. */
export const SESSION_CHANGES_CHANNEL = 'session_versions_changed';

/** What the auth guard compares a token with. */
export interface SessionState {
  version: number;
  locked: boolean;
  /** The account's role now (an API key acts with it; docs/api.md, "API keys"). */
  role: Role;
}

/** What one session change writes on the account's row, beside raising its version. */
export interface SessionChange {
  locked?: boolean;
  role?: Role;
}

/**
 * The account's session version and admin lock (docs/staff-security.md, "Session control"). A change
 * raises the version, with the user's row locked as every refresh-token revocation locks it, and
 * sends the NOTIFY that drops every replica's cached version at commit.
 */
@Injectable()
export class SessionStateRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The account's current version and lock; undefined when it does not exist. */
  async stateOf(userId: string): Promise<SessionState | undefined> {
    return kyselyOf(this.db)
      .selectFrom('users')
      .select(['session_version as version', sql<boolean>`locked_at IS NOT NULL`.as('locked'), sql<Role>`role`.as('role')])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /** Raises the version (and applies `change`) in the caller's transaction; false when no account has this id. */
  async raise(tx: EntityManager, userId: string, change: SessionChange = {}): Promise<boolean> {
    const db = kyselyIn(tx);
    const updated = await db
      .updateTable('users')
      .set({
        session_version: sql<number>`session_version + 1`,
        ...(change.role ? { role: change.role } : {}),
        ...(change.locked === undefined ? {} : { locked_at: change.locked ? sql<Date>`coalesce(locked_at, now())` : null }),
      })
      .where('id', '=', userId)
      .returning('id')
      .executeTakeFirst();
    if (!updated) return false;
    await sql`SELECT pg_notify(${SESSION_CHANGES_CHANNEL}, ${userId})`.execute(db);
    return true;
  }
}
