import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FormsModule } from '../forms/forms.module.js';
import { EligibleScholarshipsController } from './eligible-scholarships.controller.js';
import { EligibleScholarshipsService } from './eligible-scholarships.service.js';
import { ProviderScholarshipsController } from './provider-scholarships.controller.js';
import { ProviderScholarshipsService } from './provider-scholarships.service.js';
import { ScholarshipEntity } from './scholarship.entity.js';
import { WishlistController } from './wishlist.controller.js';
import { WishlistService } from './wishlist.service.js';

/** Scholarships: the provider API and the applicant's eligible list and count; stats, wishlist and details come next (issue 5). */
@Module({
  imports: [TypeOrmModule.forFeature([ScholarshipEntity]), FormsModule],
  controllers: [ProviderScholarshipsController, EligibleScholarshipsController, WishlistController],
  providers: [ProviderScholarshipsService, EligibleScholarshipsService, WishlistService],
})
export class ScholarshipsModule {}
