import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FormsModule } from '../forms/forms.module.js';
import { ApplicantMatches } from './applicant-matches.js';
import { EligibilityCounts } from './eligibility-counts.js';
import { EligibleScholarshipsController } from './eligible-scholarships.controller.js';
import { EligibleScholarshipsService } from './eligible-scholarships.service.js';
import { MatchChangeListener, MatchChangesJob } from './match-changes.js';
import { MatchesRepository } from './matches.repository.js';
import { ProviderScholarshipsController } from './provider-scholarships.controller.js';
import { ProviderScholarshipsService } from './provider-scholarships.service.js';
import { PublicEligibilityStats } from './public-eligibility-stats.js';
import { ScholarshipDetailsController } from './scholarship-details.controller.js';
import { ScholarshipDetailsService } from './scholarship-details.service.js';
import { ScholarshipEntity } from './scholarship.entity.js';
import { ScholarshipsRepository } from './scholarships.repository.js';
import { StaleMatchesSweep } from './stale-matches-sweep.js';
import { WishlistController } from './wishlist.controller.js';
import { WishlistRepository } from './wishlist.repository.js';
import { WishlistService } from './wishlist.service.js';

/** Scholarships: the provider API; the applicant's matches, lists, stats, wishlist, details and applications; the public stats. */
@Module({
  imports: [TypeOrmModule.forFeature([ScholarshipEntity]), FormsModule],
  controllers: [ProviderScholarshipsController, EligibleScholarshipsController, WishlistController, ScholarshipDetailsController],
  providers: [
    MatchesRepository,
    ScholarshipsRepository,
    WishlistRepository,
    ApplicantMatches,
    EligibilityCounts,
    PublicEligibilityStats,
    ScholarshipDetailsService,
    ProviderScholarshipsService,
    EligibleScholarshipsService,
    WishlistService,
    StaleMatchesSweep,
    MatchChangesJob,
    MatchChangeListener,
  ],
  exports: [ApplicantMatches, ProviderScholarshipsService, EligibilityCounts, EligibleScholarshipsService, PublicEligibilityStats],
})
export class ScholarshipsModule {}
