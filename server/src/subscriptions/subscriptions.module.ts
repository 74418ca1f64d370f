import { Module } from '@nestjs/common';
import { AuditModule } from '../audit/audit.module.js';
import { GeoModule } from '../geo/geo.module.js';
import { InboxModule } from '../inbox/inbox.module.js';
import { UsersModule } from '../users/users.module.js';
import { AdminPaymentsController } from './admin-payments.controller.js';
import { AdminSubscriptionsController } from './admin-subscriptions.controller.js';
import { MembershipJobs } from './membership-jobs.js';
import { MembershipsRepository } from './memberships.repository.js';
import { MembershipsService } from './memberships.service.js';
import { PaymentEventsRepository } from './payment-events.repository.js';
import { PaymentEventsService } from './payment-events.service.js';
import { PaymentWebhooksController } from './payment-webhooks.controller.js';
import { PlansController } from './plans.controller.js';
import { PlansRepository } from './plans.repository.js';
import { PlansService } from './plans.service.js';
import { UserPaymentsController } from './user-payments.controller.js';

/**
 * Memberships (docs/payments.md): plans, checkout, the provider's webhooks, the applicant's record
 * and cancellation, and their jobs. The provider itself is PaymentsModule's `PaymentGateway`.
 */
@Module({
  imports: [UsersModule, GeoModule, InboxModule, AuditModule],
  controllers: [PlansController, UserPaymentsController, PaymentWebhooksController, AdminSubscriptionsController, AdminPaymentsController],
  providers: [PlansRepository, PlansService, MembershipsRepository, MembershipsService, PaymentEventsRepository, PaymentEventsService, MembershipJobs],
  exports: [MembershipsService, MembershipsRepository, PlansRepository, PaymentEventsService],
})
export class SubscriptionsModule {}
