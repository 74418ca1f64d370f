import { Body, Controller, Delete, Get, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { type Caller, CurrentUser, KeyScope, Roles } from '../../auth/auth.decorators.js';
import { ok } from '../../common/api-response.js';
import { ApiErrorResponses } from '../../common/error-body.js';
import { uuidOf } from '../../common/id-pipe.js';
import { OperationId } from '../../common/operation-id.js';
import { Idempotent } from '../../idempotency/idempotent.decorator.js';
import {
  CreateWebhookEndpointDto,
  DeletedWebhookEndpointResponseDto,
  UpdateWebhookEndpointDto,
  WebhookDeliveriesQueryDto,
  WebhookDeliveriesResponseDto,
  WebhookDeliveryResponseDto,
  WebhookEndpointResponseDto,
  WebhookEndpointsResponseDto,
  WebhookEndpointWithSecretResponseDto,
} from './dto/webhook.dto.js';
import { WebhooksService, withoutWebhookSecret } from './webhooks.service.js';

const endpointId = uuidOf('webhook endpoint');
const OWNER_ONLY = "The organisation owner's (a provider signed in, or an API key with manage_webhooks); another organisation's endpoint is 404.";

/** An organisation's outbound webhook endpoints and their delivery log (docs/webhooks.md). */
@ApiTags('Webhooks')
@ApiBearerAuth()
@ApiErrorResponses()
@Roles('provider')
@Controller('providers/webhooks')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Get()
  @ApiOperation({ summary: "The organisation's webhook endpoints (never their secrets)", description: `Newest first. ${OWNER_ONLY}` })
  @ApiOkResponse({ type: WebhookEndpointsResponseDto })
  @OperationId('listWebhookEndpoints')
  @KeyScope('manage_webhooks')
  async list(@CurrentUser() caller: Caller) {
    return ok(await this.webhooks.list(caller));
  }

  @Post()
  @Idempotent({ keptAnswer: withoutWebhookSecret })
  @ApiOperation({
    summary: 'Register a webhook endpoint; its signing secret is in this answer only',
    description:
      'The URL must be https to a public address, checked after resolving its name (400 WEBHOOK_URL_REFUSED saying why). At most 10 endpoints (409 TOO_MANY_WEBHOOKS). ' +
      `A replay with the same Idempotency-Key answers the endpoint without its secret. ${OWNER_ONLY}`,
  })
  @ApiCreatedResponse({ type: WebhookEndpointWithSecretResponseDto })
  @OperationId('createWebhookEndpoint')
  @KeyScope('manage_webhooks')
  async create(@CurrentUser() caller: Caller, @Body() body: CreateWebhookEndpointDto) {
    return { statusCode: 201, message: 'Webhook endpoint created. Copy its signing secret now: it is shown only this once.', data: await this.webhooks.create(caller, body) };
  }

  @Patch(':id')
  @ApiOperation({ summary: "Change an endpoint's URL or events, or disable and enable it", description: `A new URL is checked as at registration. Enabling clears its failure count. ${OWNER_ONLY}` })
  @ApiOkResponse({ type: WebhookEndpointResponseDto })
  @OperationId('updateWebhookEndpoint')
  @KeyScope('manage_webhooks')
  async update(@CurrentUser() caller: Caller, @Param('id', endpointId) id: string, @Body() body: UpdateWebhookEndpointDto) {
    return ok(await this.webhooks.update(caller, id, body), 'Webhook endpoint saved');
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Delete an endpoint with its delivery log', description: `Nothing more is sent to it, pending retries included. ${OWNER_ONLY}` })
  @ApiOkResponse({ type: DeletedWebhookEndpointResponseDto })
  @OperationId('deleteWebhookEndpoint')
  @KeyScope('manage_webhooks')
  async remove(@CurrentUser() caller: Caller, @Param('id', endpointId) id: string) {
    return ok(await this.webhooks.remove(caller, id), 'Webhook endpoint deleted');
  }

  @Post(':id/roll-secret')
  @Idempotent({ keptAnswer: withoutWebhookSecret })
  @ApiOperation({
    summary: 'Roll the signing secret: the new one is in this answer only',
    description:
      'For 24 hours every delivery carries two signatures (`v1=` with the new secret, then with the old), so a receiver can move to the new secret without missing an event. ' +
      `A replay with the same Idempotency-Key rolls nothing and omits the secret. ${OWNER_ONLY}`,
  })
  @ApiCreatedResponse({ type: WebhookEndpointWithSecretResponseDto })
  @OperationId('rollWebhookSecret')
  @KeyScope('manage_webhooks')
  async roll(@CurrentUser() caller: Caller, @Param('id', endpointId) id: string) {
    return { statusCode: 201, message: 'New signing secret made. Copy it now: it is shown only this once. The old one also signs for 24 hours.', data: await this.webhooks.roll(caller, id) };
  }

  @Get(':id/deliveries')
  @ApiOperation({ summary: "The endpoint's delivery log: each event sent, with every attempt's request, answer and time", description: `Newest first, up to \`limit\` (25). ${OWNER_ONLY}` })
  @ApiOkResponse({ type: WebhookDeliveriesResponseDto })
  @OperationId('listWebhookDeliveries')
  @KeyScope('manage_webhooks')
  async deliveries(@CurrentUser() caller: Caller, @Param('id', endpointId) id: string, @Query() query: WebhookDeliveriesQueryDto) {
    return ok(await this.webhooks.log(caller, id, query.limit));
  }

  @Post(':id/deliveries/:deliveryId/redeliver')
  @ApiOperation({
    summary: 'Send a delivery again now, and answer it with the new attempt',
    description: `Whatever its state: the same event (same id and body), signed afresh. A failure leaves its retries as they were. ${OWNER_ONLY}`,
  })
  @ApiCreatedResponse({ type: WebhookDeliveryResponseDto })
  @OperationId('redeliverWebhook')
  @KeyScope('manage_webhooks')
  async redeliver(@CurrentUser() caller: Caller, @Param('id', endpointId) id: string, @Param('deliveryId', uuidOf('delivery')) deliveryId: string) {
    return { statusCode: 201, message: 'Delivery sent again', data: await this.webhooks.redeliver(caller, id, deliveryId) };
  }

  @Post(':id/test')
  @ApiOperation({
    summary: 'Send a test event (`ping`) to the endpoint now, and answer its delivery',
    description: `Signed as every event; tried once, not retried. Works on a disabled endpoint too, to check a fix before enabling it. ${OWNER_ONLY}`,
  })
  @ApiCreatedResponse({ type: WebhookDeliveryResponseDto })
  @OperationId('sendWebhookTestEvent')
  @KeyScope('manage_webhooks')
  async test(@CurrentUser() caller: Caller, @Param('id', endpointId) id: string) {
    return { statusCode: 201, message: 'Test event sent', data: await this.webhooks.test(caller, id) };
  }
}
