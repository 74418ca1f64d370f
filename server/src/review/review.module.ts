import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { FormsModule } from '../forms/forms.module.js';
import { InboxModule } from '../inbox/inbox.module.js';
import { MailModule } from '../mail/mail.module.js';
import { UploadsModule } from '../uploads/uploads.module.js';
import { UsersModule } from '../users/users.module.js';
import { WebhooksModule } from '../webhooks/outbound/webhooks.module.js';
import { ApplicantConversationsController, ProviderInboxController } from './conversations.controller.js';
import { ConversationsRepository } from './conversations.repository.js';
import { ConversationsService } from './conversations.service.js';
import { EligibilityJudgementJob } from './eligibility-judgement.job.js';
import { ReviewAccess } from './review-access.js';
import { ReviewExport } from './review-export.js';
import { ReviewController } from './review.controller.js';
import { ReviewRepository } from './review.repository.js';
import { ReviewService } from './review.service.js';
import { ReviewersController } from './reviewers.controller.js';
import { ReviewersRepository } from './reviewers.repository.js';
import { ReviewersService } from './reviewers.service.js';
import { RubricService } from './rubric.service.js';
import { StatusMessagesRepository } from './status-messages.repository.js';
import { StatusMovesService } from './status-moves.service.js';
import { WinnersService } from './winners.service.js';

/** Provider review (docs/review.md): applicants, rubric and points, winners, export, messages and conversations, reviewers. */
@Module({
  imports: [AuthModule, FormsModule, InboxModule, MailModule, UploadsModule, UsersModule, WebhooksModule],
  controllers: [ReviewController, ReviewersController, ApplicantConversationsController, ProviderInboxController],
  providers: [EligibilityJudgementJob, ReviewRepository, ReviewersRepository, ReviewAccess, ReviewService, RubricService, WinnersService, ReviewExport, ReviewersService, StatusMessagesRepository, StatusMovesService, ConversationsRepository, ConversationsService],
})
export class ReviewModule {}
