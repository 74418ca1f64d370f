import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS, WebhookRejected } from '../payment-gateway.js';

/** The header the sandbox signs its webhooks in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`, as card providers do. */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';

function mac(secret: Buffer, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signSandboxWebhook(secret: Buffer, body: string, timestamp = Math.floor(Date.now() / 1000)): string {
  return `t=${timestamp},v1=${mac(secret, timestamp, body)}`;
}

/**
 * Checks a signature header against the exact body: the timestamp is signed with the body, so an
 * old delivery replayed later is refused once it is older than the tolerance, and a changed byte
 * anywhere fails the MAC. Throws WebhookRejected.
 */
export function verifySandboxWebhook(secret: Buffer, body: string, header: string | undefined, nowSeconds = Math.floor(Date.now() / 1000)): void {
  if (!header) throw new WebhookRejected(`The webhook has no ${SANDBOX_SIGNATURE_HEADER} header.`, 'SIGNATURE_MISSING');
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1') ?? '';
  if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) {
    throw new WebhookRejected('The webhook signature header is not in the form t=<seconds>,v1=<hex>.', 'SIGNATURE_INVALID');
  }
  const expected = Buffer.from(mac(secret, timestamp, body), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) {
    throw new WebhookRejected("The webhook signature does not match this endpoint's secret.", 'SIGNATURE_INVALID');
  }
  if (Math.abs(nowSeconds - timestamp) > WEBHOOK_TOLERANCE_SECONDS) {
    throw new WebhookRejected(`The webhook was signed more than ${WEBHOOK_TOLERANCE_SECONDS} seconds ago; a replay is refused.`, 'SIGNATURE_EXPIRED');
  }
}
