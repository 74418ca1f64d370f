import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FormsModule } from '../forms/forms.module.js';
import { ProviderScholarshipsController } from './provider-scholarships.controller.js';
import { ProviderScholarshipsService } from './provider-scholarships.service.js';
import { ScholarshipEntity } from './scholarship.entity.js';

/** Scholarships: the provider API so far; matching, lists and the wishlist come next (issue 5). */
@Module({
  imports: [TypeOrmModule.forFeature([ScholarshipEntity]), FormsModule],
  controllers: [ProviderScholarshipsController],
  providers: [ProviderScholarshipsService],
})
export class ScholarshipsModule {}
