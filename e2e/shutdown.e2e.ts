import http from 'node:http';
import { startServer, type RunningServer } from './harness.js';

const LOGINS = 12;

/** A login sent on its own connection; `sent` settles once the whole request is on the wire. */
function login(baseUrl: string): { sent: Promise<void>; answer: Promise<{ status: number | string; at: number }> } {
  const body = JSON.stringify({ userName: 'student@demo.scholarmatch.test', password: 'DemoStudent#2026', loginType: 'register_user' });
  const request = http.request(`${baseUrl}/api/v1/users/auth/login`, {
    method: 'POST',
    agent: false,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const sent = new Promise<void>((resolve) => request.on('finish', () => resolve()));
  const answer = new Promise<{ status: number | string; at: number }>((resolve) => {
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, at: Date.now() }));
    });
    request.on('error', (error) => resolve({ status: `failed: ${error.message}`, at: Date.now() }));
  });
  request.end(body);
  return { sent, answer };
}

/**
 * SIGTERM lets the requests in flight finish before the server closes its database (graceful
 * shutdown, docs/operations.md): none is cut or answered with an error. Against the built server process.
 * (faults/graceful-shutdown.fault.ts does the same under sustained load, with writes counted.)
 */
describe('graceful shutdown', () => {
  let server: RunningServer;
  beforeAll(async () => {
    // Twelve logins of one account from one address at once: each is counted by the lock-out before
    // its password is checked (docs/security.md), so the limit is raised above them; this test is
    // about the shutdown, not the lock-out.
    server = await startServer({ env: { DEMO_DATA: 'true', AUTH_RATE_LIMIT_PER_MINUTE: '1000', LOGIN_MAX_FAILURES: '100' } });
  });

  it('answers every request in flight when SIGTERM arrives', async () => {
    // Logins take tens of milliseconds each (argon2id, four at a time): twelve take a few hundred.
    const logins = Array.from({ length: LOGINS }, () => login(server.baseUrl));
    // Every request fully sent, and a moment for the server to read them all: only then are they
    // "in flight" (a request arriving after the signal may rightly be refused).
    await Promise.all(logins.map((l) => l.sent));
    await new Promise((resolve) => setTimeout(resolve, 100));
    const signalledAt = Date.now();
    await server.stop();
    const answers = await Promise.all(logins.map((l) => l.answer));
    expect(answers.map((a) => a.status)).toEqual(Array(LOGINS).fill(201));
    // The test proves something only if some logins were still running at the signal.
    expect(answers.filter((a) => a.at > signalledAt).length).toBeGreaterThan(0);
  });
});
