import { vi } from 'vitest';
import { SUPPORT_MAIL_QUEUE } from '../src/support/support-mail.job.js';
import { accountClient } from './accounts-helpers.js';
import { eventually, jobsSettled, startTestApp, type TestApp } from './test-app.js';

/**
 * Request ids and secrets in the logs (docs/operations.md, "Traces and logs"), read from what an
 * in-process server writes: the access log (pino) and the application's lines (Nest, on stdout).
 */
describe('request ids and log safety', () => {
  let t: TestApp;
  let api: ReturnType<typeof accountClient>;
  let adminToken: string;
  const logged: string[] = [];

  beforeAll(async () => {
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      logged.push(String(chunk));
      return true;
    });
    // The most talkative level: a secret must not reach even a debug line.
    t = await startTestApp(
      { DEMO_DATA: 'true', LOG_LEVEL: 'trace', AUTH_RATE_LIMIT_PER_MINUTE: 10_000, CHAT_TURNS_PER_MINUTE: 1000 },
      { logStream: { write: (line: string) => void logged.push(line) } },
    );
    api = accountClient(t);
    adminToken = (await api.login('admin@demo.scholarmatch.test', 'DemoAdmin#2026', '10.70.0.1')).json().data.accessToken;
  });
  afterAll(async () => {
    await t?.close();
    vi.restoreAllMocks();
  });

  /** The access log's line for the request answered with this id. */
  const accessLine = (requestId: string) =>
    logged
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .find((line) => line.requestId === requestId && line.msg === 'request');

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  describe('request ids', () => {
    it('keeps a sane incoming X-Request-Id, returns it and writes it on the request line', async () => {
      const res = await get('/api/v1/health', { 'x-request-id': 'edge-7f3a.B_9' });
      expect(res.headers['x-request-id']).toBe('edge-7f3a.B_9');
      await eventually(async () => expect(accessLine('edge-7f3a.B_9')).toMatchObject({ statusCode: 200, url: '/api/v1/health' }));
    });

    it('replaces an id that is too long, empty or carries other characters with a generated one', async () => {
      for (const sent of ['x'.repeat(129), '', 'two words', 'line\u2028break', 'a/b', '{"json":1}']) {
        const res = await get('/api/v1/health', { 'x-request-id': sent });
        const id = res.headers['x-request-id'] as string;
        expect([sent, id]).toEqual([sent, expect.stringMatching(/^[0-9a-f-]{36}$/)]);
        await eventually(async () => expect(accessLine(id)).toBeDefined());
      }
      const generated = await Promise.all([get('/api/v1/health'), get('/api/v1/health')]);
      const [a, b] = generated.map((res) => res.headers['x-request-id']);
      expect(a).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
      expect(a).not.toBe(b);
    });

    it('names the signed-in user on the request line, and passes the request id and user into the job it queues', async () => {
      const { id: userId, token } = await api.person();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/scholarships/add-support',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'x-request-id': 'support-req-1' },
        payload: JSON.stringify({ query: 'Essay', description: 'The essay assistant timed out.' }),
      });
      expect(res.statusCode).toBe(201);
      expect(res.headers['x-request-id']).toBe('support-req-1');
      await eventually(async () => expect(accessLine('support-req-1')).toMatchObject({ statusCode: 201, userId }));

      await jobsSettled(t.sql);
      // The job's own line (Nest's logger) carries the request that queued it.
      await eventually(async () =>
        expect(logged.some((line) => line.includes(`[request support-req-1 user ${userId}]`) && line.includes(`job ${SUPPORT_MAIL_QUEUE}`))).toBe(true),
      );
    });
  });

  describe('secrets', () => {
    it('never writes a password, token, API key, one-time code, chat id or card number to a log line', async () => {
      const secrets = new Map<string, string>();
      const keep = (what: string, value: string) => {
        expect(value.length).toBeGreaterThan(5);
        secrets.set(`${what}: ${value}`, value);
      };

      // Sign-up, a failed and a good login, a refresh.
      const { body, session } = await api.signUp({}, '10.70.1.1');
      keep('sign-up password', body.password as string);
      const wrong = 'Wrong#Passw0rd-71c2';
      keep('wrong password', wrong);
      expect((await api.login(body.email as string, wrong, '10.70.1.2')).json().errorCode).toBe('WRONG_PASSWORD');
      const login = (await api.login(body.email as string, body.password as string, '10.70.1.2')).json().data;
      keep('access token', login.accessToken);
      keep('refresh token', login.refreshToken);
      keep('first refresh token', session.refreshToken);
      const refreshed = await api.call('POST', '/users/auth/refresh', { body: { refreshToken: login.refreshToken } });
      expect(refreshed.statusCode).toBe(200);
      keep('rotated refresh token', refreshed.json().data.refreshToken);
      keep('rotated access token', refreshed.json().data.accessToken);
      // A refresh token used twice: refused, and still not logged.
      expect((await api.call('POST', '/users/auth/refresh', { body: { refreshToken: login.refreshToken } })).statusCode).toBe(401);

      // An API key: created, used, and a forged one refused.
      const provider = (await api.login('provider@demo.scholarmatch.test', 'DemoProvider#2026', '10.70.1.3')).json().data.accessToken;
      keep('provider password', 'DemoProvider#2026');
      const created = await api.call('POST', '/providers/api-keys', { token: provider, body: { name: 'Log check', scopes: ['read_own_scholarships'] } });
      expect(created.statusCode).toBe(201);
      const key = created.json().data.secret as string;
      keep('API key', key);
      expect((await api.call('GET', '/providers/scholarships', { token: key })).statusCode).toBe(200);
      const forged = `smk_live_${'Q'.repeat(43)}`;
      keep('forged API key', forged);
      expect((await api.call('GET', '/providers/scholarships', { token: forged })).statusCode).toBe(401);

      // A password reset by e-mailed code: a wrong code, then the right one and the new password.
      expect((await api.call('POST', '/register-applicants/forgot-password', { body: { email: body.email } })).statusCode).toBe(201);
      const outbox = await api.call('GET', `/admin/mail-outbox?to=${encodeURIComponent(body.email as string)}&limit=1`, { token: adminToken });
      const otp = /\b(\d{6})\b/.exec(outbox.json().data[0].text)![1];
      keep('one-time code', otp);
      const wrongOtp = otp === '918273' ? '918274' : '918273';
      keep('wrong one-time code', wrongOtp);
      expect((await api.call('POST', '/register-applicants/verify-otp', { body: { email: body.email, otp: wrongOtp } })).statusCode).toBeGreaterThanOrEqual(400);
      const newPassword = 'Fresh#Passphrase-5519';
      keep('new password', newPassword);
      expect((await api.call('POST', '/register-applicants/reset-password', { body: { email: body.email, otp, newPassword } })).statusCode).toBe(201);

      // A login chat: its id (in the address) and its token (a header) continue it; one answer is a password.
      const chatTurn = (body: Record<string, unknown>, chat?: { id: string; token: string }) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/login/chats${chat ? `?id=${chat.id}` : ''}`,
          remoteAddress: '10.70.1.4',
          headers: { 'content-type': 'application/json', ...(chat ? { 'x-chat-token': chat.token } : {}) },
          payload: JSON.stringify(body),
        });
      const first = await chatTurn({ answer_key: 'email', answer: body.email });
      expect(first.statusCode).toBe(201);
      const chat = { id: first.json().data._id as string, token: first.json().data.chatToken as string };
      keep('chat id', chat.id);
      keep('chat token', chat.token);
      const chatPassword = await chatTurn({ answer_key: 'password', answer: newPassword }, chat);
      expect(chatPassword.statusCode).toBe(201);
      const chatWrong = 'Chat#Wrong-Passw0rd-88';
      keep('wrong password in a chat', chatWrong);
      await chatTurn({ answer_key: 'password', answer: chatWrong }, chat);

      // A card in the sandbox checkout: declined, then paid.
      const fresh = (await api.signUp({}, '10.70.1.5')).session;
      const plans = (await api.call('GET', '/subscription-plans')).json().data as { id: string; productId: string }[];
      const checkout = await api.call('POST', '/user-payments/checkout', { body: { planId: plans[0].id }, token: fresh.accessToken });
      expect(checkout.statusCode).toBe(201);
      const { checkoutUrl } = checkout.json().data as { checkoutUrl: string };
      const pay = (card: Record<string, string>) =>
        t.app.inject({ method: 'POST', url: `${checkoutUrl}/pay`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(card).toString() });
      const declinedCard = '4000 0000 0000 0002';
      await pay({ number: declinedCard, expiry: '12 / 34', cvc: '737', postalCode: '10001' });
      expect((await pay({ number: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '737', postalCode: '10001' })).statusCode).toBe(303);
      for (const card of [declinedCard, '4242 4242 4242 4242']) {
        keep('card number', card);
        keep('card number without spaces', card.replace(/ /g, ''));
      }
      await jobsSettled(t.sql);

      // The flows were logged: the search below looks at lines that exist.
      expect(logged.filter((line) => line.includes('/users/auth/login')).length).toBeGreaterThan(1);
      expect(logged.some((line) => line.includes('/login/chats?id=[redacted]'))).toBe(true);
      expect(logged.some((line) => line.includes('/pay'))).toBe(true);
      const leaks = [...secrets].filter(([, value]) => logged.some((line) => line.includes(value))).map(([what]) => what);
      expect(leaks).toEqual([]);
    });
  });
});
