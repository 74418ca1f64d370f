import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FormsModule } from '../forms/forms.module.js';
import { MatchingModule } from '../matching/matching.module.js';
import { WebhooksModule } from '../webhooks/outbound/webhooks.module.js';
import { EligibleScholarshipsController } from './eligible-scholarships.controller.js';
import { EligibleScholarshipsService } from './eligible-scholarships.service.js';
import { ProviderScholarshipsController } from './provider-scholarships.controller.js';
import { ProviderScholarshipsService } from './provider-scholarships.service.js';
import { PublicEligibilityStats } from './public-eligibility-stats.js';
import { ScholarshipDetailsController } from './scholarship-details.controller.js';
import { ScholarshipDetailsService } from './scholarship-details.service.js';
import { ScholarshipEntity } from './scholarship.entity.js';
import { ScholarshipsRepository } from './scholarships.repository.js';
import { WishlistController } from './wishlist.controller.js';
import { WishlistRepository } from './wishlist.repository.js';
import { WishlistService } from './wishlist.service.js';

/** Scholarships: the provider API; the applicant's lists (over MatchingModule), stats, wishlist, details and applications; the public stats. */
@Module({
  imports: [TypeOrmModule.forFeature([ScholarshipEntity]), FormsModule, MatchingModule, WebhooksModule],
  controllers: [ProviderScholarshipsController, EligibleScholarshipsController, WishlistController, ScholarshipDetailsController],
  providers: [
    ScholarshipsRepository,
    WishlistRepository,
    PublicEligibilityStats,
    ScholarshipDetailsService,
    ProviderScholarshipsService,
    EligibleScholarshipsService,
    WishlistService,
  ],
  // MatchingModule goes on to the modules that import this one (applications, automation, studio, chat).
  exports: [MatchingModule, ProviderScholarshipsService, EligibleScholarshipsService, PublicEligibilityStats],
})
export class ScholarshipsModule {}
