import { Injectable } from '@nestjs/common';
import { AppConfig } from '../../config/app-config.js';
import { messageOf } from '../../common/error-message.js';
import type { AttemptRecord, DueDelivery } from './webhook-deliveries.repository.js';
import { bodyOf } from './webhook-events.js';
import { signatureHeader, WebhookSecretSealer } from './webhook-secrets.js';
import { postWebhook } from './webhook-sender.js';
import { checkedTarget, RefusedTarget } from './webhook-target.js';

export interface RetrySchedule {
  baseMs: number;
  maxMs: number;
  windowSeconds: number;
}

/**
 * When a failed delivery is tried again (docs/webhooks.md, "Delivery and retries"): the first retry after
 * WEBHOOK_RETRY_BASE_MS, each later one twice as long, at most WEBHOOK_RETRY_MAX_MS (6 hours)
 * apart; none once the next would be more than WEBHOOK_RETRY_WINDOW_SECONDS (3 days) after the
 * event: the delivery has failed.
 */
export function nextAttemptAt(attempt: number, createdAt: Date, now: Date, { baseMs, maxMs, windowSeconds }: RetrySchedule): Date | null {
  const delay = Math.min(baseMs * 2 ** (attempt - 1), maxMs);
  const next = new Date(now.getTime() + delay);
  return next.getTime() <= createdAt.getTime() + windowSeconds * 1000 ? next : null;
}

/**
 * One attempt of one delivery: the body (the same bytes on every attempt), signed afresh with the
 * endpoint's secret (and the previous one during a roll), the URL checked again against the rules
 * of docs/webhooks.md "Where endpoints may point" and the POST made to the checked address.
 * Answers the attempt for the log and what becomes of the delivery.
 */
@Injectable()
export class WebhookAttempts {
  constructor(
    private readonly config: AppConfig,
    private readonly sealer: WebhookSecretSealer,
  ) {}

  /** An automatic attempt (the job): a failure schedules a retry, or fails the delivery for good past the window. */
  async scheduled(delivery: DueDelivery): Promise<AttemptRecord> {
    const outcome = await this.attempt(delivery, false);
    if (outcome.state === 'delivered') return outcome;
    const next = nextAttemptAt(outcome.attempt, delivery.deliveryCreatedAt, new Date(), {
      baseMs: this.config.WEBHOOK_RETRY_BASE_MS,
      maxMs: this.config.WEBHOOK_RETRY_MAX_MS,
      windowSeconds: this.config.WEBHOOK_RETRY_WINDOW_SECONDS,
    });
    return { ...outcome, state: next ? 'pending' : 'failed', nextAttemptAt: next };
  }

  /** An attempt the owner asked for (redeliver, test event): a failure leaves the delivery as it was (a test event: failed). */
  async manual(delivery: DueDelivery, isTest: boolean): Promise<AttemptRecord> {
    const outcome = await this.attempt(delivery, true);
    if (outcome.state === 'delivered') return outcome;
    return { ...outcome, state: isTest ? 'failed' : delivery.state, nextAttemptAt: null };
  }

  private async attempt(delivery: DueDelivery, manual: boolean): Promise<AttemptRecord> {
    const attempt = delivery.attempts + 1;
    const body = bodyOf({ id: delivery.eventId, type: delivery.type, createdAt: delivery.eventCreatedAt, data: delivery.data });
    const headers = this.headersOf(delivery, body, attempt);
    const base = { deliveryId: delivery.deliveryId, endpointId: delivery.endpointId, attempt, manual, requestHeaders: headers, requestBody: body, nextAttemptAt: null };
    const started = performance.now();
    try {
      const target = await checkedTarget(delivery.url, { allowLoopback: this.config.WEBHOOKS_ALLOW_LOOPBACK });
      const outcome = await postWebhook(target, body, headers, this.config.WEBHOOK_TIMEOUT_MS);
      return {
        ...base,
        responseStatus: outcome.status,
        responseBody: outcome.responseExcerpt,
        durationMs: outcome.durationMs,
        error: outcome.error,
        state: outcome.error ? 'pending' : 'delivered',
      };
    } catch (error) {
      const reason = error instanceof RefusedTarget ? `Not delivered: ${error.message}` : `Not delivered: ${messageOf(error)}`;
      return { ...base, responseStatus: null, responseBody: null, durationMs: Math.round(performance.now() - started), error: reason, state: 'pending' };
    }
  }

  private headersOf(delivery: DueDelivery, body: string, attempt: number): Record<string, string> {
    const secrets = [this.sealer.open(delivery.endpointId, delivery.secretSealed)];
    if (delivery.previousSealed) secrets.push(this.sealer.open(delivery.endpointId, delivery.previousSealed));
    return {
      'content-type': 'application/json',
      'user-agent': 'ScholarMatch-Webhooks/1.0',
      'scholarmatch-event-id': delivery.eventId,
      'scholarmatch-event-type': delivery.type,
      'scholarmatch-delivery-attempt': String(attempt),
      'scholarmatch-signature': signatureHeader(body, secrets, Math.floor(Date.now() / 1000)),
    };
  }
}
