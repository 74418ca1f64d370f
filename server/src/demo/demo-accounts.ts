import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { PasswordHasher } from '../auth/password-hasher.js';
import { AppConfig } from '../config/app-config.js';
import { DatabaseLocation } from '../database/database.module.js';
import type { Role } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** The local demo logins README lists. Never added to a database given by DATABASE_URL unless DEMO_DATA=true. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: 'applicant', email: 'student@demo.scholarmatch.test', password: 'DemoStudent#2026', firstName: 'Maya', lastName: 'Lopez' },
  { role: 'provider', email: 'provider@demo.scholarmatch.test', password: 'DemoProvider#2026', firstName: 'Grace', lastName: 'Hopper Foundation' },
  { role: 'admin', email: 'admin@demo.scholarmatch.test', password: 'DemoAdmin#2026', firstName: 'Alex', lastName: 'Admin' },
];

export function demoDataEnabled(config: AppConfig, location: DatabaseLocation): boolean {
  return config.DEMO_DATA === 'true' || (config.DEMO_DATA === 'auto' && location.isEmbedded);
}

/** Adds the demo accounts that are missing (an existing one is left as it is, password included). */
@Injectable()
export class DemoAccounts implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoData');

  constructor(
    private readonly config: AppConfig,
    private readonly location: DatabaseLocation,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!demoDataEnabled(this.config, this.location)) return;
    for (const account of DEMO_ACCOUNTS) {
      if (await this.users.findByEmail(account.email)) continue;
      await this.users.create({
        email: account.email,
        passwordHash: await this.hasher.hash(account.password),
        role: account.role,
        applicantType: account.role === 'applicant' ? 'STUDENT' : null,
        firstName: account.firstName,
        lastName: account.lastName,
      });
      this.logger.log(`added the demo ${account.role} ${account.email}`);
    }
  }
}
