import { describe, expect, it } from 'vitest';
import { createClient, ScholarMatchError } from '../src/index.js';

const BASE = 'http://sdk.test';
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const created = () => json(201, { statusCode: 201, data: { id: 's1' } });

/** A stand-in server answering from a script, recording what each request carried. */
function scripted(...answers: (Response | Error)[]) {
  const seen: { method: string; path: string; key: string | null; body: string }[] = [];
  const fetch = async (request: Request) => {
    seen.push({ method: request.method, path: new URL(request.url).pathname, key: request.headers.get('Idempotency-Key'), body: await request.text() });
    const answer = answers[Math.min(seen.length, answers.length) - 1];
    if (answer instanceof Error) throw answer;
    return answer.clone(); // the last answer may be given again
  };
  return { seen, sdk: createClient({ baseUrl: BASE, apiKey: 'smk_live_test', fetch, retryDelayMs: 1 }) };
}

const body = { title: 'Retry Award', award: 100 };

/** The retry policy of sdk/README.md, "Retries", without a server. */
describe('retries', () => {
  it('retries an idempotent POST after a 503 and a 409 IDEMPOTENCY_KEY_IN_USE with the same key and body', async () => {
    const { sdk, seen } = scripted(json(503, { description: 'down' }), json(409, { errorCode: 'IDEMPOTENCY_KEY_IN_USE', description: 'busy' }), created());
    expect((await sdk.createScholarship({ body })).data).toEqual({ id: 's1' });
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((request) => request.key)).size).toBe(1);
    expect(seen.every((request) => request.body === JSON.stringify(body))).toBe(true);
  });

  it('gives up after maxRetries and throws the last answer as a ScholarMatchError', async () => {
    const { sdk, seen } = scripted(json(502, { statusCode: 502, description: 'The payment provider did not answer.', errorCode: 'PAYMENT_PROVIDER_UNAVAILABLE' }));
    const error = await sdk.createScholarship({ body }).catch((caught: unknown) => caught);
    expect(seen).toHaveLength(3);
    expect(error).toBeInstanceOf(ScholarMatchError);
    expect(error).toMatchObject({ status: 502, errorCode: 'PAYMENT_PROVIDER_UNAVAILABLE', description: 'The payment provider did not answer.' });
  });

  it('does not retry another 409, a 4xx, or a POST the server does not take a key on', async () => {
    const conflict = scripted(json(409, { errorCode: 'ALREADY_SUBSCRIBED', description: 'You already have a membership.' }));
    await expect(conflict.sdk.createScholarship({ body })).rejects.toMatchObject({ status: 409, errorCode: 'ALREADY_SUBSCRIBED' });
    expect(conflict.seen).toHaveLength(1);
    const notIdempotent = scripted(json(503, { description: 'down' }));
    await expect(notIdempotent.sdk.publishScholarship({ id: 's1' })).rejects.toMatchObject({ status: 503 });
    expect(notIdempotent.seen).toEqual([expect.objectContaining({ method: 'POST', path: '/api/v1/providers/scholarships/s1/publish', key: null })]);
  });

  it('retries a GET after a network failure, and rethrows the failure once retries are spent', async () => {
    const flaky = scripted(new TypeError('fetch failed'), json(200, { statusCode: 200, data: [] }));
    expect((await flaky.sdk.listProviderScholarships()).data).toEqual([]);
    expect(flaky.seen).toHaveLength(2);
    const down = scripted(new TypeError('fetch failed'));
    await expect(down.sdk.listProviderScholarships()).rejects.toThrow('fetch failed');
    expect(down.seen).toHaveLength(3);
  });

  it("keeps the caller's key, adds keys to path-based calls too, and sends one new key per call", async () => {
    const { sdk, seen } = scripted(created());
    await sdk.createScholarship({ body, idempotencyKey: 'mine-1' });
    await sdk.http.POST('/api/v1/providers/scholarships', { body });
    await sdk.createScholarship({ body });
    expect(seen[0].key).toBe('mine-1');
    expect(seen[1].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[2].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[2].key).not.toBe(seen[1].key);
  });

  it('sends the credential as a bearer token', async () => {
    const requests: Request[] = [];
    const sdk = createClient({ baseUrl: `${BASE}/`, apiKey: 'smk_live_abc', fetch: async (request) => (requests.push(request), json(200, { data: [] })) });
    await sdk.listProviderScholarships();
    expect(requests[0].headers.get('authorization')).toBe('Bearer smk_live_abc');
    expect(requests[0].url).toBe(`${BASE}/api/v1/providers/scholarships`);
  });
});
