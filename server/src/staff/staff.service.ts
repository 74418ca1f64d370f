import { Injectable, Logger } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import type { AuditAction, AuditActor } from '../audit/audit-entry.js';
import { AuditLog } from '../audit/audit-log.service.js';
import type { SessionDto } from '../auth/dto/session.dto.js';
import { PasswordHasher } from '../auth/password-hasher.js';
import { SessionControl } from '../auth/session-control.js';
import { Sessions } from '../auth/sessions.js';
import { ApiError } from '../common/error-body.js';
import { AppConfig } from '../config/app-config.js';
import { invalidAnswers } from '../forms/answer-intake.js';
import { FormsService } from '../forms/forms.service.js';
import { MAIL_UNAVAILABLE, Mailer } from '../mail/mailer.js';
import { REVIEWER_SIGNUP_FORM } from '../review/reviewers.service.js';
import { STAFF_ROLES, type StaffRole, type UserEntity } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { StaffRepository } from './staff.repository.js';
import { MESSAGES } from '@scholarmatch/schemas';
import { escapeHtml } from '@scholarmatch/schemas/html';
import type { EntityManager } from 'typeorm';

/** How long a staff invitation works, as a reviewer's (docs/console.md, "Roles and sessions"). */
export const STAFF_INVITATION_DAYS = 7;
/** PostgreSQL's unique violation: the address got an account between the check and the insert. */
const UNIQUE_VIOLATION = '23505';

function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

const NOT_FOUND = () => new ApiError(404, 'This invitation does not exist or was already used.', { errorCode: 'INVITATION_NOT_FOUND' });
const EXPIRED = () => new ApiError(410, 'This invitation has expired. Please ask for a new one.', { errorCode: 'INVITATION_EXPIRED' });
const NO_ACCOUNT = () => new ApiError(404, 'There is no such account.', { errorCode: 'USER_NOT_FOUND' });
const ROLE_LABEL: Record<StaffRole, string> = { admin: 'an admin', support: 'a support agent' };

const isStaff = (user: UserEntity) => (STAFF_ROLES as readonly string[]).includes(user.role);

/**
 * Staff accounts (docs/console.md, "Roles and sessions"): never made by a sign-up, an admin
 * invites one by e-mail with a single-use link (only its hash is stored) and the invitee sets a
 * password through the served reviewer-signup form, as an invited reviewer does. The admin's
 * session actions go through SessionControl, which ends the person's tokens on every replica.
 */
@Injectable()
export class StaffService {
  private readonly logger = new Logger(StaffService.name);

  constructor(
    private readonly staff: StaffRepository,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly sessions: Sessions,
    private readonly control: SessionControl,
    private readonly forms: FormsService,
    private readonly mailer: Mailer,
    private readonly config: AppConfig,
    private readonly audit: AuditLog,
  ) {}

  async invite(actor: AuditActor, email: string, role: StaffRole) {
    const address = email.trim();
    if (await this.staff.addressTaken(address)) {
      throw new ApiError(409, `${address} already has a ScholarMatch account. A staff account is an account of its own: invite another address.`, { errorCode: 'ACCOUNT_EXISTS' });
    }
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + STAFF_INVITATION_DAYS * 86_400_000);
    const invitation = await this.staff.invite(address, role, actor.id, tokenHash(token), expiresAt, (tx, row) =>
      this.audit.record({ actor, action: 'staff.invited', targetType: 'staff_invitation', targetId: row.id, after: { email: row.email, role: row.role } }, tx),
    );
    const link = `${this.config.publicUrl}/app/staff-invitation?token=${token}`;
    try {
      await this.mailer.send({
        to: address,
        subject: 'You are invited to the ScholarMatch staff console',
        text: `You are invited to join ScholarMatch's staff as ${ROLE_LABEL[role]}. Set your password within ${STAFF_INVITATION_DAYS} days: ${link}`,
        html: `<p>You are invited to join ScholarMatch's staff as ${escapeHtml(ROLE_LABEL[role])}.</p><p><a href="${link}">Set your password</a> within ${STAFF_INVITATION_DAYS} days.</p>`,
      });
    } catch (error) {
      this.logger.warn(`Staff invitation not sent: ${(error as Error).message}`);
      throw new ApiError(503, MAIL_UNAVAILABLE, { errorCode: 'MAIL_UNAVAILABLE' });
    }
    return invitation;
  }

  list() {
    return this.staff.list();
  }

  async invitation(token: string) {
    const row = await this.openInvitation(token);
    return { email: row.email, role: row.role, expiresAt: row.expiresAt };
  }

  /** The invitee's names and password (the reviewer-signup form's answers): the staff account and its session. */
  async accept(token: string, data: Record<string, unknown>, clientIp: string): Promise<SessionDto> {
    await this.openInvitation(token);
    const { errors, answers } = await this.forms.validate(REVIEWER_SIGNUP_FORM, data);
    if (errors.length) throw invalidAnswers(errors);
    const passwordHash = await this.hasher.hash(answers.password as string);
    let userId: string;
    try {
      userId = await this.staff.transaction(async (tx) => {
        const locked = await this.staff.findByToken(tokenHash(token), tx);
        if (!locked || locked.acceptedAt) throw NOT_FOUND();
        if (locked.expiresAt.getTime() <= Date.now()) throw EXPIRED();
        return this.staff.accept(tx, locked.id, {
          email: locked.email,
          role: locked.role,
          passwordHash,
          firstName: answers.firstName as string,
          lastName: answers.lastName as string,
        });
      });
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) throw new ApiError(409, MESSAGES.emailTaken, { errorCode: 'EMAIL_TAKEN' });
      throw error;
    }
    this.logger.log(`Staff account ${userId} joined`);
    return this.sessions.start((await this.users.findById(userId))!, clientIp);
  }

  async endSessions(actor: AuditActor, id: string) {
    if (!(await this.control.endSessions(id, this.recorded(actor, 'account.sessions_ended', id)))) throw NO_ACCOUNT();
    return this.stateOf(id);
  }

  async lock(actor: AuditActor, id: string) {
    if (id === actor.id) throw new ApiError(409, 'You cannot lock your own account.', { errorCode: 'CANNOT_LOCK_SELF' });
    if (!(await this.control.lock(id, this.recorded(actor, 'account.locked', id, { locked: false }, { locked: true })))) throw NO_ACCOUNT();
    return this.stateOf(id);
  }

  async unlock(actor: AuditActor, id: string) {
    const user = await this.users.findById(id);
    if (!user || !(await this.control.unlock(id, user.email, this.recorded(actor, 'account.unlocked', id, { locked: user.lockedAt !== null }, { locked: false })))) {
      throw NO_ACCOUNT();
    }
    return this.stateOf(id);
  }

  /** Between staff roles only: a sign-up's account never becomes staff, and no admin demotes themself. */
  async setRole(actor: AuditActor, id: string, role: StaffRole) {
    if (id === actor.id && role !== 'admin') {
      throw new ApiError(409, 'You cannot change your own role: ask another admin.', { errorCode: 'CANNOT_DEMOTE_SELF' });
    }
    const user = await this.users.findById(id);
    if (!user) throw NO_ACCOUNT();
    if (!isStaff(user)) throw new ApiError(409, "Only a staff account's role can change: invite staff by e-mail.", { errorCode: 'NOT_STAFF' });
    const recorded = this.recorded(actor, 'account.role_changed', id, { role: user.role }, { role });
    if (user.role !== role && !(await this.control.setRole(id, role, recorded))) throw NO_ACCOUNT();
    return this.stateOf(id);
  }

  /** The audit log's row for an account change, written in the change's transaction. */
  private recorded(actor: AuditActor, action: AuditAction, userId: string, before?: unknown, after?: unknown) {
    return (tx: EntityManager) => this.audit.record({ actor, action, targetType: 'user', targetId: userId, before, after }, tx);
  }

  private async openInvitation(token: string) {
    const row = token.length <= 100 ? await this.staff.findByToken(tokenHash(token)) : undefined;
    if (!row || row.acceptedAt) throw NOT_FOUND();
    if (row.expiresAt.getTime() <= Date.now()) throw EXPIRED();
    return row;
  }

  private async stateOf(id: string) {
    const user = await this.users.findById(id);
    if (!user) throw NO_ACCOUNT();
    return { userId: user.id, role: user.role, locked: user.lockedAt !== null };
  }
}
