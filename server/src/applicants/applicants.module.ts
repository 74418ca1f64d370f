import { AuditModule } from '../audit/audit.module.js';
import { Module } from '@nestjs/common';
import { FormsModule } from '../forms/forms.module.js';
import { SubscriptionsModule } from '../subscriptions/subscriptions.module.js';
import { SweepstakesModule } from '../sweepstakes/sweepstakes.module.js';
import { UsersModule } from '../users/users.module.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsService } from './accounts.service.js';
import { FormFieldsController } from './form-fields.controller.js';
import { NewQuestionsController } from './new-questions.controller.js';
import { NewQuestionsService } from './new-questions.service.js';
import { PasswordResetCodesRepository } from './password-reset-codes.repository.js';
import { PasswordResetService } from './password-reset.service.js';
import { ProfileController } from './profile.controller.js';
import { ProfileService } from './profile.service.js';

@Module({
  imports: [FormsModule, SweepstakesModule, UsersModule, SubscriptionsModule, AuditModule],
  controllers: [FormFieldsController, AccountsController, ProfileController, NewQuestionsController],
  providers: [PasswordResetCodesRepository, AccountsService, PasswordResetService, ProfileService, NewQuestionsService],
  exports: [AccountsService, PasswordResetService, ProfileService],
})
export class ApplicantsModule {}
