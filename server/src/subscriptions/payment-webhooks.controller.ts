import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Public } from '../auth/auth.decorators.js';
import { ok } from '../common/api-response.js';
import { ApiErrorResponses } from '../common/error-body.js';
import { rawBodyOf } from '../common/raw-body.js';
import { WebhookResponseDto } from './dto/plans.dto.js';
import { PaymentEventsService } from './payment-events.service.js';
import { OperationId } from '../common/operation-id.js';

@ApiTags('subscriptions')
@ApiErrorResponses()
@Controller('payments/webhooks')
export class PaymentWebhooksController {
  constructor(private readonly events: PaymentEventsService) {}

  @Public()
  @Post(':gateway')
  @HttpCode(200)
  @ApiParam({ name: 'gateway', enum: ['sandbox', 'stripe'] })
  @ApiOperation({
    summary: "The payment provider's webhooks (signed; public)",
    description:
      "Verified against the provider's signature over the exact body, within 300 s (400 SIGNATURE_MISSING / SIGNATURE_INVALID / SIGNATURE_EXPIRED / EVENT_MALFORMED / UNKNOWN_EVENT). " +
      'Idempotent by event id (a repeat answers outcome duplicate); an older report never overwrites a newer one.',
  })
  @ApiOkResponse({ type: WebhookResponseDto })
  @OperationId('receivePaymentWebhook')
  async receive(@Param('gateway') gateway: string, @Req() request: FastifyRequest) {
    const outcome = await this.events.receive(gateway, rawBodyOf(request), request.headers);
    return ok({ received: true, outcome });
  }
}
