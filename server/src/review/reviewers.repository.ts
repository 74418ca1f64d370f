import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type AliasedExpression, type Expression, expressionBuilder, sql } from 'kysely';
import type { DataSource, EntityManager } from 'typeorm';
import { sponsorSql } from '../common/sponsor-sql.js';
import type { DB } from '../database/database-types.js';
import { kyselyFor, kyselyIn, kyselyOf } from '../database/kysely.js';

export interface InvitationRow {
  id: string;
  email: string;
  expiresAt: Date;
  createdAt: Date;
  /** The address has an account already (a reviewer's: any other is refused at invitation). */
  existingAccount: boolean;
}

/** What an invitation needs to know of an account that already has the address. */
export interface AccountOfAddress {
  id: string;
  role: string;
  /** The organisation it reviews for, if it is a reviewer that belongs to one. */
  organisationId: string | null;
}

/** Whether an account has the invitation's address (`email`, the invitation's column), as the column InvitationRow names. */
function existingAccount(email: Expression<string>): AliasedExpression<boolean, 'existingAccount'> {
  const eb = expressionBuilder<DB>();
  return eb
    .exists(
      eb
        .selectFrom('users as u')
        .select(sql`1`.as('one'))
        .where((inner) => inner(inner.fn<string>('lower', ['u.email']), '=', inner.fn<string>('lower', [email]))),
    )
    .$castTo<boolean>()
    .as('existingAccount');
}

/** Reviewers of an organisation and their invitations (docs/review.md, "Reviewers"). */
@Injectable()
export class ReviewersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The account that has this address, with the organisation it reviews for; none when the address is free. */
  async accountOfAddress(email: string): Promise<AccountOfAddress | undefined> {
    return kyselyOf(this.db)
      .selectFrom('users as u')
      .leftJoin('organisation_reviewers as r', 'r.reviewer_id', 'u.id')
      .select(['u.id', 'u.role', 'r.provider_id as organisationId'])
      .where((eb) => eb(eb.fn<string>('lower', ['u.email']), '=', eb.fn<string>('lower', [eb.val(email)])))
      .executeTakeFirst();
  }

  /** A new invitation; an open one to the same address from the same provider is replaced. */
  async invite(providerId: string, email: string, tokenHash: Buffer, expiresAt: Date): Promise<InvitationRow> {
    return this.db.transaction(async (manager) => {
      const db = kyselyIn(manager);
      await db
        .deleteFrom('reviewer_invitations')
        .where('provider_id', '=', providerId)
        .where((eb) => eb(eb.fn<string>('lower', ['email']), '=', eb.fn<string>('lower', [eb.val(email)])))
        .where('accepted_at', 'is', null)
        .execute();
      return db
        .insertInto('reviewer_invitations')
        .values({ provider_id: providerId, email, token_hash: tokenHash, expires_at: expiresAt })
        .returning((eb) => ['id', 'email', 'expires_at as expiresAt', 'created_at as createdAt', existingAccount(eb.ref('reviewer_invitations.email'))])
        .executeTakeFirstOrThrow();
    });
  }

  async list(providerId: string): Promise<{ reviewers: { id: string; firstName: string; lastName: string; email: string; joinedAt: Date }[]; invitations: InvitationRow[] }> {
    const db = kyselyOf(this.db);
    const reviewers = await db
      .selectFrom('organisation_reviewers as r')
      .innerJoin('users as u', 'u.id', 'r.reviewer_id')
      .select(['u.id', 'u.first_name as firstName', 'u.last_name as lastName', 'u.email', 'r.created_at as joinedAt'])
      .where('r.provider_id', '=', providerId)
      .orderBy('r.created_at')
      .execute();
    const invitations = await db
      .selectFrom('reviewer_invitations as i')
      .select((eb) => ['id', 'email', 'expires_at as expiresAt', 'created_at as createdAt', existingAccount(eb.ref('i.email'))])
      .where('provider_id', '=', providerId)
      .where('accepted_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .orderBy('created_at')
      .execute();
    return { reviewers, invitations };
  }

  /** Removes a reviewer (from the organisation) or an open invitation; answers whether either existed. */
  async remove(providerId: string, id: string): Promise<boolean> {
    const db = kyselyOf(this.db);
    const members = await db.deleteFrom('organisation_reviewers').where('provider_id', '=', providerId).where('reviewer_id', '=', id).returning('reviewer_id').execute();
    if (members.length) {
      // Their sessions end with the membership: the next refresh fails.
      await db.updateTable('refresh_tokens').set({ revoked_at: sql<Date>`now()` }).where('user_id', '=', id).where('revoked_at', 'is', null).execute();
      return true;
    }
    const invitations = await db
      .deleteFrom('reviewer_invitations')
      .where('provider_id', '=', providerId)
      .where('id', '=', id)
      .where('accepted_at', 'is', null)
      .returning('id')
      .execute();
    return invitations.length > 0;
  }

  async findByToken(tokenHash: Buffer, manager: EntityManager = this.db.manager, lock = false): Promise<(InvitationRow & { providerId: string; acceptedAt: Date | null; organisationName: string }) | undefined> {
    let query = kyselyFor(manager)
      .selectFrom('reviewer_invitations as i')
      .innerJoin('users as provider', 'provider.id', 'i.provider_id')
      .select((eb) => [
        'i.id',
        'i.email',
        'i.expires_at as expiresAt',
        'i.created_at as createdAt',
        'i.provider_id as providerId',
        'i.accepted_at as acceptedAt',
        existingAccount(eb.ref('i.email')),
        sql<string>`${sql.raw(sponsorSql('provider'))}`.as('organisationName'),
      ])
      .where('i.token_hash', '=', tokenHash);
    if (lock) query = query.forUpdate('i');
    return query.executeTakeFirst();
  }

  /** Spends the invitation and adds the reviewer, unless it already belongs to an organisation (then nothing changes). */
  async joinOnce(manager: EntityManager, invitationId: string, providerId: string, reviewerId: string): Promise<boolean> {
    const db = kyselyFor(manager);
    const joined = await db
      .insertInto('organisation_reviewers')
      .values({ reviewer_id: reviewerId, provider_id: providerId })
      .onConflict((oc) => oc.column('reviewer_id').doNothing())
      .returning('reviewer_id')
      .execute();
    if (joined.length) await db.updateTable('reviewer_invitations').set({ accepted_at: sql<Date>`now()` }).where('id', '=', invitationId).execute();
    return joined.length > 0;
  }

  async accept(manager: EntityManager, invitationId: string, providerId: string, reviewerId: string): Promise<void> {
    const db = kyselyFor(manager);
    await db.updateTable('reviewer_invitations').set({ accepted_at: sql<Date>`now()` }).where('id', '=', invitationId).execute();
    await db.insertInto('organisation_reviewers').values({ reviewer_id: reviewerId, provider_id: providerId }).execute();
  }
}
