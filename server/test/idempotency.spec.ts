import { NEXT_YEAR } from '@scholarmatch/testkit';
import { accountClient } from './accounts-helpers.js';
import { startTestApp, startTestAppOn, type TestApp } from './test-app.js';

/** Idempotent creates (docs/api.md, "Idempotent requests"), on the provider's scholarship create. */
describe('Idempotency-Key on creates', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let provider: string;
  let otherProvider: string;

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    api = accountClient(t);
    provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    otherProvider = await api.otherProvider();
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = (token: string, body: object, key?: string, on: TestApp = t) =>
    on.app.inject({
      method: 'POST',
      url: '/api/v1/providers/scholarships',
      remoteAddress: '10.0.0.1',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: JSON.stringify(body),
    });
  const titled = async (title: string) => (await t.sql.query(`SELECT count(*)::int AS n FROM scholarships WHERE title = $1`, [title])).rows[0].n as number;
  const draft = (title: string) => ({ title, award: 1000, recurrenceConfig: { deadline: NEXT_YEAR } });

  it('replays the first answer to a retry with the same key and body, and creates one record', async () => {
    const first = await create(provider, draft('Retried once'), 'key-retried-1');
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await create(provider, draft('Retried once'), 'key-retried-1');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await titled('Retried once')).toBe(1);
  });

  it('refuses the same key with another body (422), and changes nothing', async () => {
    expect((await create(provider, draft('Keyed A'), 'key-reused')).statusCode).toBe(201);
    const other = await create(provider, draft('Keyed B'), 'key-reused');
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ statusCode: 422, errorCode: 'IDEMPOTENCY_KEY_REUSED' });
    expect(other.json().description).toMatch(/already used for a different request/);
    expect(await titled('Keyed B')).toBe(0);
  });

  it('keeps keys per caller: another provider with the same key gets its own record', async () => {
    const mine = await create(provider, draft('Same key, two callers'), 'key-shared');
    const theirs = await create(otherProvider, draft('Same key, two callers'), 'key-shared');
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().data.id).not.toBe(mine.json().data.id);
    expect(await titled('Same key, two callers')).toBe(2);
  });

  it('does the work once when two requests with one key arrive together: the other replays it or gets 409', async () => {
    const answers = await Promise.all([1, 2, 3].map(() => create(provider, draft('Raced'), 'key-raced')));
    expect(await titled('Raced')).toBe(1);
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    expect(answers.filter((answer) => answer.statusCode === 201 && answer.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    const late = await create(provider, draft('Raced'), 'key-raced');
    expect(late.headers['idempotent-replayed']).toBe('true');
  });

  it('gives the key back when the request fails, so its corrected retry does the work', async () => {
    const refused = await create(provider, { ...draft('Fixed on retry'), award: 'lots' }, 'key-failed');
    expect(refused.statusCode).toBe(400);
    // The key holds nothing: a retry with the same key and another (corrected) body is a first request.
    const retried = await create(provider, draft('Fixed on retry'), 'key-failed');
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses a malformed key with 400 and a description; without the header nothing changes', async () => {
    for (const key of ['', 'x'.repeat(256), 'with space', 'é']) {
      const res = await create(provider, draft('Bad key'), key);
      expect([key.length, res.statusCode, res.json().errorCode]).toEqual([key.length, 400, 'INVALID_IDEMPOTENCY_KEY']);
    }
    expect(await titled('Bad key')).toBe(0);
    await create(provider, draft('No key'));
    await create(provider, draft('No key'));
    expect(await titled('No key')).toBe(2);
  });

  it('replays from another instance on the same database', async () => {
    const second = await startTestAppOn(t.sql.options.connectionString as string, { AUTH_RATE_LIMIT_PER_MINUTE: 1000 });
    try {
      const first = await create(provider, draft('Two replicas'), 'key-replicas');
      const again = await create(provider, draft('Two replicas'), 'key-replicas', second);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      expect(await titled('Two replicas')).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('answers a key again after a day as a new request', async () => {
    await create(provider, draft('A day later'), 'key-old');
    await t.sql.query(`UPDATE idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'key-old'`);
    const later = await create(provider, draft('A day later'), 'key-old');
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await titled('A day later')).toBe(2);
  });
});
