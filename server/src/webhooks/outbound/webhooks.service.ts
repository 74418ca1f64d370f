import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { Caller } from '../../auth/auth.decorators.js';
import { ApiError } from '../../common/error-body.js';
import { AppConfig } from '../../config/app-config.js';
import type { WebhookDeliveryDto, WebhookEndpointDto, WebhookEndpointWithSecretDto } from './dto/webhook.dto.js';
import { WebhookAttempts } from './webhook-attempts.js';
import { type DueDelivery, WebhookDeliveriesRepository } from './webhook-deliveries.repository.js';
import { type EndpointRow, WebhookEndpointsRepository } from './webhook-endpoints.repository.js';
import type { WebhookEventType } from './webhook-events.js';
import { newWebhookSecret, WebhookSecretSealer } from './webhook-secrets.js';
import { checkedTarget, RefusedTarget } from './webhook-target.js';

/** Endpoints one organisation may have: one per receiving system, with room to move one. */
export const MAX_ENDPOINTS_PER_OWNER = 10;
/** How long deliveries are also signed with the previous secret after a roll. */
export const ROLL_OVERLAP_MS = 24 * 3600 * 1000;

const NOT_FOUND = () => new ApiError(404, 'There is no such webhook endpoint among yours.', { errorCode: 'WEBHOOK_NOT_FOUND' });

/** An organisation owner's webhook endpoints, their secrets and their delivery log (docs/webhooks.md). */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly config: AppConfig,
    private readonly endpoints: WebhookEndpointsRepository,
    private readonly deliveries: WebhookDeliveriesRepository,
    private readonly sealer: WebhookSecretSealer,
    private readonly attempts: WebhookAttempts,
  ) {}

  async list(caller: Caller): Promise<WebhookEndpointDto[]> {
    return (await this.endpoints.listOf(caller.id)).map(endpointOf);
  }

  /** A new endpoint with a new secret, in this answer only. */
  async create(caller: Caller, input: { url: string; events: WebhookEventType[] }): Promise<WebhookEndpointWithSecretDto> {
    const url = await this.allowedUrl(input.url);
    if ((await this.endpoints.countOf(caller.id)) >= MAX_ENDPOINTS_PER_OWNER) {
      throw new ApiError(409, `You already have ${MAX_ENDPOINTS_PER_OWNER} webhook endpoints. Delete one you no longer use first.`, { errorCode: 'TOO_MANY_WEBHOOKS' });
    }
    const id = randomUUID();
    const secret = newWebhookSecret();
    const row = await this.endpoints.create({ id, ownerId: caller.id, url, events: input.events, secretSealed: this.sealer.seal(id, secret), secretLast4: secret.slice(-4) });
    return { ...endpointOf(row), secret };
  }

  async update(caller: Caller, id: string, change: { url?: string; events?: WebhookEventType[]; enabled?: boolean }): Promise<WebhookEndpointDto> {
    const url = change.url === undefined ? undefined : await this.allowedUrl(change.url);
    const row = await this.endpoints.update(caller.id, id, { ...change, url });
    if (!row) throw NOT_FOUND();
    return endpointOf(row);
  }

  async remove(caller: Caller, id: string): Promise<{ deleted: true }> {
    if (!(await this.endpoints.remove(caller.id, id))) throw NOT_FOUND();
    return { deleted: true };
  }

  /**
   * A new secret signs from now on, in this answer only; for 24 hours deliveries carry a second
   * signature with the current one, so receivers can switch without losing an event. Rolling again
   * within those hours drops the oldest secret.
   */
  async roll(caller: Caller, id: string): Promise<WebhookEndpointWithSecretDto> {
    const secret = newWebhookSecret();
    const row = await this.endpoints.roll(caller.id, id, this.sealer.seal(id, secret), secret.slice(-4), new Date(Date.now() + ROLL_OVERLAP_MS));
    if (!row) throw NOT_FOUND();
    return { ...endpointOf(row), secret };
  }

  async log(caller: Caller, id: string, limit = 25): Promise<WebhookDeliveryDto[]> {
    if (!(await this.endpoints.find(caller.id, id))) throw NOT_FOUND();
    return this.deliveries.logOf(caller.id, id, limit);
  }

  /** Sends one delivery again now, whatever its state, and answers it with the new attempt. */
  async redeliver(caller: Caller, id: string, deliveryId: string): Promise<WebhookDeliveryDto> {
    const delivery = await this.deliveries.deliveryOf(caller.id, id, deliveryId);
    if (!delivery) throw new ApiError(404, 'There is no such delivery in this endpoint\'s log.', { errorCode: 'DELIVERY_NOT_FOUND' });
    return this.attemptNow(caller, delivery, false);
  }

  /** Sends a `ping` event to the endpoint now (even a disabled one, to check a fix), once, and answers its delivery. */
  async test(caller: Caller, id: string): Promise<WebhookDeliveryDto> {
    const delivery = await this.deliveries.createPing(caller.id, id, { message: 'A test event from ScholarMatch: your endpoint is reachable and can check signatures.' });
    if (!delivery) throw NOT_FOUND();
    return this.attemptNow(caller, delivery, true);
  }

  private async attemptNow(caller: Caller, delivery: DueDelivery, isTest: boolean): Promise<WebhookDeliveryDto> {
    await this.deliveries.recordAttempts([await this.attempts.manual(delivery, isTest)]);
    const [entry] = await this.deliveries.logOf(caller.id, delivery.endpointId, 1, delivery.deliveryId);
    return entry;
  }

  /** The URL, normalised, when the rules allow it; otherwise a 400 under `url` saying why. */
  private async allowedUrl(raw: string): Promise<string> {
    try {
      return (await checkedTarget(raw.trim(), { allowLoopback: this.config.WEBHOOKS_ALLOW_LOOPBACK })).url.href;
    } catch (error) {
      if (!(error instanceof RefusedTarget)) throw error;
      throw new ApiError(400, error.message, { errorCode: 'WEBHOOK_URL_REFUSED', errors: [{ path: 'url', message: error.message }] });
    }
  }
}

function endpointOf(row: EndpointRow): WebhookEndpointDto {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    secretLast4: row.secret_last4,
    previousSecretExpiresAt: row.previous_secret_expires_at && row.previous_secret_expires_at > new Date() ? row.previous_secret_expires_at : null,
    enabled: row.disabled_at === null,
    disabledReason: row.disabled_reason,
    consecutiveFailures: row.consecutive_failures,
    lastSuccessAt: row.last_success_at,
    createdAt: row.created_at,
  };
}

/** What an idempotent replay of a create or a roll keeps and answers: the endpoint, without its secret. */
export function withoutWebhookSecret(answer: unknown): unknown {
  const { data, statusCode } = answer as { statusCode: number; data: WebhookEndpointWithSecretDto };
  const { secret: _secret, ...endpoint } = data;
  return {
    statusCode,
    message: 'This was already done by an earlier request with this Idempotency-Key. The secret was shown once, in that answer, and is not shown again: if it was lost, roll the secret.',
    data: endpoint,
  };
}
