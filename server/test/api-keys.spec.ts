import { randomUUID } from 'node:crypto';
import { NEXT_YEAR } from '@scholarmatch/testkit';
import { accountClient } from './accounts-helpers.js';
import { createTestDatabase, eventually, startTestAppOn, type TestApp } from './test-app.js';

/**
 * API keys for integrators (docs/api.md, "API keys"): made by an organisation's owner, shown once,
 * acting as their creator within their scopes, revoked at once on every replica, limited per key.
 */
describe('API keys', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let one: TestApp;
  let two: TestApp;
  let api: ReturnType<typeof accountClient>;
  let apiTwo: ReturnType<typeof accountClient>;
  let provider: string;
  let scholarship: string;
  const RATE_LIMIT = 40;

  type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  const withHeaders = (t: TestApp, method: Method, url: string, secret: string, body?: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { authorization: `Bearer ${secret}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  const createKey = async (body: Record<string, unknown>, token = provider, headers: Record<string, string> = {}) => withHeaders(one, 'POST', '/providers/api-keys', token, body, headers);
  const newKey = async (scopes: string[], extra: Record<string, unknown> = {}) => {
    const res = await createKey({ name: `Key ${randomUUID().slice(0, 8)}`, scopes, ...extra });
    expect([res.statusCode, res.body]).toEqual([201, expect.any(String)]);
    return res.json().data as { id: string; secret: string; last4: string };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 10_000, API_KEY_RATE_LIMIT_PER_MINUTE: RATE_LIMIT };
    one = await startTestAppOn(database.url, config);
    two = await startTestAppOn(database.url, config);
    api = accountClient(one);
    apiTwo = accountClient(two);
    provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    const created = await api.call('POST', '/providers/scholarships', {
      token: provider,
      body: { title: 'Keyed scholarship', award: 500, recurrenceConfig: { deadline: NEXT_YEAR }, requirements: [{ title: 'Essay', dataType: 'editor', key: 'essay' }] },
    });
    scholarship = created.json().data.id;
    expect((await api.call('POST', `/providers/scholarships/${scholarship}/publish`, { token: provider })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await database?.drop();
  });

  it('reads applicants with a read_applications key, refuses it a write (403), and refuses it at once on another replica once revoked (401)', async () => {
    const key = await newKey(['read_applications']);
    expect(key.secret).toMatch(/^smk_live_[A-Za-z0-9_-]{43}$/);
    expect(key.last4).toBe(key.secret.slice(-4));

    const read = await withHeaders(one, 'GET', `/scholarships/${scholarship}/applicants`, key.secret);
    expect([read.statusCode, read.body]).toEqual([200, expect.any(String)]);
    expect((await withHeaders(two, 'GET', `/scholarships/${scholarship}/applicants`, key.secret)).statusCode).toBe(200);

    const write = await withHeaders(one, 'PUT', `/scholarships/${scholarship}/review-settings`, key.secret, { blindReview: true });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ errorCode: 'KEY_SCOPE_MISSING', description: expect.stringContaining('manage_scholarships') });
    // A route no key may call at all (the owner's settings), and the keys' own routes.
    const settings = await withHeaders(one, 'GET', '/users/organisation', key.secret);
    expect([settings.statusCode, settings.json().errorCode]).toEqual([403, 'KEY_SCOPE_MISSING']);
    expect((await withHeaders(one, 'GET', '/providers/api-keys', key.secret)).statusCode).toBe(403);
    expect((await withHeaders(one, 'POST', '/providers/api-keys', key.secret, { name: 'Escalate', scopes: ['manage_scholarships'] })).statusCode).toBe(403);

    const revoked = await api.call('DELETE', `/providers/api-keys/${key.id}`, { token: provider });
    expect(revoked.json()).toMatchObject({ statusCode: 200, data: { revoked: true } });
    // The revoking instance answered once it heard its NOTIFY, so it refuses the key at once.
    expect((await withHeaders(one, 'GET', `/scholarships/${scholarship}/applicants`, key.secret)).statusCode).toBe(401);
    // The other was sent the NOTIFY at the same commit: it refuses the key once its event loop has
    // read it, at once when idle; the retries cover a loaded machine, where an in-process request
    // can run before the other instance reads its socket (as for sessions: docs/api.md, "API keys").
    await eventually(async () => {
      const afterOnTwo = await withHeaders(two, 'GET', `/scholarships/${scholarship}/applicants`, key.secret);
      expect([afterOnTwo.statusCode, afterOnTwo.json().errorCode]).toEqual([401, 'KEY_INVALID']);
      expect(afterOnTwo.json().description).toEqual(expect.any(String));
    }, 2_000);
    expect((await api.call('DELETE', `/providers/api-keys/${key.id}`, { token: provider })).statusCode).toBe(404);
  });

  it('refuses an expired key, an unknown one and a malformed one with 401', async () => {
    const key = await newKey(['read_own_scholarships'], { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    expect((await withHeaders(one, 'GET', '/providers/scholarships', key.secret)).statusCode).toBe(200);
    // A key past its expiry (made so by the clock of the database: a key cannot be made in the past).
    const expiredKey = await newKey(['read_own_scholarships']);
    await one.sql.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [expiredKey.id]);
    const expired = await withHeaders(two, 'GET', '/providers/scholarships', expiredKey.secret);
    expect([expired.statusCode, expired.json().errorCode]).toEqual([401, 'KEY_EXPIRED']);
    for (const secret of [`smk_live_${'A'.repeat(43)}`, 'smk_live_', 'smk_live_not-a-key']) {
      const res = await withHeaders(one, 'GET', '/providers/scholarships', secret);
      expect([secret, res.statusCode, res.json().errorCode]).toEqual([secret, 401, 'KEY_INVALID']);
    }
    const past = await createKey({ name: 'Past', scopes: ['read_applications'], expiresAt: '2020-01-01T00:00:00Z' });
    expect([past.statusCode, past.json().errorCode]).toEqual([400, 'EXPIRY_IN_PAST']);
  });

  it("gives a key only scopes its creator holds and only key scopes, and lets applicants and reviewers make none", async () => {
    const beyond = await createKey({ name: 'Staff powers', scopes: ['manage_staff'] });
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().description).toEqual(expect.any(String));
    const ownerOnly = await createKey({ name: 'Settings', scopes: ['manage_organisation'] });
    expect(ownerOnly.statusCode).toBe(400);
    const noScope = await createKey({ name: 'None', scopes: [] });
    expect([noScope.statusCode, noScope.json().errors]).toEqual([400, [{ path: 'scopes', message: 'Choose at least one permission.' }]]);
    const noName = await createKey({ name: '  ', scopes: ['read_applications'] });
    expect([noName.statusCode, noName.json().errors]).toEqual([400, [{ path: 'name', message: 'Give the key a name.' }]]);

    const applicant = (await api.signUp()).session.accessToken;
    expect((await createKey({ name: 'Mine', scopes: ['read_applications'] }, applicant)).statusCode).toBe(403);
    await one.sql.query(
      `INSERT INTO users (email, password_hash, role, first_name, last_name)
       SELECT 'rita.keys@example.org', password_hash, 'reviewer', 'Rita', 'Levi' FROM users WHERE email = 'provider@demo.scholarmatch.test'`,
    );
    const reviewer = (await api.login('rita.keys@example.org', 'DemoProvider#2026')).json().data.accessToken;
    for (const [method, url, body] of [
      ['POST', '/providers/api-keys', { name: 'Mine', scopes: ['read_applications'] }],
      ['GET', '/providers/api-keys', undefined],
      ['DELETE', `/providers/api-keys/${randomUUID()}`, undefined],
    ] as const) {
      const res = await api.call(method, url, { token: reviewer, body });
      expect([method, url, res.statusCode, res.json().errorCode]).toEqual([method, url, 403, 'FORBIDDEN_ROLE']);
    }
  });

  it("never reaches another organisation's scholarship with a key: 404, as for the person", async () => {
    const otherToken = await api.otherProvider('keys.other@example.com');
    const res = await withHeaders(one, 'POST', '/providers/api-keys', otherToken, { name: 'Other', scopes: ['read_applications', 'read_own_scholarships', 'write_reviews'] });
    const otherKey = res.json().data.secret as string;
    for (const [method, url] of [
      ['GET', `/scholarships/${scholarship}/applicants`],
      ['GET', `/providers/scholarships/${scholarship}`],
      ['GET', `/scholarships/${scholarship}/winners`],
    ] as const) {
      const asPerson = await api.call(method, url, { token: otherToken });
      const asKey = await withHeaders(one, method, url, otherKey);
      expect([url, asKey.statusCode, asPerson.statusCode]).toEqual([url, 404, 404]);
      expect(asKey.body).not.toContain('Keyed scholarship');
    }
    const listed = await withHeaders(one, 'GET', '/providers/scholarships', otherKey);
    expect(listed.statusCode).toBe(200);
    expect(listed.body).not.toContain(scholarship);
  });

  it('lists keys without their secrets, and replays a create without its secret', async () => {
    const idempotencyKey = randomUUID();
    const body = { name: 'Replayed', scopes: ['read_applications'] };
    const first = await createKey(body, provider, { 'idempotency-key': idempotencyKey });
    expect(first.statusCode).toBe(201);
    const created = first.json().data;
    expect(created.secret).toMatch(/^smk_live_/);

    const replay = await createKey(body, provider, { 'idempotency-key': idempotencyKey });
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data).toEqual({ ...created, secret: undefined });
    expect(replay.json().message).toMatch(/shown once/);
    expect(replay.body).not.toContain(created.secret);
    const stored = await one.sql.query(`SELECT response_body::text AS body FROM idempotency_keys WHERE key = $1`, [idempotencyKey]);
    expect(stored.rows[0].body).not.toContain(created.secret);
    expect((await one.sql.query(`SELECT count(*)::int AS n FROM api_keys WHERE name = 'Replayed'`)).rows[0].n).toBe(1);

    const list = await api.call('GET', '/providers/api-keys', { token: provider });
    expect(list.statusCode).toBe(200);
    const row = list.json().data.find((key: { id: string }) => key.id === created.id);
    expect(Object.keys(row).sort()).toEqual(['createdAt', 'expiresAt', 'id', 'last4', 'lastUsedAt', 'name', 'scopes']);
    expect(list.body).not.toContain(created.secret);
    expect(list.body).not.toContain('smk_live_');
    const hash = (await one.sql.query(`SELECT secret_hash FROM api_keys WHERE id = $1`, [created.id])).rows[0].secret_hash;
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('notes the last use at most once a minute, and lists it', async () => {
    const key = await newKey(['read_applications']);
    expect((await withHeaders(one, 'GET', `/scholarships/${scholarship}/applicants`, key.secret)).statusCode).toBe(200);
    await vi.waitFor(async () => {
      const used = (await one.sql.query(`SELECT last_used_at FROM api_keys WHERE id = $1`, [key.id])).rows[0].last_used_at;
      expect(used).toBeInstanceOf(Date);
    });
    const first = (await one.sql.query(`SELECT last_used_at FROM api_keys WHERE id = $1`, [key.id])).rows[0].last_used_at as Date;
    await withHeaders(two, 'GET', `/scholarships/${scholarship}/applicants`, key.secret);
    await withHeaders(one, 'GET', `/scholarships/${scholarship}/applicants`, key.secret);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const again = (await one.sql.query(`SELECT last_used_at FROM api_keys WHERE id = $1`, [key.id])).rows[0].last_used_at as Date;
    expect(again.getTime()).toBe(first.getTime());
    const listed = (await api.call('GET', '/providers/api-keys', { token: provider })).json().data.find((row: { id: string }) => row.id === key.id);
    expect(listed.lastUsedAt).toEqual(expect.any(String));
  });

  it('limits each key on its own, with the RateLimit-* headers, and leaves sessions as they were', async () => {
    const key = await newKey(['read_own_scholarships']);
    const other = await newKey(['read_own_scholarships']);
    const first = await withHeaders(one, 'GET', '/providers/scholarships', key.secret);
    expect(first.headers['ratelimit-limit']).toBe(String(RATE_LIMIT));
    expect(first.headers['ratelimit-remaining']).toBe(String(RATE_LIMIT - 1));
    expect(Number(first.headers['ratelimit-reset'])).toBeGreaterThan(0);
    let last = first;
    for (let i = 1; i <= RATE_LIMIT; i++) last = await withHeaders(i % 2 ? two : one, 'GET', '/providers/scholarships', key.secret);
    expect(last.statusCode).toBe(429);
    expect(last.json()).toMatchObject({ errorCode: 'KEY_RATE_LIMITED', description: expect.stringContaining(`${RATE_LIMIT} requests`) });
    expect(last.headers['retry-after']).toEqual(expect.any(String));
    expect((await withHeaders(one, 'GET', '/providers/scholarships', other.secret)).statusCode).toBe(200);
    const session = await api.call('GET', '/providers/scholarships', { token: provider });
    expect(session.statusCode).toBe(200);
    expect(session.headers['ratelimit-limit']).toBeUndefined();
  });

  it('refuses the key of a creator who was locked, at once', async () => {
    const email = `keys.locked.${Date.now()}@example.com`;
    const token = await apiTwo.otherProvider(email);
    const res = await withHeaders(two, 'POST', '/providers/api-keys', token, { name: 'Locked later', scopes: ['read_own_scholarships'] });
    const secret = res.json().data.secret as string;
    expect((await withHeaders(one, 'GET', '/providers/scholarships', secret)).statusCode).toBe(200);
    const id = (await one.sql.query(`SELECT id FROM users WHERE email = $1`, [email])).rows[0].id;
    const admin = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026')).json().data.accessToken;
    expect((await api.call('POST', `/admin/users/${id}/lock`, { token: admin })).statusCode).toBeLessThan(300);
    expect((await withHeaders(one, 'GET', '/providers/scholarships', secret)).statusCode).toBe(401);
  });
});
