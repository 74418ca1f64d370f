import { logIn, makeMember, publishedScholarship, scholarshipBody, signUpApplicant, signUpProvider, type Person } from '@scholarmatch/testkit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, ScholarMatchError } from '../src/index.js';
import { startListeningServer, type ListeningServer } from './server.js';

/** The SDK against the real server over HTTP: named calls, the bearer credential, Idempotency-Keys and retries, errors. */
describe('the SDK client', () => {
  let server: ListeningServer;
  let provider: Person;
  let scholarshipId: string;
  /** An API key of the provider's that may read scholarships and applications, nothing else. */
  let readingKey: string;

  beforeAll(async () => {
    server = await startListeningServer();
    provider = await signUpProvider(server.call);
    scholarshipId = await publishedScholarship(server.call, provider.token, { title: 'Ada Lovelace Award' });
    const applicant = await signUpApplicant(server.call);
    await makeMember(server.call, await logIn(server.call, 'admin@demo.scholarmatch.test', 'DemoAdmin#2026'), applicant.id);
    await server.call('POST', '/scholarships/submit-individual-scholarship', { token: applicant.token, body: { scholarshipId, status: 'Received', requirements: [] } });
    const created = await createClient({ baseUrl: server.baseUrl, apiKey: provider.token }).createApiKey({
      body: { name: 'SDK spec', scopes: ['read_own_scholarships', 'read_applications'] },
    });
    readingKey = created.data.secret!;
  });
  afterAll(() => server?.close());

  it("lists the provider's scholarships and a scholarship's applicants by operation name, with an API key", async () => {
    expect(readingKey).toMatch(/^smk_live_/);
    const sdk = createClient({ baseUrl: server.baseUrl, apiKey: readingKey });
    const scholarships = await sdk.listProviderScholarships();
    expect(scholarships.data.map((scholarship) => scholarship.title)).toEqual(['Ada Lovelace Award']);
    const page = await sdk.listApplicants({ id: scholarshipId, sort: '-submittedAt', limit: 10 });
    expect(page.data.total).toBe(1);
    expect(page.data.applicants[0]).toMatchObject({ status: 'Received', eligibility: 'eligible' });
  });

  it('retries a create after a dropped answer with the same Idempotency-Key, and the server replays the first record', async () => {
    const sent: { key: string | null; replayed: string | null }[] = [];
    const droppingFirstAnswer = async (request: Request) => {
      const response = await fetch(request);
      sent.push({ key: request.headers.get('Idempotency-Key'), replayed: response.headers.get('Idempotent-Replayed') });
      if (sent.length === 1) throw new TypeError('fetch failed'); // the record was made; the answer never arrived
      return response;
    };
    const sdk = createClient({ baseUrl: server.baseUrl, apiKey: provider.token, fetch: droppingFirstAnswer, retryDelayMs: 10 });
    const created = await sdk.createScholarship({ body: scholarshipBody({ title: 'Retried Award' }) as never });
    expect(sent).toHaveLength(2);
    expect(sent[0].key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[1]).toEqual({ key: sent[0].key, replayed: 'true' });
    const titles = (await sdk.listProviderScholarships()).data.filter((scholarship) => scholarship.title === 'Retried Award');
    expect(titles.map((scholarship) => scholarship.id)).toEqual([created.data.id]);
  });

  it("uses the caller's own key, and the same key with another body is refused with a typed 422", async () => {
    const sdk = createClient({ baseUrl: server.baseUrl, apiKey: provider.token });
    const key = `order-${Date.now()}`;
    const first = await sdk.createScholarship({ idempotencyKey: key, body: scholarshipBody({ title: 'Keyed Award' }) as never });
    const again = await sdk.http.POST('/api/v1/providers/scholarships', { params: { header: { 'Idempotency-Key': key } }, body: scholarshipBody({ title: 'Keyed Award' }) as never });
    expect(again.response.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.data?.data.id).toBe(first.data.id);
    const refusal = await sdk.createScholarship({ idempotencyKey: key, body: scholarshipBody({ title: 'Another Award' }) as never }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ScholarMatchError);
    expect(refusal).toMatchObject({ status: 422, errorCode: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it("raises a ScholarMatchError with the server's status, errorCode and description on a 404, a 403 and a 401", async () => {
    const sdk = createClient({ baseUrl: server.baseUrl, apiKey: readingKey });
    const missing = await sdk.listApplicants({ id: '00000000-0000-4000-8000-000000000000' }).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ScholarMatchError);
    expect(missing).toMatchObject({ status: 404, description: expect.any(String) });

    const applicant = await signUpApplicant(server.call);
    const asApplicant = createClient({ baseUrl: server.baseUrl, apiKey: applicant.token });
    const forbidden = await asApplicant.listApplicants({ id: scholarshipId }).catch((error: unknown) => error);
    expect(forbidden).toMatchObject({ name: 'ScholarMatchError', status: 403, description: expect.any(String) });
    const beyondScope = await sdk.createScholarship({ body: scholarshipBody({ title: 'Not With This Key' }) as never }).catch((error: unknown) => error);
    expect(beyondScope).toMatchObject({ status: 403, errorCode: 'KEY_SCOPE_MISSING' });

    const anonymous = createClient({ baseUrl: server.baseUrl, apiKey: 'smk_live_not_a_real_key' });
    const unauthorised = await anonymous.listProviderScholarships().catch((error: unknown) => error);
    expect(unauthorised).toMatchObject({ status: 401, errorCode: 'KEY_INVALID' });
  });
});
