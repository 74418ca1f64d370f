import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { ApiError } from '../common/error-body.js';
import { MESSAGES } from '@scholarmatch/schemas';
import { UserEntity } from './user.entity.js';

/** Unique violation of PostgreSQL (the e-mail index). */
const UNIQUE_VIOLATION = '23505';

export type NewUser = Pick<UserEntity, 'email' | 'passwordHash' | 'role' | 'firstName' | 'lastName'> &
  Partial<Pick<UserEntity, 'phone' | 'applicantType' | 'consentedToContactAt' | 'acceptedTermsAt' | 'profile'>>;

/** Users by id or e-mail (case-insensitive, as the unique index is). */
@Injectable()
export class UsersRepository {
  constructor(@InjectRepository(UserEntity) private readonly users: Repository<UserEntity>) {}

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  /** With its password hash, for the checks that need it. */
  /**
   * The account that signs in with this address. An erased account (docs/privacy.md) is nobody's:
   * its pseudonym is not an address anyone signs in, resets a password or links a sign-in with.
   */
  findByEmailWithPassword(email: string): Promise<UserEntity | null> {
    return this.users
      .createQueryBuilder('user')
      .addSelect('user.passwordHash')
      .where('lower(user.email) = lower(:email)', { email: email.trim() })
      .andWhere('user.erasedAt IS NULL')
      .getOne();
  }

  /** The same, without the password hash (password reset, social sign-in). */
  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('user').where('lower(user.email) = lower(:email)', { email: email.trim() }).andWhere('user.erasedAt IS NULL').getOne();
  }

  /** Whether an account has this e-mail, in any letter case (one index probe, no entity). */
  async emailTaken(email: string): Promise<boolean> {
    const rows = (await this.users.query(`SELECT 1 FROM users WHERE lower(email) = lower($1)`, [email.trim()])) as unknown[];
    return rows.length > 0;
  }

  async passwordHashOf(id: string): Promise<string | null> {
    const user = await this.users.createQueryBuilder('user').addSelect('user.passwordHash').where('user.id = :id', { id }).getOne();
    return user?.passwordHash ?? null;
  }

  /** Creates the account; an e-mail already in use (in any letter case) is a 409 with the original words. */
  async create(user: NewUser): Promise<UserEntity> {
    try {
      const saved = await this.users.save(this.users.create({ ...user, email: user.email.trim() }));
      return (await this.findById(saved.id))!;
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new ApiError(409, MESSAGES.emailTaken, { errorCode: 'EMAIL_TAKEN' });
      }
      throw error;
    }
  }

  /**
   * Saves account columns and one form's profile answers: the form's keys are replaced in the
   * stored document by PostgreSQL itself (`profile - keys || answers`), so two forms saved at the
   * same moment (two tabs) keep each other's answers. An e-mail taken by another account is a 409.
   */
  async updateProfile(
    id: string,
    changes: Partial<Pick<UserEntity, 'firstName' | 'lastName' | 'email' | 'phone' | 'dob' | 'applicantType' | 'isProfileUpdate'>>,
    answers: { replacedKeys: string[]; values: Record<string, unknown> },
  ): Promise<UserEntity> {
    // Only real columns: an account field (target 'account') names a column of users by its key.
    const columns = Object.fromEntries(Object.entries(changes).filter(([key]) => this.users.metadata.findColumnWithPropertyName(key)));
    try {
      await this.users
        .createQueryBuilder()
        .update()
        .set({ ...columns, profile: () => '(profile - CAST(:replacedKeys AS text[])) || CAST(:values AS jsonb)' })
        .setParameters({ replacedKeys: answers.replacedKeys, values: JSON.stringify(answers.values) })
        .where('id = :id', { id })
        .execute();
    } catch (error) {
      if ((error as { code?: string }).code === UNIQUE_VIOLATION) {
        throw new ApiError(409, MESSAGES.emailTakenShort, { errorCode: 'EMAIL_TAKEN', errors: [{ path: 'email', message: MESSAGES.emailTakenShort }] });
      }
      throw error;
    }
    return (await this.findById(id))!;
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.users.update({ id }, { passwordHash, passwordChangedAt: new Date() });
  }
}
