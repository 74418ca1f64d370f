import { Module } from '@nestjs/common';
import { ApplicationsModule } from '../applications/applications.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { FormsModule } from '../forms/forms.module.js';
import { ScholarshipsModule } from '../scholarships/scholarships.module.js';
import { UsersModule } from '../users/users.module.js';
import { OrganisationsRepository } from './organisations.repository.js';
import { ProviderAccountsController } from './provider-accounts.controller.js';
import { ProviderAccountsService } from './provider-accounts.service.js';
import { PublicScholarshipsController } from './public-scholarships.controller.js';
import { PublicScholarshipsRepository } from './public-scholarships.repository.js';
import { PublicScholarshipsService } from './public-scholarships.service.js';
import { StudioController } from './studio.controller.js';
import { StudioService } from './studio.service.js';

/** The provider studio (docs/providers.md): provider accounts, the organisation, the builders, the public page. */
@Module({
  imports: [FormsModule, ScholarshipsModule, ApplicationsModule, UsersModule, AuthModule],
  controllers: [ProviderAccountsController, StudioController, PublicScholarshipsController],
  providers: [OrganisationsRepository, ProviderAccountsService, StudioService, PublicScholarshipsRepository, PublicScholarshipsService],
  exports: [PublicScholarshipsRepository],
})
export class StudioModule {}
