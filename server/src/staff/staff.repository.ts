import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import { kyselyFor, kyselyIn, kyselyOf } from '../database/kysely.js';
import { STAFF_ROLES, type StaffRole } from '../users/user.entity.js';

export interface StaffInvitationRow {
  id: string;
  email: string;
  role: StaffRole;
  expiresAt: Date;
  createdAt: Date;
}

export interface NewStaffAccount {
  email: string;
  role: StaffRole;
  passwordHash: string;
  firstName: string;
  lastName: string;
}

const INVITATION_COLUMNS = ['id', 'email', 'role', 'expires_at as expiresAt', 'created_at as createdAt'] as const;

/** Staff accounts and their invitations (docs/console.md, "Roles and sessions"). */
@Injectable()
export class StaffRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Whether any account has this address, in any letter case. */
  async addressTaken(email: string): Promise<boolean> {
    const row = await kyselyOf(this.db)
      .selectFrom('users')
      .select(sql<number>`1`.as('one'))
      .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', eb.fn<string>('lower', [eb.val(email)])))
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * A new invitation; an open one to the same address is replaced (its link stops working).
   * `also` runs in the same transaction (the audit log's row).
   */
  async invite(
    email: string,
    role: StaffRole,
    invitedBy: string,
    tokenHash: Buffer,
    expiresAt: Date,
    also: (tx: EntityManager, invitation: StaffInvitationRow) => Promise<void>,
  ): Promise<StaffInvitationRow> {
    return this.db.transaction(async (tx) => {
      const db = kyselyIn(tx);
      await db
        .deleteFrom('staff_invitations')
        .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', eb.fn<string>('lower', [eb.val(email)])))
        .where('accepted_at', 'is', null)
        .execute();
      const invitation = await db
        .insertInto('staff_invitations')
        .values({ email, role, invited_by: invitedBy, token_hash: tokenHash, expires_at: expiresAt })
        .returning(INVITATION_COLUMNS)
        .$narrowType<{ role: StaffRole }>()
        .executeTakeFirstOrThrow();
      await also(tx, invitation);
      return invitation;
    });
  }

  /** The invitation with this token's hash; locked until the transaction ends when `tx` is given. */
  async findByToken(tokenHash: Buffer, tx?: EntityManager): Promise<(StaffInvitationRow & { acceptedAt: Date | null }) | undefined> {
    const query = kyselyFor(tx ?? this.db.manager)
      .selectFrom('staff_invitations')
      .select([...INVITATION_COLUMNS, 'accepted_at as acceptedAt'])
      .where('token_hash', '=', tokenHash)
      .$narrowType<{ role: StaffRole }>();
    return (tx ? query.forUpdate() : query).executeTakeFirst();
  }

  /** Creates the staff account and spends the invitation, in the caller's transaction; returns the account's id. */
  async accept(tx: EntityManager, invitationId: string, account: NewStaffAccount): Promise<string> {
    const db = kyselyIn(tx);
    const user = await db
      .insertInto('users')
      .values({ email: account.email, role: account.role, password_hash: account.passwordHash, first_name: account.firstName, last_name: account.lastName })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.updateTable('staff_invitations').set({ accepted_at: sql<Date>`now()` }).where('id', '=', invitationId).execute();
    return user.id;
  }

  async list() {
    const db = kyselyOf(this.db);
    const staff = await db
      .selectFrom('users')
      .select(['id', 'email', 'first_name as firstName', 'last_name as lastName', 'role', 'locked_at as lockedAt', 'created_at as createdAt'])
      .where('role', 'in', STAFF_ROLES)
      .$narrowType<{ role: StaffRole }>()
      .orderBy('created_at')
      .execute();
    const invitations = await db.selectFrom('staff_invitations').select(INVITATION_COLUMNS).$narrowType<{ role: StaffRole }>().where('accepted_at', 'is', null).orderBy('created_at').execute();
    return { staff, invitations };
  }
}
