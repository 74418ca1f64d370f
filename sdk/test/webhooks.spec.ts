import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { signWebhook, verifyWebhook, WebhookSignatureError } from '../src/index.js';

const SECRET = 'whsec_test_current';
const OLD_SECRET = 'whsec_test_previous';
const payload = JSON.stringify({ id: 'evt_1', type: 'application.submitted', data: { applicationId: 'a1' } });
const t = 1_800_000_000;
const at = (seconds: number) => new Date(seconds * 1000);

function problem(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookSignatureError) return error.code;
    throw error;
  }
  return undefined;
}

/** The scheme of docs/api.md, "Webhook signatures". */
describe('verifyWebhook', () => {
  it('accepts a valid signature and answers the parsed event and its time', () => {
    const header = signWebhook({ payload, secret: SECRET, timestamp: t });
    expect(header).toMatch(/^t=1800000000,v1=[0-9a-f]{64}$/);
    expect(verifyWebhook({ payload, header, secret: SECRET, now: at(t + 10) })).toEqual({ timestamp: t, event: JSON.parse(payload) });
    expect(verifyWebhook({ payload: Buffer.from(payload), header, secret: SECRET, now: at(t) }).timestamp).toBe(t);
  });

  it('signs exactly HMAC-SHA256 of "<t>.<raw body>" in hex', async () => {
    const { createHmac } = await import('node:crypto');
    const v1 = createHmac('sha256', SECRET).update(`${t}.${payload}`).digest('hex');
    expect(verifyWebhook({ payload, header: `t=${t},v1=${v1}`, secret: SECRET, now: at(t) }).timestamp).toBe(t);
  });

  it('refuses a tampered body, a tampered time and another secret', () => {
    const header = signWebhook({ payload, secret: SECRET, timestamp: t });
    expect(problem(() => verifyWebhook({ payload: payload.replace('a1', 'a2'), header, secret: SECRET, now: at(t) }))).toBe('SIGNATURE_INVALID');
    expect(problem(() => verifyWebhook({ payload, header: header.replace(`t=${t}`, `t=${t + 1}`), secret: SECRET, now: at(t) }))).toBe('SIGNATURE_INVALID');
    expect(problem(() => verifyWebhook({ payload, header, secret: 'whsec_someone_else', now: at(t) }))).toBe('SIGNATURE_INVALID');
  });

  it('refuses a signature older (or further ahead) than the tolerance', () => {
    const header = signWebhook({ payload, secret: SECRET, timestamp: t });
    expect(problem(() => verifyWebhook({ payload, header, secret: SECRET, now: at(t + 301) }))).toBe('SIGNATURE_EXPIRED');
    expect(problem(() => verifyWebhook({ payload, header, secret: SECRET, now: at(t - 301) }))).toBe('SIGNATURE_EXPIRED');
    expect(problem(() => verifyWebhook({ payload, header, secret: SECRET, now: at(t + 300) }))).toBeUndefined();
    expect(problem(() => verifyWebhook({ payload, header, secret: SECRET, toleranceSeconds: 60, now: at(t + 61) }))).toBe('SIGNATURE_EXPIRED');
  });

  it('accepts any v1 of a rotation on either side: two signatures in the header, or two secrets at the receiver', () => {
    const both = signWebhook({ payload, secret: [OLD_SECRET, SECRET], timestamp: t });
    expect(both.split(',v1=')).toHaveLength(3);
    expect(problem(() => verifyWebhook({ payload, header: both, secret: SECRET, now: at(t) }))).toBeUndefined();
    expect(problem(() => verifyWebhook({ payload, header: both, secret: OLD_SECRET, now: at(t) }))).toBeUndefined();
    const oldOnly = signWebhook({ payload, secret: OLD_SECRET, timestamp: t });
    expect(problem(() => verifyWebhook({ payload, header: oldOnly, secret: [SECRET, OLD_SECRET], now: at(t) }))).toBeUndefined();
    expect(problem(() => verifyWebhook({ payload, header: oldOnly, secret: SECRET, now: at(t) }))).toBe('SIGNATURE_INVALID');
  });

  it('refuses a missing or malformed header, and ignores schemes it does not know', () => {
    expect(problem(() => verifyWebhook({ payload, header: undefined, secret: SECRET, now: at(t) }))).toBe('SIGNATURE_MISSING');
    expect(problem(() => verifyWebhook({ payload, header: '', secret: SECRET, now: at(t) }))).toBe('SIGNATURE_MISSING');
    expect(problem(() => verifyWebhook({ payload, header: 'v1=abc', secret: SECRET, now: at(t) }))).toBe('SIGNATURE_MALFORMED');
    expect(problem(() => verifyWebhook({ payload, header: `t=${t},v0=${'0'.repeat(64)}`, secret: SECRET, now: at(t) }))).toBe('SIGNATURE_MALFORMED');
    const header = signWebhook({ payload, secret: SECRET, timestamp: t });
    expect(problem(() => verifyWebhook({ payload, header: `${header},v2=future`, secret: SECRET, now: at(t) }))).toBeUndefined();
  });
});

/** The signed example of docs/webhooks.md ("A signed example"), as a receiver would get it. */
describe("docs/webhooks.md's signed example", () => {
  const doc = readFileSync(fileURLToPath(new URL('../../docs/webhooks.md', import.meta.url)), 'utf8');
  const example = doc.slice(doc.indexOf('### A signed example'));
  const secret = /```text\n(whsec_[A-Za-z0-9_-]+)\n```/.exec(example)![1];
  const body = /```json\n(.+)\n```/.exec(example)![1];
  const header = /ScholarMatch-Signature: (t=\d+,v1=[0-9a-f]+)/.exec(example)![1];
  const signedAt = Number(/t=(\d+)/.exec(header)![1]);

  it('verifies with the SDK at its own time, and names the event', () => {
    const { event } = verifyWebhook<{ type: string; id: string }>({ payload: body, header, secret, now: at(signedAt + 30) });
    expect(event).toMatchObject({ type: 'application.submitted', id: '2f5d3c4e-8a1b-4c6d-9e0f-1a2b3c4d5e6f' });
    expect(signWebhook({ payload: body, secret, timestamp: signedAt })).toBe(header);
  });

  it('is refused with another secret, a changed body, or past the tolerance', () => {
    expect(problem(() => verifyWebhook({ payload: body, header, secret: 'whsec_another', now: at(signedAt) }))).toBe('SIGNATURE_INVALID');
    expect(problem(() => verifyWebhook({ payload: body.replace('Engine Award', 'Engine Awards'), header, secret, now: at(signedAt) }))).toBe('SIGNATURE_INVALID');
    expect(problem(() => verifyWebhook({ payload: body, header, secret, now: at(signedAt + 301) }))).toBe('SIGNATURE_EXPIRED');
  });
});
