import { Injectable, Logger, type OnApplicationBootstrap, Optional } from '@nestjs/common';
import { PasswordHasher } from '../auth/password-hasher.js';
import { AppConfig } from '../config/app-config.js';
import { DatabaseLocation } from '../database/database.module.js';
import type { Role } from '../users/user.entity.js';
import { UsersRepository } from '../users/users.repository.js';
import { slugFromTitle } from '../scholarships/scholarship-editor.js';
import { SandboxProvider } from '../payments/sandbox/sandbox-provider.js';
import { MembershipsService } from '../subscriptions/memberships.service.js';
import { PlansRepository } from '../subscriptions/plans.repository.js';
import { DemoDataRepository } from './demo-data.repository.js';
import { demoScholarships } from './demo-scholarships.js';

export interface DemoAccount {
  role: Role;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** An applicant with a membership, started through the sandbox checkout (a trial on the quarterly plan). */
  member?: boolean;
}

/** The local demo logins README lists. Never added to a database given by DATABASE_URL unless DEMO_DATA=true. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { role: 'applicant', email: 'student@demo.scholarmatch.test', password: 'DemoStudent#2026', firstName: 'Maya', lastName: 'Lopez' },
  { role: 'applicant', email: 'member@demo.scholarmatch.test', password: 'DemoMember#2026', firstName: 'Sam', lastName: 'Rivera', member: true },
  { role: 'provider', email: 'provider@demo.scholarmatch.test', password: 'DemoProvider#2026', firstName: 'Grace', lastName: 'Hopper Foundation' },
  { role: 'admin', email: 'admin@demo.scholarmatch.test', password: 'DemoAdmin#2026', firstName: 'Alex', lastName: 'Admin' },
];

export function demoDataEnabled(config: AppConfig, location: DatabaseLocation): boolean {
  return config.DEMO_DATA === 'true' || (config.DEMO_DATA === 'auto' && location.isEmbedded);
}

/** The demo provider's organisation (the organisation form's answers). */
const DEMO_ORGANISATION = (email: string) => ({
  organisationName: 'Grace Hopper Foundation',
  website: 'https://example.org/hopper-foundation',
  about: 'A demo sponsor of scholarships in science, technology and the arts.',
  contactName: 'Grace Hopper',
  contactEmail: email,
});

/**
 * Adds the demo accounts that are missing (an existing one is left as it is, password included),
 * once at start on a demo database; what it adds beyond the accounts goes through
 * `DemoDataRepository`.
 */
@Injectable()
export class DemoAccounts implements OnApplicationBootstrap {
  private readonly logger = new Logger('DemoData');

  constructor(
    private readonly config: AppConfig,
    private readonly location: DatabaseLocation,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly demoData: DemoDataRepository,
    private readonly memberships: MembershipsService,
    private readonly plans: PlansRepository,
    @Optional() private readonly sandbox?: SandboxProvider,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!demoDataEnabled(this.config, this.location)) return;
    for (const account of DEMO_ACCOUNTS) {
      if (await this.users.findByEmail(account.email)) continue;
      const user = await this.users.create({
        email: account.email,
        passwordHash: await this.hasher.hash(account.password),
        role: account.role,
        applicantType: account.role === 'applicant' ? 'STUDENT' : null,
        firstName: account.firstName,
        lastName: account.lastName,
      });
      if (account.member) await this.startMembership(user.id);
      this.logger.log(`added the demo ${account.role} ${account.email}`);
    }
    await this.addDemoScholarships();
    await this.addDemoSweepstakes();
  }

  /**
   * The demo member's trial, paid with the sandbox's test card through the same path a person
   * takes (checkout, payment, the server's own check with the provider), so its plan page and
   * cancellation work. With another provider (no test cards) the membership flag is set instead.
   */
  private async startMembership(userId: string): Promise<void> {
    const quarterly = (await this.plans.list(true)).find((plan) => plan.productId === 'quarterly');
    if (this.sandbox && quarterly) {
      const checkout = await this.memberships.startCheckout(userId, { planId: quarterly.id, countryCode: 'us' });
      const paid = await this.sandbox.pay(checkout.sessionId, { number: '4242424242424242', expiry: '12/40', cvc: '123', postalCode: '10001' });
      if (paid.ok && (await this.memberships.current(userId))?.is_active_subscription) return;
    }
    await this.demoData.setMember(userId);
  }

  /** One running sweepstakes, so the dashboard's popup has something to offer. */
  private async addDemoSweepstakes(): Promise<void> {
    if (await this.demoData.addSweepstakesUnlessAny()) this.logger.log('added the demo sweepstakes');
  }

  /** The demo provider's published scholarships, added once (when it has none). */
  private async addDemoScholarships(): Promise<void> {
    const provider = await this.users.findByEmail(DEMO_ACCOUNTS.find((a) => a.role === 'provider')!.email);
    if (!provider) return;
    if ((await this.demoData.scholarshipCountOf(provider.id)) > 0) return;
    const offers = demoScholarships();
    // Each published offer has its public page (docs/providers.md): a web address from its title.
    const slugs = new Set<string>();
    const slugOf = (title: string) => {
      const base = slugFromTitle(title);
      let slug = base;
      for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
      slugs.add(slug);
      return slug;
    };
    await this.demoData.addPublishedScholarships(
      provider.id,
      offers.map((o) => ({ ...o, days: o.deadlineInDays, slug: slugOf(o.title) })),
    );
    await this.demoData.addOrganisation(provider.id, DEMO_ORGANISATION(provider.email));
    this.logger.log(`added ${offers.length} demo scholarships`);
  }
}
