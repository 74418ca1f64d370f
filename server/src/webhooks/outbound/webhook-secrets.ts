import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ServerSecrets } from '../../auth/server-secrets.js';

/** What every endpoint secret starts with, so a reader (or a secret scanner) knows it at a glance. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A new signing secret: the prefix and 32 random bytes in base64url (43 characters). */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64url');
}

/**
 * The `ScholarMatch-Signature` header of docs/api.md "Webhook signatures": `t=<unix seconds>`, then
 * one `v1=<hex HMAC-SHA256 of "<t>.<body>">` per secret in use (the new first during a roll). The
 * SDK's signWebhook gives the same header for the same input (server/test/webhooks.spec.ts).
 */
export function signatureHeader(body: string, secrets: readonly string[], timestamp: number): string {
  const signatures = secrets.map((secret) => `v1=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`);
  return [`t=${timestamp}`, ...signatures].join(',');
}

/**
 * Endpoint secrets at rest: the server signs with them, so they cannot be hashed as API keys are.
 * Sealed with AES-256-GCM under a key derived from the server's secret (docs/security.md,
 * "Webhook endpoints"), the endpoint id authenticated with each, so a copy of the table gives no
 * secret and a sealed secret cannot be moved to another endpoint.
 */
@Injectable()
export class WebhookSecretSealer {
  constructor(private readonly secrets: ServerSecrets) {}

  seal(endpointId: string, secret: string): Buffer {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.secrets.webhookKey, iv);
    cipher.setAAD(Buffer.from(endpointId));
    const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), body]);
  }

  /** The secret sealed for this endpoint; throws when it does not open (another server secret, another endpoint). */
  open(endpointId: string, sealed: Buffer): string {
    const decipher = createDecipheriv('aes-256-gcm', this.secrets.webhookKey, sealed.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(endpointId));
    decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }
}
