import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { sponsorSql } from '../common/sponsor-sql.js';

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

/** Whether an account has the invitation's address, as a column of a query over reviewer_invitations `i`. */
const EXISTING_ACCOUNT_SQL = `EXISTS (SELECT 1 FROM users u WHERE lower(u.email) = lower(i.email)) AS "existingAccount"`;

/** Reviewers of an organisation and their invitations (docs/review.md, "Reviewers"). */
@Injectable()
export class ReviewersRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The account that has this address, with the organisation it reviews for; none when the address is free. */
  async accountOfAddress(email: string): Promise<AccountOfAddress | undefined> {
    const [row] = (await this.db.query(
      `SELECT u.id, u.role, r.provider_id AS "organisationId"
         FROM users u LEFT JOIN organisation_reviewers r ON r.reviewer_id = u.id
        WHERE lower(u.email) = lower($1)`,
      [email],
    )) as AccountOfAddress[];
    return row;
  }

  /** A new invitation; an open one to the same address from the same provider is replaced. */
  async invite(providerId: string, email: string, tokenHash: Buffer, expiresAt: Date): Promise<InvitationRow> {
    return this.db.transaction(async (manager) => {
      await manager.query(`DELETE FROM reviewer_invitations WHERE provider_id = $1 AND lower(email) = lower($2) AND accepted_at IS NULL`, [providerId, email]);
      const [row] = (await manager.query(
        `INSERT INTO reviewer_invitations AS i (provider_id, email, token_hash, expires_at) VALUES ($1, $2, $3, $4)
         RETURNING id, email, expires_at AS "expiresAt", created_at AS "createdAt", ${EXISTING_ACCOUNT_SQL}`,
        [providerId, email, tokenHash, expiresAt],
      )) as InvitationRow[];
      return row;
    });
  }

  async list(providerId: string): Promise<{ reviewers: { id: string; firstName: string; lastName: string; email: string; joinedAt: Date }[]; invitations: InvitationRow[] }> {
    const reviewers = (await this.db.query(
      `SELECT u.id, u.first_name AS "firstName", u.last_name AS "lastName", u.email, r.created_at AS "joinedAt"
         FROM organisation_reviewers r JOIN users u ON u.id = r.reviewer_id WHERE r.provider_id = $1 ORDER BY r.created_at`,
      [providerId],
    )) as never[];
    const invitations = (await this.db.query(
      `SELECT id, email, expires_at AS "expiresAt", created_at AS "createdAt", ${EXISTING_ACCOUNT_SQL} FROM reviewer_invitations i
        WHERE provider_id = $1 AND accepted_at IS NULL AND expires_at > now() ORDER BY created_at`,
      [providerId],
    )) as InvitationRow[];
    return { reviewers, invitations };
  }

  /** Removes a reviewer (from the organisation) or an open invitation; answers whether either existed. */
  async remove(providerId: string, id: string): Promise<boolean> {
    const members = (await this.db.query(`WITH gone AS (DELETE FROM organisation_reviewers WHERE provider_id = $1 AND reviewer_id = $2 RETURNING reviewer_id) SELECT * FROM gone`, [providerId, id])) as unknown[];
    if (members.length) {
      // Their sessions end with the membership: the next refresh fails.
      await this.db.query(`UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL`, [id]);
      return true;
    }
    const invitations = (await this.db.query(`WITH gone AS (DELETE FROM reviewer_invitations WHERE provider_id = $1 AND id = $2 AND accepted_at IS NULL RETURNING id) SELECT * FROM gone`, [providerId, id])) as unknown[];
    return invitations.length > 0;
  }

  async findByToken(tokenHash: Buffer, manager: EntityManager = this.db.manager, lock = false): Promise<(InvitationRow & { providerId: string; acceptedAt: Date | null; organisationName: string }) | undefined> {
    const [row] = (await manager.query(
      `SELECT i.id, i.email, i.expires_at AS "expiresAt", i.created_at AS "createdAt", i.provider_id AS "providerId", i.accepted_at AS "acceptedAt", ${EXISTING_ACCOUNT_SQL},
              ${sponsorSql('provider')} AS "organisationName"
         FROM reviewer_invitations i JOIN users provider ON provider.id = i.provider_id
        WHERE i.token_hash = $1 ${lock ? 'FOR UPDATE OF i' : ''}`,
      [tokenHash],
    )) as never[];
    return row;
  }

  /** Spends the invitation and adds the reviewer, unless it already belongs to an organisation (then nothing changes). */
  async joinOnce(manager: EntityManager, invitationId: string, providerId: string, reviewerId: string): Promise<boolean> {
    const joined = (await manager.query(
      `WITH added AS (INSERT INTO organisation_reviewers (reviewer_id, provider_id) VALUES ($1, $2) ON CONFLICT (reviewer_id) DO NOTHING RETURNING reviewer_id) SELECT * FROM added`,
      [reviewerId, providerId],
    )) as unknown[];
    if (joined.length) await manager.query(`UPDATE reviewer_invitations SET accepted_at = now() WHERE id = $1`, [invitationId]);
    return joined.length > 0;
  }

  async accept(manager: EntityManager, invitationId: string, providerId: string, reviewerId: string): Promise<void> {
    await manager.query(`UPDATE reviewer_invitations SET accepted_at = now() WHERE id = $1`, [invitationId]);
    await manager.query(`INSERT INTO organisation_reviewers (reviewer_id, provider_id) VALUES ($1, $2)`, [reviewerId, providerId]);
  }
}
