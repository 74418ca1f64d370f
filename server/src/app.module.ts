import { type DynamicModule, Global, Module } from '@nestjs/common';
import { ApplicantsModule } from './applicants/applicants.module.js';
import { ApplicationsModule } from './applications/applications.module.js';
import { AuditModule } from './audit/audit.module.js';
import { AutomationModule } from './automation/automation.module.js';
import { ChatModule } from './chat/chat.module.js';
import { SocialSignInModule } from './auth/social/social-sign-in.module.js';
import { SupportModule } from './support/support.module.js';
import { StaffModule } from './staff/staff.module.js';
import { PeopleModule } from './people/people.module.js';
import { PrivacyModule } from './privacy/privacy.module.js';
import { SiteModule } from './site/site.module.js';
import { EmbedModule } from './embed/embed.module.js';
import { SubscriptionsModule } from './subscriptions/subscriptions.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { TrackingModule } from './tracking/tracking.module.js';
import { SweepstakesModule } from './sweepstakes/sweepstakes.module.js';
import { AuthModule } from './auth/auth.module.js';
import { DemoModule } from './demo/demo.module.js';
import { EssaysModule } from './essays/essays.module.js';
import { MailModule } from './mail/mail.module.js';
import { ScholarshipsModule } from './scholarships/scholarships.module.js';
import { StudioModule } from './studio/studio.module.js';
import { AppConfig } from './config/app-config.js';
import { DrainHttpOnShutdown } from './common/drain-http-on-shutdown.js';
import { DatabaseLocation, DatabaseModule } from './database/database.module.js';
import { ENTITIES } from './entities.js';
import { FormsModule } from './forms/forms.module.js';
import { GeoModule } from './geo/geo.module.js';
import { HealthModule } from './health/health.module.js';
import { IdempotencyModule } from './idempotency/idempotency.module.js';
import { InboxModule } from './inbox/inbox.module.js';
import { JobsModule } from './jobs/jobs.module.js';
import { MetricsModule } from './metrics/metrics.module.js';
import { RemindersModule } from './reminders/reminders.module.js';
import { ReviewModule } from './review/review.module.js';
import { UploadsModule } from './uploads/uploads.module.js';
import { WebhooksModule } from './webhooks/outbound/webhooks.module.js';

/** Configuration and the database location, visible to every module. */
@Global()
@Module({})
class CoreModule {
  static forRoot(config: AppConfig, location: DatabaseLocation): DynamicModule {
    return {
      module: CoreModule,
      providers: [
        { provide: AppConfig, useValue: config },
        { provide: DatabaseLocation, useValue: location },
        DrainHttpOnShutdown,
      ],
      exports: [AppConfig, DatabaseLocation],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, location = new DatabaseLocation(config)): DynamicModule {
    return {
      module: AppModule,
      imports: [
        CoreModule.forRoot(config, location),
        DatabaseModule.forRoot(ENTITIES),
        MetricsModule,
        // After DatabaseModule, so that pg-boss stops before an embedded database does.
        JobsModule,
        AuthModule,
        MailModule,
        HealthModule,
        IdempotencyModule,
        AuditModule,
        FormsModule,
        ApplicantsModule,
        GeoModule,
        ScholarshipsModule,
        UploadsModule,
        ApplicationsModule,
        AutomationModule,
        StudioModule,
        ReviewModule,
        WebhooksModule,
        InboxModule,
        RemindersModule,
        SweepstakesModule,
        TrackingModule,
        PaymentsModule.forRoot(config),
        SubscriptionsModule,
        EssaysModule,
        ChatModule,
        SocialSignInModule,
        SiteModule,
        EmbedModule,
        SupportModule,
        StaffModule,
        PeopleModule,
        PrivacyModule,
        DemoModule,
      ],
    };
  }
}
