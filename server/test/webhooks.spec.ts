import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhook, verifyWebhook } from '@scholarmatch/sdk';
import { makeMember, publishedScholarship } from '@scholarmatch/testkit';
import { accountClient } from './accounts-helpers.js';
import { eventually, startTestApp, type TestApp } from './test-app.js';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A loopback receiver: records every request; `answer` decides each status by path. */
async function receiver(answer: (path: string) => number = () => 200) {
  const received: Received[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(answer(request.url ?? '')).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { received, base, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * Outbound webhooks (docs/webhooks.md): a provider registers a loopback endpoint, a student's
 * submission reaches it signed as the SDK verifies, the log redelivers it, a test event goes out,
 * private addresses are refused, a roll signs twice, failures are retried and then disable the
 * endpoint with an e-mail to its owner, and another organisation can neither see nor touch it.
 */
describe('outbound webhooks', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let provider: string;
  let admin: string;
  let scholarship: string;
  let hooks: Awaited<ReturnType<typeof receiver>>;

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, token = provider) => api.call(method, url, { token, body });
  const register = async (url: string, events = ['application.submitted']) => {
    const res = await call('POST', '/providers/webhooks', { url, events });
    expect([res.statusCode, res.body]).toEqual([201, expect.any(String)]);
    return res.json().data as { id: string; secret: string; secretLast4: string };
  };
  const submit = async () => {
    const student = await api.person();
    await makeMember(api.kit, admin, student.id);
    const res = await api.call('POST', '/scholarships/submit-individual-scholarship', { token: student.token, body: { scholarshipId: scholarship, status: 'Received', requirements: [] } });
    expect([res.statusCode, res.body]).toEqual([200, expect.stringContaining('"status":"Received"')]);
    return student;
  };
  const deliveriesOf = async (endpointId: string) => (await call('GET', `/providers/webhooks/${endpointId}/deliveries`)).json().data as {
    id: string; eventId: string; type: string; state: string; attempts: number; nextAttemptAt: string | null; attemptLog: { attempt: number; manual: boolean; responseStatus: number | null; error: string | null }[];
  }[];

  beforeAll(async () => {
    t = await startTestApp({ DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: 10_000, WEBHOOKS_ALLOW_LOOPBACK: true, WEBHOOK_RETRY_BASE_MS: 200, WEBHOOK_RETRY_WINDOW_SECONDS: 2 });
    api = accountClient(t);
    provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026')).json().data.accessToken;
    admin = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026')).json().data.accessToken;
    scholarship = await publishedScholarship(api.kit, provider, { title: 'Hooked scholarship' });
    hooks = await receiver((path) => (path.startsWith('/failing') ? 500 : 200));
  });
  afterAll(async () => {
    await hooks?.close();
    await t?.close();
  });

  it('delivers application.submitted signed as the SDK verifies; the log redelivers it and sends a test event', async () => {
    const endpoint = await register(`${hooks.base}/ok`);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const student = await submit();

    await eventually(async () => expect(hooks.received.filter((r) => r.path === '/ok')).toHaveLength(1));
    const [first] = hooks.received.filter((r) => r.path === '/ok');
    const { event } = verifyWebhook<{ id: string; type: string; data: { application: { applicantId: string; status: string }; scholarship: { id: string; title: string } } }>({
      payload: first.body,
      header: first.headers['scholarmatch-signature'] as string,
      secret: endpoint.secret,
    });
    expect(event).toMatchObject({ type: 'application.submitted', data: { application: { applicantId: student.id, status: 'Received' }, scholarship: { id: scholarship, title: 'Hooked scholarship' } } });
    expect(first.headers['scholarmatch-event-id']).toBe(event.id);
    // The server's header is the SDK's for the same input.
    const t0 = Number(/t=(\d+)/.exec(first.headers['scholarmatch-signature'] as string)![1]);
    expect(first.headers['scholarmatch-signature']).toBe(signWebhook({ payload: first.body, secret: endpoint.secret, timestamp: t0 }));

    // The log records the attempt when the receiver's answer is back, a moment after the receiver saw the request.
    let logged = {} as Awaited<ReturnType<typeof deliveriesOf>>[number];
    await eventually(async () => {
      [logged] = await deliveriesOf(endpoint.id);
      expect(logged).toMatchObject({ eventId: event.id, type: 'application.submitted', state: 'delivered', attempts: 1, attemptLog: [{ attempt: 1, responseStatus: 200, error: null }] });
    });

    const again = await call('POST', `/providers/webhooks/${endpoint.id}/deliveries/${logged.id}/redeliver`);
    expect(again.json()).toMatchObject({ statusCode: 201, data: { state: 'delivered', attempts: 2, attemptLog: [{ attempt: 2, manual: true, responseStatus: 200 }, { attempt: 1 }] } });
    const redelivered = hooks.received.filter((r) => r.path === '/ok')[1];
    expect(redelivered.body).toBe(first.body);
    expect(verifyWebhook({ payload: redelivered.body, header: redelivered.headers['scholarmatch-signature'] as string, secret: endpoint.secret }).event).toMatchObject({ id: event.id });

    const ping = await call('POST', `/providers/webhooks/${endpoint.id}/test`);
    expect(ping.json()).toMatchObject({ statusCode: 201, data: { type: 'ping', state: 'delivered', attemptLog: [{ responseStatus: 200 }] } });
    const pinged = hooks.received.filter((r) => r.path === '/ok')[2];
    expect(verifyWebhook({ payload: pinged.body, header: pinged.headers['scholarmatch-signature'] as string, secret: endpoint.secret }).event).toMatchObject({ type: 'ping' });
    await call('DELETE', `/providers/webhooks/${endpoint.id}`);
  });

  it('refuses private, link-local and non-https addresses, and addresses with credentials (400 under url)', async () => {
    for (const [url, words] of [
      ['http://10.0.0.1/hook', 'private'],
      ['http://169.254.169.254/latest/meta-data', 'link-local'],
      ['https://[fd00::1]/hook', 'unique-local'],
      ['https://[::ffff:10.1.2.3]/hook', 'private'],
      ['https://100.64.0.9/hook', 'carrier-grade NAT'],
      ['ftp://example.org/hook', 'https://'],
      ['https://user:pass@example.org/hook', 'user name'],
    ]) {
      const res = await call('POST', '/providers/webhooks', { url, events: ['application.submitted'] });
      expect([url, res.statusCode, res.json().errorCode]).toEqual([url, 400, 'WEBHOOK_URL_REFUSED']);
      expect(res.json().errors).toEqual([{ path: 'url', message: expect.stringContaining(words) }]);
    }
  });

  it('signs with the new and the old secret for a day after a roll; a replay of the roll rolls nothing and shows no secret', async () => {
    const endpoint = await register(`${hooks.base}/rolled`);
    const rolled = await api.call('POST', `/providers/webhooks/${endpoint.id}/roll-secret`, { token: provider, body: {} });
    const key = { 'idempotency-key': `roll-${endpoint.id}` };
    const first = await t.app.inject({ method: 'POST', url: `/api/v1/providers/webhooks/${endpoint.id}/roll-secret`, headers: { authorization: `Bearer ${provider}`, ...key } });
    const replay = await t.app.inject({ method: 'POST', url: `/api/v1/providers/webhooks/${endpoint.id}/roll-secret`, headers: { authorization: `Bearer ${provider}`, ...key } });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.secret).toBeUndefined();
    expect(replay.json().data.secretLast4).toBe(first.json().data.secretLast4);
    const newest = first.json().data.secret as string;
    const previous = rolled.json().data.secret as string;

    await call('POST', `/providers/webhooks/${endpoint.id}/test`);
    const [delivery] = hooks.received.filter((r) => r.path === '/rolled');
    const header = delivery.headers['scholarmatch-signature'] as string;
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifyWebhook({ payload: delivery.body, header, secret: newest }).event).toMatchObject({ type: 'ping' });
    expect(verifyWebhook({ payload: delivery.body, header, secret: previous }).event).toMatchObject({ type: 'ping' });
    expect(() => verifyWebhook({ payload: delivery.body, header, secret: endpoint.secret })).toThrow('No signature matches');
    await call('DELETE', `/providers/webhooks/${endpoint.id}`);
  });

  it('retries a failing delivery, then disables the endpoint and e-mails its owner once', async () => {
    const endpoint = await register(`${hooks.base}/failing`);
    await submit();
    await eventually(async () => {
      const [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery).toMatchObject({ state: 'pending', nextAttemptAt: expect.any(String), attemptLog: [{ attempt: 1, responseStatus: 500, error: 'The endpoint answered 500.' }] });
    });
    await eventually(async () => {
      const [listed] = (await call('GET', '/providers/webhooks')).json().data as { id: string; enabled: boolean; disabledReason: string }[];
      expect(listed).toMatchObject({ id: endpoint.id, enabled: false, disabledReason: expect.stringContaining('500') });
    }, 10_000);
    const [delivery] = await deliveriesOf(endpoint.id);
    expect(delivery.state).toBe('failed');
    expect(delivery.attempts).toBeGreaterThan(2);
    const mail = await api.call('GET', `/admin/mail-outbox?to=${encodeURIComponent('provider@demo.scholarmatch.test')}&limit=50`, { token: admin });
    const told = (mail.json().data as { subject: string; text: string }[]).filter((m) => m.subject === 'Your ScholarMatch webhook endpoint was disabled');
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain(`${hooks.base}/failing`);
    // A disabled endpoint gets no new events; enabling it clears the failures.
    const before = hooks.received.length;
    await submit();
    const enabled = await call('PATCH', `/providers/webhooks/${endpoint.id}`, { enabled: true });
    expect(enabled.json().data).toMatchObject({ enabled: true, consecutiveFailures: 0, disabledReason: null });
    expect(hooks.received.filter((r) => r.path === '/failing' && hooks.received.indexOf(r) >= before)).toHaveLength(0);
    await call('DELETE', `/providers/webhooks/${endpoint.id}`);
  });

  it('sends each cause its event: publish, submission, status move, complete points, winners (with their status changes), close', async () => {
    const all = ['application.submitted', 'application.status_changed', 'scholarship.published', 'scholarship.closed', 'review.completed', 'winner.selected'];
    const endpoint = await register(`${hooks.base}/all`, all);
    const own = await publishedScholarship(api.kit, provider, { title: 'Every event' });
    const student = await api.person();
    await makeMember(api.kit, admin, student.id);
    await api.call('POST', '/scholarships/submit-individual-scholarship', { token: student.token, body: { scholarshipId: own, status: 'Received', requirements: [] } });
    const application = (await t.sql.query(`SELECT id FROM applications WHERE user_id = $1 AND scholarship_id = $2`, [student.id, own])).rows[0].id as string;
    expect((await api.call('PUT', `/scholarships/${own}/applicants/${application}/status`, { token: provider, body: { status: 'Shortlisted' } })).statusCode).toBe(200);
    const rubric = await api.call('PUT', `/scholarship/${own}/rank-criteria`, { token: provider, body: { criteria: [{ answers: { criterionName: 'Essay', criterionWeight: 1, criterionMaxPoints: 10 } }] } });
    const [criterion] = rubric.json().data.criteria as { id: string }[];
    expect((await api.call('PUT', `/scholarship/${own}/applicants/${application}/points`, { token: provider, body: { answers: { [criterion.id]: 8 } } })).statusCode).toBe(200);
    expect((await api.call('POST', `/scholarships/${own}/winners`, { token: provider, body: { applicationIds: [application] } })).statusCode).toBeLessThan(300);
    expect((await api.call('POST', `/providers/scholarships/${own}/close`, { token: provider, body: {} })).statusCode).toBe(200);

    const events = () => hooks.received.filter((r) => r.path === '/all').map((r) => JSON.parse(r.body) as { type: string; data: { application?: { id: string; status?: string; previousStatus?: string }; scholarship: { id: string } } });
    // Two status changes: the move, and the winners' decision.
    const expected = ['scholarship.published', 'application.submitted', 'application.status_changed', 'review.completed', 'application.status_changed', 'winner.selected', 'scholarship.closed'];
    await eventually(async () => expect(events().map((e) => e.type).sort()).toEqual(expected.sort()));
    const byType = (type: string) => events().filter((e) => e.type === type);
    expect(byType('application.status_changed').map((e) => [e.data.application?.previousStatus, e.data.application?.status])).toEqual([['Received', 'Shortlisted'], ['Shortlisted', 'Winner']]);
    expect(byType('winner.selected')[0].data).toMatchObject({ application: { id: application, status: 'Winner' }, scholarship: { id: own } });
    expect(byType('review.completed')[0].data).toMatchObject({ application: { id: application }, review: { points: { [criterion.id]: 8 } } });
    expect(byType('scholarship.closed')[0].data.scholarship.id).toBe(own);
    await call('DELETE', `/providers/webhooks/${endpoint.id}`);
  });

  it("keeps an organisation's endpoints and log from another (404, unchanged)", async () => {
    const endpoint = await register(`${hooks.base}/mine`);
    const other = await api.otherProvider('hooks.other@example.com');
    expect((await call('GET', '/providers/webhooks', undefined, other)).json().data).toEqual([]);
    for (const [method, url, body] of [
      ['GET', `/providers/webhooks/${endpoint.id}/deliveries`],
      ['PATCH', `/providers/webhooks/${endpoint.id}`, { enabled: false }],
      ['POST', `/providers/webhooks/${endpoint.id}/roll-secret`],
      ['POST', `/providers/webhooks/${endpoint.id}/test`],
      ['DELETE', `/providers/webhooks/${endpoint.id}`],
    ] as const) {
      const res = await call(method, url, body, other);
      expect([method, url, res.statusCode, res.json().errorCode]).toEqual([method, url, 404, 'WEBHOOK_NOT_FOUND']);
    }
    const [mine] = (await call('GET', '/providers/webhooks')).json().data as { id: string; enabled: boolean; secretLast4: string }[];
    expect(mine).toMatchObject({ id: endpoint.id, enabled: true, secretLast4: endpoint.secretLast4 });
    expect(hooks.received.filter((r) => r.path === '/mine')).toHaveLength(0);
  });
});
