/**
 * Verifying the events the server will send to an endpoint (docs/api.md, "Webhook signatures"):
 * `ScholarMatch-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, with one v1
 * per secret in use while a secret is rotated. A signature is good when any v1 matches any of the
 * receiver's secrets (compared in constant time) and t is within the tolerance of now.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'ScholarMatch-Signature';

export type WebhookSignatureProblem = 'SIGNATURE_MISSING' | 'SIGNATURE_MALFORMED' | 'SIGNATURE_INVALID' | 'SIGNATURE_EXPIRED';

export class WebhookSignatureError extends Error {
  override readonly name = 'WebhookSignatureError';
  constructor(
    readonly code: WebhookSignatureProblem,
    message: string,
  ) {
    super(message);
  }
}

export interface VerifyWebhookOptions {
  /** The request's raw body, exactly as received (before any JSON parsing). */
  payload: string | Uint8Array;
  /** The ScholarMatch-Signature header's value. */
  header: string | null | undefined;
  /** The endpoint's secret; during a rotation, the old and the new one. */
  secret: string | readonly string[];
  /** How old (or how far ahead) `t` may be, in seconds (default 300). */
  toleranceSeconds?: number;
  /** The time to judge `t` against (default: the clock). */
  now?: Date;
}

/** Returns the signed time and the parsed event; throws WebhookSignatureError when the signature does not hold. */
export function verifyWebhook<Event = unknown>(options: VerifyWebhookOptions): { timestamp: number; event: Event } {
  const { timestamp, signatures } = parseHeader(options.header);
  const secrets = typeof options.secret === 'string' ? [options.secret] : options.secret;
  const expected = secrets.map((secret) => hmac(secret, timestamp, options.payload));
  const matches = signatures.some((signature) => expected.some((candidate) => candidate.length === signature.length && timingSafeEqual(candidate, signature)));
  if (!matches) throw new WebhookSignatureError('SIGNATURE_INVALID', 'No signature matches the payload with this secret.');
  const now = Math.floor((options.now ?? new Date()).getTime() / 1000);
  if (Math.abs(now - timestamp) > (options.toleranceSeconds ?? 300)) {
    throw new WebhookSignatureError('SIGNATURE_EXPIRED', `The signature's time (${timestamp}) is outside the tolerance of now (${now}).`);
  }
  const text = typeof options.payload === 'string' ? options.payload : new TextDecoder().decode(options.payload);
  return { timestamp, event: JSON.parse(text) as Event };
}

/** The header the server sends for `payload` at `timestamp` (one v1 per secret): for tests and local tools. */
export function signWebhook(options: { payload: string | Uint8Array; secret: string | readonly string[]; timestamp?: number }): string {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const secrets = typeof options.secret === 'string' ? [options.secret] : options.secret;
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${hmac(secret, timestamp, options.payload).toString('hex')}`)].join(',');
}

function hmac(secret: string, timestamp: number, payload: string | Uint8Array): Buffer {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(payload).digest();
}

/** `t=…,v1=…[,v1=…]`; other schemes (a future v2) are ignored. */
function parseHeader(header: string | null | undefined): { timestamp: number; signatures: Buffer[] } {
  if (!header) throw new WebhookSignatureError('SIGNATURE_MISSING', `The ${SIGNATURE_HEADER} header is missing.`);
  let timestamp: number | undefined;
  const signatures: Buffer[] = [];
  for (const part of header.split(',')) {
    const [key, value = ''] = part.trim().split('=', 2);
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || !signatures.length) {
    throw new WebhookSignatureError('SIGNATURE_MALFORMED', `The ${SIGNATURE_HEADER} header needs t=<unix seconds> and at least one v1=<hex HMAC-SHA256>.`);
  }
  return { timestamp, signatures };
}
