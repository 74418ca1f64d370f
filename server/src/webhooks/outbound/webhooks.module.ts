import { Module } from '@nestjs/common';
import { SecretsModule } from '../../auth/secrets.module.js';
import { MailModule } from '../../mail/mail.module.js';
import { WebhookAttempts } from './webhook-attempts.js';
import { WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { WebhookDeliveryJob, WebhookDeliveryListener } from './webhook-delivery.job.js';
import { WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import { WebhookOutbox } from './webhook-outbox.js';
import { WebhookSecretSealer } from './webhook-secrets.js';
import { WebhooksController } from './webhooks.controller.js';
import { WebhooksService } from './webhooks.service.js';

/**
 * Outbound webhooks (docs/webhooks.md): the endpoints' API, the outbox the causes write to
 * (WebhookOutbox, exported), and the job that delivers it.
 */
@Module({
  imports: [SecretsModule, MailModule],
  controllers: [WebhooksController],
  providers: [
    WebhookEndpointsRepository,
    WebhookDeliveriesRepository,
    WebhookSecretSealer,
    WebhookAttempts,
    WebhookOutbox,
    WebhookDeliveryJob,
    WebhookDeliveryListener,
    WebhooksService,
  ],
  exports: [WebhookOutbox],
})
export class WebhooksModule {}
