import { Module } from '@nestjs/common';
import { ApplicantsModule } from '../applicants/applicants.module.js';
import { InboxModule } from '../inbox/inbox.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { PeopleController } from './people.controller.js';
import { PeopleRepository } from './people.repository.js';
import { PeopleService } from './people.service.js';

/** The staff console's people area (docs/console.md, "People"). */
@Module({
  imports: [ApplicantsModule, SubscriptionsModule, InboxModule],
  controllers: [PeopleController],
  providers: [PeopleRepository, PeopleService],
})
export class PeopleModule {}
